import { describe, expect, it } from 'vitest';
import { AgentHttpError, AgentNetworkError } from '$lib/api/errors';
import {
	announcedEntry,
	consoleEntry,
	filtered,
	journalCsv,
	journalJsonLines,
	journalParams,
	kindOf,
	merged,
	parseJournalQuery,
	type JournalEntry
} from './journal';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzZWNyZXQtdXNlciJ9.c2lnbmF0dXJlLXNlY3JldA';

const call = (path: string, error: unknown = null, extra: object = {}) => ({
	method: 'PUT',
	path,
	at: 1_700_000_000_000,
	error,
	...extra
});

describe('consoleEntry', () => {
	it('names who, what, which item and that it was done', () => {
		const e = consoleEntry(call('/management/clouddrive/drive%201'), 'ada')!;
		expect(e).toMatchObject({
			source: 'console',
			who: 'ada',
			kind: 'drive',
			method: 'PUT',
			operation: '/management/clouddrive/drive 1',
			item: 'drive 1',
			outcome: 'done',
			reason: null
		});
	});

	it("keeps the agent's refusal in words, with its code", () => {
		const refusal = new AgentHttpError(499, 'ACCESS', { ACCESS: ['You may not pause the agent.'] });
		const e = consoleEntry(
			{ ...call('/management/command/4'), method: 'POST', error: refusal },
			'ada'
		)!;
		expect(e.kind).toBe('agent');
		expect(e.outcome).toBe('refused');
		expect(e.code).toBe('ACCESS');
		expect(e.reason).toContain('You may not pause the agent.');
	});

	it('tells a call that never reached an answer from a refusal', () => {
		const lost = new AgentNetworkError('unreachable', 'http://agent.test', 'http://console.test');
		expect(consoleEntry(call('/user/edit_user', lost), 'ada')!.outcome).toBe('failed');
	});

	it('names the item from the query or body, never from a secret field', () => {
		expect(
			consoleEntry(call('/user/delete_user', null, { query: { id: 'u-7' } }), null)!.item
		).toBe('u-7');
		const body = { password: 'hunter2', username: 'grace' };
		expect(consoleEntry(call('/user/insert_user', null, { body }), null)!.item).toBe('grace');
		expect(consoleEntry(call('/user/x', null, { body: { password: 'p' } }), null)!.item).toBeNull();
	});

	it('leaves signing in and out out, and keeps a profile change', () => {
		expect(consoleEntry(call('/authentication/logout'), 'ada')).toBeNull();
		expect(consoleEntry(call('/authentication/login'), null)).toBeNull();
		expect(consoleEntry(call('/authentication/update_user'), 'ada')!.kind).toBe('user');
	});

	it('masks a credential in every field', () => {
		const refusal = new AgentHttpError(499, 'TOKEN', { TOKEN: [`bad token ${JWT}`] });
		const e = consoleEntry(call(`/management/clouddrive/${JWT}?token=${JWT}`, refusal), JWT)!;
		expect(JSON.stringify(e)).not.toContain(JWT);
		expect(JSON.stringify(e)).not.toContain('c2lnbmF0dXJlLXNlY3JldA');
	});
});

describe('announcedEntry', () => {
	const data = (Origin: string | null) => ({
		Operation: 'clouddrive/d-1',
		EndpointAddress: '/management/clouddrive/d-1',
		HttpMethod: 'PUT',
		Origin
	});

	it("records another client's change, with the client the agent named", () => {
		expect(announcedEntry(data('agent-app'), 5)).toMatchObject({
			id: 'a:5:PUT:/management/clouddrive/d-1',
			source: 'other',
			who: 'agent-app',
			kind: 'drive',
			item: 'd-1',
			outcome: 'announced'
		});
		expect(announcedEntry(data(null), 5)?.who).toBeNull();
	});

	it("leaves the console's own out, and data that names no change", () => {
		expect(announcedEntry(data('agent-console'), 5)).toBeNull();
		expect(announcedEntry({ Origin: 'x' }, 5)).toBeNull();
		expect(announcedEntry('nonsense', 5)).toBeNull();
		expect(announcedEntry({ EndpointAddress: 7 }, 5)).toBeNull();
	});

	it('is the same entry in every tab that heard the frame', () => {
		expect(announcedEntry(data('x'), 9)!.id).toBe(announcedEntry(data('x'), 9)!.id);
	});
});

