import { describe, expect, it } from 'vitest';
import { AgentHttpError } from '$lib/api/errors';
import { toRows, type GetAllUsersQuery, type UsersAnswer } from '$lib/api/user';
import { parseUsersQuery } from '$lib/users-query';
import { UsersList } from './users-list.svelte.ts';

const user = (id: string, extra: Record<string, unknown> = {}) => ({
	id,
	firstname: 'Ann',
	lastname: 'Lee',
	username: `user-${id}`,
	email: `${id}@example.test`,
	userType: 16,
	status: 1,
	owner: false,
	mfa: true,
	createDate: '2025-01-02T03:04:05Z',
	...extra
});

function deferred<T>() {
	let resolve!: (value: T) => void;
	let reject!: (error: unknown) => void;
	const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
	return { promise, resolve, reject };
}

/** What getAllUsers answers for these rows. */
const answerOf = (
	data: Record<string, unknown>[],
	total: number,
	pageSize: number | null = null
) => ({
	rows: toRows(data),
	total,
	pageSize,
	extraRows: 0,
	oddTotal: null
});

const query = (search: string) => parseUsersQuery(new URLSearchParams(search));

describe('UsersList', () => {
	it('never lets a slow earlier answer overwrite a newer one', async () => {
		const calls: {
			query: GetAllUsersQuery;
			signal: AbortSignal;
			answer: ReturnType<typeof deferred<UsersAnswer>>;
		}[] = [];
		const list = new UsersList((q, { signal }) => {
			const answer = deferred<UsersAnswer>();
			calls.push({ query: q, signal, answer });
			return answer.promise;
		});
		const first = list.load(query('page=1'));
		const second = list.load(query('page=2'));
		expect(calls[0]!.signal.aborted).toBe(true);
		calls[1]!.answer.resolve(answerOf([user('b')], 60));
		await second;
		// The fetcher ignores the abort and answers late anyway.
		calls[0]!.answer.resolve(answerOf([user('a')], 60));
		await first;
		expect(list.result?.query.page).toBe(2);
		expect(list.result?.rows[0]?.user?.id).toBe('b');
		expect(list.loading).toBeNull();
	});

	it('keeps the rows shown while the next page loads, and an error does not erase them', async () => {
		let fail = false;
		const list = new UsersList(async () => {
			if (fail) throw new AgentHttpError(500, null);
			return answerOf([user('a')], 1);
		});
		await list.load(query(''));
		fail = true;
		const next = list.load(query('page=2'));
		expect(list.loading?.page).toBe(2);
		expect(list.result?.rows).toHaveLength(1);
		await next;
		expect(list.error?.message).toMatch(/500/);
		expect(list.result?.rows).toHaveLength(1);
		fail = false;
		await list.load(query(''));
		expect(list.error).toBeNull();
	});

	it('keeps unknown fields and rows it cannot read', async () => {
		const list = new UsersList(async () =>
			answerOf([user('a', { department: 'Sales' }), { id: 7, username: null }], 2, 20)
		);
		await list.load(query(''));
		const [known, odd] = list.result!.rows;
		expect(known?.raw.department).toBe('Sales');
		expect(known?.user?.username).toBe('user-a');
		expect(odd?.user).toBeNull();
		expect(odd?.raw).toEqual({ id: 7, username: null });
		expect(list.result?.pageSize).toBe(20);
	});

	it('passes on errors that do not come from the agent', async () => {
		const list = new UsersList(async () => {
			throw new TypeError('bug');
		});
		await expect(list.load(query(''))).rejects.toThrow('bug');
	});
});
