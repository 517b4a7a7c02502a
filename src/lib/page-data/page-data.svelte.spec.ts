import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AgentHttpError } from '$lib/api/errors';
import { toUserRows, type UsersAsked, type UsersAnswer } from '$lib/api/users';
import { usersList } from '$lib/users/users-query';
import { invalidate } from '$app/navigation';
import { DATA, PageData, readAgent, refresh, reread, type Settled } from './page-data.svelte.ts';
import { readUsers, type UsersResult } from '../users/users-list.ts';

vi.mock('$app/navigation', () => ({ invalidate: vi.fn(async () => undefined) }));

/** The page's address and the session, as the tests set them. */
const at = vi.hoisted(() => ({
	url: new URL('http://console.test/users'),
	owner: 'http://agent.test user:1' as string | null,
	ended: [] as (() => void)[],
	navigation: null as Promise<void> | null
}));
vi.mock('$app/state', () => ({
	page: {
		get url() {
			return at.url;
		}
	},
	navigating: {
		get complete() {
			return at.navigation;
		},
		get to() {
			return at.navigation ? { url: at.url } : null;
		}
	}
}));
vi.mock('$lib/state/session.svelte', () => ({
	session: {
		get timelineOwner() {
			return at.owner;
		},
		onEnd: (listener: () => void) => at.ended.push(listener)
	}
}));

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
function follow<T>(key: (typeof DATA)[keyof typeof DATA] = DATA.users, inputs?: () => unknown) {
	const data = new PageData<T>(() => new Promise(() => undefined), key, inputs);
	return { data, show: (next: Promise<Settled<T>>) => data.follow(next), stop: () => data.stop() };
}

/** A session ends: what the session's listeners do. */
const endSession = () => at.ended.forEach((listener) => listener());

