import { describe, expect, it, vi } from 'vitest';
import { AgentHttpError } from '$lib/api/errors';
import { toUserRows, type UsersAsked, type UsersAnswer } from '$lib/api/user';
import { usersList } from '$lib/users/users-query';
import { DATA, PageData, readAgent, type Settled } from './page-data.svelte.ts';
import { readUsers, type UsersResult } from '../users/users-list.ts';

vi.mock('$app/navigation', () => ({ invalidate: vi.fn(async () => undefined) }));

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
): UsersAnswer => ({
	rows: toUserRows(data),
	total,
	pageSize,
	extraRows: 0,
	oddTotal: null
});

const query = (search: string) => usersList.parse(new URLSearchParams(search));
const depends = () => undefined;

/** A page following its loads, as its component does; `show` is a new load's data. */
function follow<T>() {
	const data = new PageData<T>(() => new Promise(() => undefined), DATA.users);
	return { data, show: (next: Promise<Settled<T>>) => data.follow(next), stop: () => data.stop() };
}

describe('page data', () => {
	it('never lets a slow earlier answer overwrite a newer one, and aborts it', async () => {
		const calls: {
			query: UsersAsked;
			signal: AbortSignal;
			answer: ReturnType<typeof deferred<UsersAnswer>>;
		}[] = [];
		const load = (q: UsersAsked, { signal }: { signal: AbortSignal }) => {
			const answer = deferred<UsersAnswer>();
			calls.push({ query: q, signal, answer });
			return answer.promise;
		};
		const page = follow<UsersResult>();
		const first = readAgent(depends, DATA.users, (s) => readUsers(query('page=1'), s, load));
		const second = readAgent(depends, DATA.users, (s) => readUsers(query('page=2'), s, load));
		page.show(first);
		page.show(second);
		expect(calls[0]!.signal.aborted).toBe(true);
		calls[1]!.answer.resolve(answerOf([user('b')], 60));
		// Awaited here, a read settles after the page's own handler of it has run.
		await second;
		// The fetcher ignores the abort and answers late anyway.
		calls[0]!.answer.resolve(answerOf([user('a')], 60));
		await first;
		expect(page.data.value?.query.page).toBe(2);
		expect(page.data.value?.rows[0]?.user?.id).toBe('b');
		expect(page.data.pending).toBe(false);
		page.stop();
	});

	it('keeps the rows shown while the next page loads, and an error does not erase them', async () => {
		let fail = false;
		const load = async () => {
			if (fail) throw new AgentHttpError(500, null);
			return answerOf([user('a')], 1);
		};
		const read = (search: string) =>
			readAgent(depends, DATA.users, (signal) => readUsers(query(search), signal, load));
		const page = follow<UsersResult>();
		const shown = (next: ReturnType<typeof read>) => (page.show(next), next);
		await shown(read(''));
		expect(page.data.loaded).toBe(true);
		fail = true;
		const failing = shown(read('page=2'));
		expect(page.data.pending).toBe(true);
		expect(page.data.value?.rows).toHaveLength(1);
		await failing;
		expect(page.data.error?.message).toMatch(/500/);
		expect(page.data.value?.rows).toHaveLength(1);
		fail = false;
		await shown(read(''));
		expect(page.data.error).toBeNull();
		page.stop();
	});

	it('drops an answer that arrives after the page is gone', async () => {
		const answer = deferred<number>();
		const page = follow<number>();
		const read = readAgent(depends, DATA.update, () => answer.promise);
		page.show(read);
		page.stop();
		answer.resolve(1);
		await read;
		expect(page.data.loaded).toBe(false);
	});

	it('follows the same read once: a page whose data is passed again keeps waiting for it', async () => {
		const signals: AbortSignal[] = [];
		const answer = deferred<number>();
		const page = follow<number>();
		const read = readAgent(
			depends,
			DATA.update,
			(signal) => (signals.push(signal), answer.promise)
		);
		page.show(read);
		page.show(read);
		expect(signals[0]!.aborted).toBe(false);
		answer.resolve(4);
		await read;
		expect(page.data.value).toBe(4);
	});

	it('keeps unknown fields and rows it cannot read', async () => {
		const result = await readUsers(query(''), new AbortController().signal, async () =>
			answerOf([user('a', { department: 'Sales' }), { id: 7, username: null }], 2, 20)
		);
		const [known, odd] = result.rows;
		expect(known?.raw.department).toBe('Sales');
		expect(known?.user?.username).toBe('user-a');
		expect(odd?.user).toBeNull();
		expect(odd?.raw).toEqual({ id: 7, username: null });
		expect(result.pageSize).toBe(20);
	});

	it('passes on errors that do not come from the agent', async () => {
		await expect(
			readAgent(depends, DATA.profile, async () => {
				throw new TypeError('bug');
			})
		).rejects.toThrow('bug');
	});

	it('declares what it reads, and the agent address, so a refresh runs it again', () => {
		const declared: string[] = [];
		void readAgent(
			(...keys) => declared.push(...keys),
			DATA.profile,
			async () => 1
		);
		expect(declared).toEqual([DATA.agent, DATA.profile]);
	});
});