const entry = (n: number, over: Partial<JournalEntry> = {}): JournalEntry => ({
	id: `e${n}`,
	at: n,
	source: 'console',
	who: 'ada',
	kind: 'drive',
	method: 'PUT',
	operation: `/management/clouddrive/d${n}`,
	item: `d${n}`,
	outcome: 'done',
	reason: null,
	code: null,
	...over
});

describe('the journal', () => {
	it('adds each entry once, oldest first, and keeps the newest up to the cap', () => {
		const kept = merged([entry(1), entry(3)], [entry(2), entry(3), entry(4)], 3);
		expect(kept.map((e) => e.id)).toEqual(['e2', 'e3', 'e4']);
	});

	it('filters by kind, item and outcome, newest first', () => {
		const all = [
			entry(1),
			entry(2, { kind: 'share', item: 'Team' }),
			entry(3, { outcome: 'refused' }),
			entry(4, { source: 'other', outcome: 'announced' })
		];
		const none = parseJournalQuery(new URLSearchParams());
		expect(filtered(all, none).map((e) => e.id)).toEqual(['e4', 'e3', 'e2', 'e1']);
		expect(filtered(all, { ...none, kind: 'share' }).map((e) => e.id)).toEqual(['e2']);
		expect(filtered(all, { ...none, item: 'team' }).map((e) => e.id)).toEqual(['e2']);
		expect(filtered(all, { ...none, outcome: 'refused' }).map((e) => e.id)).toEqual(['e3']);
		expect(filtered(all, { ...none, source: 'other' }).map((e) => e.id)).toEqual(['e4']);
	});

	it('finds an item by the name it has now, as well as by its id', () => {
		const all = [entry(1), entry(2), entry(3, { item: null })];
		const nameOf = (e: JournalEntry) => (e.item === 'd1' ? 'Design assets' : undefined);
		const by = (item: string) =>
			filtered(all, { ...parseJournalQuery(new URLSearchParams()), item }, nameOf).map((e) => e.id);
		expect(by('DESIGN')).toEqual(['e1']);
		expect(by('d2')).toEqual(['e2']);
		expect(by('nothing')).toEqual([]);
	});

	it('reads its filters from the address and writes them back; nonsense is no filter', () => {
		const q = parseJournalQuery(new URLSearchParams('kind=share&item=Team&outcome=done&source=x'));
		expect(q).toEqual({ kind: 'share', item: 'Team', outcome: 'done', source: null });
		expect(journalParams(q)).toEqual({
			kind: 'share',
			item: 'Team',
			outcome: 'done',
			source: null
		});
		expect(parseJournalQuery(new URLSearchParams('kind=__proto__')).kind).toBeNull();
	});

	it('exports CSV and JSON lines with no credential, formulas kept as text', () => {
		const planted = entry(1, { item: `=HYPERLINK("x") ${JWT}`, reason: `token=${JWT}` });
		const nameOf = (e: JournalEntry) => (e.item === 'd2' ? `Design ${JWT}` : undefined);
		const csv = journalCsv([planted, entry(2)], nameOf);
		const lines = journalJsonLines([planted, entry(2)], nameOf);
		expect(csv).not.toContain(JWT);
		expect(lines).not.toContain(JWT);
		expect(csv.split('\r\n')[0]).toBe(
			'Time (UTC),Source,Who,Kind,Method,Operation,Item,Item name,Outcome,Reason,Code'
		);
		expect(csv).toContain(`"'=HYPERLINK`);
		expect(csv.split('\r\n')[2]).toContain(',d2,Design ');
		expect(lines.split('\n').map((l) => (l ? JSON.parse(l).itemName : undefined))).toEqual([
			null,
			expect.stringMatching(/^Design /),
			undefined
		]);
		expect(
			lines
				.trim()
				.split('\n')
				.map((l) => JSON.parse(l).item)
		).toHaveLength(2);
	});

	it('sorts an address into its kind', () => {
		expect(kindOf('/management/smbclient/s1')).toBe('share');
		expect(kindOf('/management/cloudbackup/b')).toBe('backup');
		expect(kindOf('/transferhistory/delete')).toBe('history');
		expect(kindOf('/somewhere')).toBe('other');
	});
});