beforeEach(() => {
	endSession();
	at.url = new URL('http://console.test/users');
	at.owner = 'http://agent.test user:1';
});

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

	it('shows nothing of one item on the next: followed to an unknown drive, it is not found', async () => {
		at.url = new URL('http://console.test/drives/a');
		const page = follow<string>(DATA.report);
		const found = readAgent(depends, DATA.report, async () => 'drive a');
		page.show(found);
		await found;
		expect(page.data.value).toBe('drive a');
		at.url = new URL('http://console.test/drives/unknown');
		const missing = readAgent(depends, DATA.report, async () => {
			throw new AgentHttpError(404, null);
		});
		page.show(missing);
		expect(page.data.value).toBeUndefined();
		expect(page.data.loaded).toBe(false);
		await missing;
		expect(page.data.loaded).toBe(false);
		expect(page.data.error?.message).toMatch(/404/);
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

describe('the last answer of a page opened again', () => {
	/** A page opened at `path` that reads `answer` once, as `+page.ts` and its component do. */
	async function open<T>(path: string, answer: T | Error, inputs?: () => unknown) {
		at.url = new URL(path, 'http://console.test');
		const page = follow<T>(DATA.users, inputs);
		const shown = { value: page.data.value, pending: page.data.pending };
		const read = readAgent(depends, DATA.users, async () => {
			if (answer instanceof Error) throw answer;
			return answer;
		});
		page.show(read);
		await read;
		return { shown, page };
	}

	it('shows the last answer of the same read at once, as pending, then the fresh one', async () => {
		const first = await open('/users', 'first');
		expect(first.shown.value).toBeUndefined();
		first.page.stop();
		at.url = new URL('http://console.test/users');
		const fresh = deferred<string>();
		const again = follow<string>();
		expect(again.data.value).toBe('first');
		expect(again.data.loaded).toBe(true);
		expect(again.data.pending).toBe(true);
		const read = readAgent(depends, DATA.users, () => fresh.promise);
		again.show(read);
		fresh.resolve('second');
		await read;
		expect(again.data.value).toBe('second');
		expect(again.data.pending).toBe(false);
		expect(follow<string>().data.value).toBe('second');
	});

	it('keeps answers apart by key, path and inputs, and the query by default', async () => {
		await open('/users?page=2', 'page 2');
		at.url = new URL('http://console.test/users?page=3');
		expect(follow<string>().data.value).toBeUndefined();
		at.url = new URL('http://console.test/history?page=2');
		expect(follow<string>().data.value).toBeUndefined();
		at.url = new URL('http://console.test/users?page=2');
		expect(follow<string>(DATA.seats).data.value).toBeUndefined();
		expect(follow<string>().data.value).toBe('page 2');
		// With inputs named, only they count: the open row in the URL reads nothing else.
		await open('/users?open=a', 'view 1', () => ({ page: 1 }));
		at.url = new URL('http://console.test/users?open=b');
		expect(follow<string>(DATA.users, () => ({ page: 1 })).data.value).toBe('view 1');
		expect(follow<string>(DATA.users, () => ({ page: 2 })).data.value).toBeUndefined();
	});

	it('keeps no error, and a failed fresh read leaves the kept answer beside its error', async () => {
		await open('/users', new AgentHttpError(500, null));
		expect(follow<string>().data.loaded).toBe(false);
		await open('/users', 'good');
		const failed = await open('/users', new AgentHttpError(500, null));
		expect(failed.shown.value).toBe('good');
		expect(failed.page.data.error?.message).toMatch(/500/);
		expect(failed.page.data.value).toBe('good');
		expect(follow<string>().data.value).toBe('good');
	});

	it('never lets an answer of an earlier read replace a later one', async () => {
		const older = deferred<string>();
		const newer = deferred<string>();
		// Two pages of the same read at once: the one going away answers last.
		const leaving = follow<string>();
		const opening = follow<string>();
		const first = readAgent(depends, DATA.users, () => older.promise);
		const second = readAgent(depends, DATA.users, () => newer.promise);
		leaving.show(first);
		opening.show(second);
		newer.resolve('newer');
		await second;
		older.resolve('older');
		await first;
		expect(follow<string>().data.value).toBe('newer');
	});

	it('is per agent and user, and forgets everything when the session ends', async () => {
		await open('/users', 'of user 1');
		at.owner = 'http://agent.test user:2';
		expect(follow<string>().data.value).toBeUndefined();
		at.owner = 'http://agent.test user:1';
		expect(follow<string>().data.value).toBeUndefined();
		await open('/users', 'of user 1');
		at.owner = 'http://other-agent.test user:1';
		expect(follow<string>().data.value).toBeUndefined();
		at.owner = 'http://agent.test user:1';
		await open('/users', 'of user 1');
		endSession();
		expect(follow<string>().data.value).toBeUndefined();
		// Signed out, nothing is kept.
		at.owner = null;
		await open('/users', 'nobody');
		expect(follow<string>().data.value).toBeUndefined();
	});

	it('does not keep what a read of the last user answers for the next one', async () => {
		const late = deferred<string>();
		const page = follow<string>();
		const read = readAgent(depends, DATA.users, () => late.promise);
		page.show(read);
		at.owner = 'http://agent.test user:2';
		expect(follow<string>().data.value).toBeUndefined();
		late.resolve('of user 1');
		await read;
		expect(follow<string>().data.value).toBeUndefined();
	});
});

describe('refresh', () => {
	beforeEach(() => {
		vi.mocked(invalidate).mockClear();
		at.navigation = null;
	});

	it('reads again at once when no navigation is under way', async () => {
		await refresh(DATA.report);
		expect(invalidate).toHaveBeenCalledTimes(1);
	});

	it('waits for a navigation under way, whose token an invalidation would take', async () => {
		let arrive!: () => void;
		at.navigation = new Promise<void>((resolve) => (arrive = resolve));
		const done = refresh(DATA.report);
		await Promise.resolve();
		await Promise.resolve();
		expect(invalidate).not.toHaveBeenCalled();
		const ended = at.navigation;
		at.navigation = null;
		arrive();
		await ended;
		await done;
		expect(invalidate).toHaveBeenCalledTimes(1);
	});

	it('does not wait again for a navigation that stays named once it has settled', async () => {
		at.navigation = Promise.resolve();
		await refresh(DATA.folder);
		expect(invalidate).toHaveBeenCalledTimes(1);
	});

	it('reads again after a navigation that failed or was cancelled, too', async () => {
		at.navigation = Promise.reject(new Error('navigation aborted'));
		const failed = at.navigation;
		failed.catch(() => undefined);
		const done = refresh(DATA.folder);
		at.navigation = null;
		await done;
		expect(invalidate).toHaveBeenCalledTimes(1);
	});

	it('skips a timed re-read while a navigation is under way: the page goes or reads anew', async () => {
		at.navigation = new Promise<void>(() => undefined);
		await reread(DATA.report);
		expect(invalidate).not.toHaveBeenCalled();
		at.navigation = null;
		await reread(DATA.report);
		expect(invalidate).toHaveBeenCalledTimes(1);
	});
});
