import { describe, expect, it } from 'vitest';
import { showingRange } from '../list/list-query.ts';
import { SEARCH_BY, usersAsked, usersList, wrapParts, type UsersQuery } from './users-query.ts';

const parse = (search: string, fallback?: number) =>
	usersList.parse(new URLSearchParams(search), fallback);

describe('the users list view', () => {
	it('reads every part of the view', () => {
		expect(
			parse('page=7&pageSize=100&q=%20ann%20&sort=email&order=desc&status=active,pending')
		).toEqual({
			page: 7,
			pageSize: 100,
			q: 'ann',
			sort: 'email',
			order: 'desc',
			status: 5,
			type: 0,
			by: 0
		});
	});

	it('falls back to defaults for hand-edited values instead of failing', () => {
		expect(parse('page=-3&pageSize=33&sort=password&order=up&status=deleted')).toEqual({
			page: 1,
			pageSize: 25,
			q: '',
			sort: 'created',
			order: 'desc',
			status: 0,
			type: 0,
			by: 0
		});
		expect(parse('page=2.5').page).toBe(1);
		expect(parse('page=abc').page).toBe(1);
		expect(parse('sort=toString').sort).toBe('created');
	});

	it('uses the remembered page size when the URL has none', () => {
		expect(parse('', 100).pageSize).toBe(100);
		expect(parse('pageSize=10', 100).pageSize).toBe(10);
	});

	it('sorts text A to Z and dates newest first unless told otherwise', () => {
		expect(parse('sort=username').order).toBe('asc');
		expect(parse('').order).toBe('desc');
	});

	it('treats all three statuses as no filter', () => {
		expect(parse('status=active,inactive,pending').status).toBe(0);
	});
});

describe('the users list URL', () => {
	it('leaves defaults out and round-trips the rest', () => {
		expect(
			usersList.searchParams({ page: 1, pageSize: 25, sort: 'created', order: 'desc' })
		).toEqual({
			q: null,
			status: null,
			by: null,
			type: null,
			sort: null,
			order: null,
			page: null,
			pageSize: null
		});
		const view: UsersQuery = {
			page: 7,
			pageSize: 10,
			q: 'user',
			sort: 'username',
			order: 'desc',
			status: 3,
			type: 32,
			by: 0
		};
		const params = new URLSearchParams(
			Object.entries(usersList.searchParams(view)).filter(
				(e): e is [string, string] => e[1] !== null
			)
		);
		expect(params.toString()).toBe(
			'q=user&status=active%2Cinactive&type=creative&sort=username&order=desc&page=7&pageSize=10'
		);
		expect(usersList.parse(params)).toEqual(view);
	});
});

describe('usersAsked', () => {
	it('speaks the agent parameters', () => {
		expect(
			usersAsked({
				page: 2,
				pageSize: 50,
				q: 'ann',
				sort: 'name',
				order: 'asc',
				status: 4,
				type: 16,
				by: 0
			})
		).toEqual({
			page: 2,
			pageSize: 50,
			sortField: 'FirstName',
			descending: false,
			userStatus: 4,
			userType: 16,
			username: 'ann'
		});
		const all = usersAsked({
			page: 1,
			pageSize: 25,
			q: '',
			sort: 'created',
			order: 'desc',
			status: 0,
			type: 0,
			by: 0
		});
		expect(all.userStatus).toBeUndefined();
		expect(all.userType).toBeUndefined();
		expect(all.username).toBeUndefined();
	});

	it('leaves the username filter out when the search is for a name', () => {
		const asked = usersAsked({ ...usersList.parse(new URLSearchParams('q=ann&by=1')) });
		expect(asked.username).toBeUndefined();
		expect(usersList.parse(new URLSearchParams('q=ann&by=1')).by).toBe(SEARCH_BY.Name);
	});
});

describe('showingRange', () => {
	it('counts from the page and the rows that came back', () => {
		expect(showingRange(2, 50, 50, 1234)).toEqual({ from: 51, to: 100, total: 1234 });
		expect(showingRange(25, 50, 34, 1234)).toEqual({ from: 1201, to: 1234, total: 1234 });
		expect(showingRange(30, 50, 0, 1234)).toBeNull();
	});
});

describe('wrapParts', () => {
	it('breaks after the @ and before each dot', () => {
		expect(wrapParts('ann.lee@mail.example.com')).toEqual([
			'ann',
			'.lee@',
			'mail',
			'.example',
			'.com'
		]);
		expect(wrapParts('plain')).toEqual(['plain']);
		expect(wrapParts('')).toEqual([]);
	});
});
