import { describe, expect, it } from 'vitest';
import type { UsersAnswer, UsersAsked } from '../api/users.ts';
import type { ListUser } from '../api/schemas/users.ts';
import { MAX_NAME_SCAN, NAME_SCAN_PAGE, nameMatches, searchNames } from './name-search.ts';
import { readUsers } from './users-list.ts';
import { usersList } from './users-query.ts';

const user = (i: number, firstname: string, lastname = 'Lee'): ListUser => ({
	id: `u${i}`,
	firstname,
	lastname,
	username: `user${i}@example.com`,
	email: null,
	userType: 16,
	status: 1,
	createDate: null
});

/** An agent listing `users`, paged as asked, at most `cap` rows a page; it records each call. */
function agent(users: ListUser[], cap = Infinity) {
	const calls: UsersAsked[] = [];
	const load = async (q: UsersAsked): Promise<UsersAnswer> => {
		calls.push(q);
		const size = Math.min(q.pageSize, cap);
		const slice = users.slice((q.page - 1) * size, q.page * size);
		return {
			rows: slice.map((u) => ({ raw: { ...u }, user: u, key: u.id })),
			total: users.length,
			pageSize: size,
			extraRows: 0,
			oddTotal: null
		};
	};
	return { load, calls };
}

const signal = new AbortController().signal;
const base: UsersAsked = { page: 1, pageSize: 25, username: 'ann', userStatus: 1 };

describe('nameMatches', () => {
	it('finds every word in the first or last name, in any case and order', () => {
		expect(nameMatches(user(1, 'Annika', 'Berg'), 'ann')).toBe(true);
		expect(nameMatches(user(1, 'Annika', 'Berg'), 'berg ANN')).toBe(true);
		expect(nameMatches(user(1, 'Annika', 'Berg'), 'ann smith')).toBe(false);
		expect(nameMatches(user(1, 'Annika', 'Berg'), '   ')).toBe(false);
		expect(nameMatches({ ...user(1, ''), firstname: null, lastname: null }, 'a')).toBe(false);
	});
});

describe('searchNames', () => {
	it('reads the whole list in pages, without the username filter, keeping the other filters', async () => {
		const users = Array.from({ length: 250 }, (_, i) => user(i, i % 50 === 0 ? 'Ann' : 'Bo'));
		const { load, calls } = agent(users);
		const found = await searchNames(base, 'ann', load, signal);
		expect(found.rows.map((r) => r.key)).toEqual(['u0', 'u50', 'u100', 'u150', 'u200']);
		expect(found.scan).toEqual({ scanned: 250, total: 250 });
		expect(calls.map((c) => [c.page, c.pageSize, c.username, c.userStatus])).toEqual([
			[1, NAME_SCAN_PAGE, undefined, 1],
			[2, NAME_SCAN_PAGE, undefined, 1],
			[3, NAME_SCAN_PAGE, undefined, 1]
		]);
	});

	it('stops at its limit and says how much it read', async () => {
		const users = Array.from({ length: MAX_NAME_SCAN + 500 }, (_, i) => user(i, 'Bo'));
		const { load, calls } = agent(users);
		const found = await searchNames(base, 'ann', load, signal);
		expect(found.scan).toEqual({ scanned: MAX_NAME_SCAN, total: MAX_NAME_SCAN + 500 });
		expect(calls).toHaveLength(MAX_NAME_SCAN / NAME_SCAN_PAGE);
	});

	it('stops when the agent pages smaller than asked, rather than skip rows', async () => {
		const users = Array.from({ length: 300 }, (_, i) => user(i, 'Ann'));
		const { load } = agent(users, 50);
		const found = await searchNames(base, 'ann', load, signal);
		expect(found.scan).toEqual({ scanned: 50, total: 300 });
	});
});

describe('readUsers by name', () => {
	it('pages the matches in the console and says the scan', async () => {
		const users = Array.from({ length: 120 }, (_, i) => user(i, i < 30 ? 'Ann' : 'Bo'));
		const { load } = agent(users);
		const query = usersList.parse(new URLSearchParams('q=ann&by=1&page=2&pageSize=25'));
		const result = await readUsers(query, signal, load);
		expect(result.total).toBe(30);
		expect(result.rows.map((r) => r.key)).toEqual(['u25', 'u26', 'u27', 'u28', 'u29']);
		expect(result.nameScan).toEqual({ scanned: 120, total: 120 });
	});

	it('asks the agent for a username search as before', async () => {
		const { load, calls } = agent([user(1, 'Ann')]);
		const query = usersList.parse(new URLSearchParams('q=ann'));
		const result = await readUsers(query, signal, load);
		expect(calls[0]?.username).toBe('ann');
		expect(result.nameScan).toBeNull();
	});
});
