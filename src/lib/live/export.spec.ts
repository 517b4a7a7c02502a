import { describe, expect, it } from 'vitest';
import { csvCell, recordsCsv } from '$lib/list/csv';
import { loadCatalog, readLocaleFrom } from '$lib/i18n/catalogs';
import { toCsv, toJsonLines } from './export.ts';
import type { TimelineEntry } from './timeline-entry.ts';

const entries: TimelineEntry[] = [
	{
		seq: 1,
		at: Date.UTC(2026, 0, 2, 3, 4, 5),
		channel: 'notification',
		kind: 'user-notification',
		said: { key: 'text', text: '=HYPERLINK("x"), "quoted"' },
		payload: { Title: '<img src=x onerror=alert(1)>', url: '/x?token=eyJabcdefgh.ijklmnop.qrs' }
	},
	{
		seq: 2,
		at: Date.UTC(2026, 0, 2, 3, 4, 6),
		channel: 'statechange',
		kind: 'gap',
		said: { key: 'text', text: '' },
		payload: null,
		gap: { from: Date.UTC(2026, 0, 2, 3, 4, 6), to: null, reason: 'the connection was lost' }
	}
];

describe('export', () => {
	it('writes one JSON object per line, gaps included, tokens masked', () => {
		const lines = toJsonLines(entries)
			.trim()
			.split('\n')
			.map((l) => JSON.parse(l));
		expect(lines).toHaveLength(2);
		expect(lines[0]).toMatchObject({ time: '2026-01-02T03:04:05.000Z', kind: 'user-notification' });
		expect(lines[0].payload.Title).toBe('<img src=x onerror=alert(1)>');
		expect(JSON.stringify(lines)).not.toContain('eyJabcdefgh');
		expect(lines[1].summary).toMatch(/statechange disconnected .* to now .*may be missing/);
	});

	it('masks fields named as credentials in a payload, nested or not text', () => {
		const named: TimelineEntry = {
			...entries[0]!,
			payload: { Data: { Token: 31337, credentials: { user: 'ann.studio' }, Name: 'plan.psd' } }
		};
		const line = toJsonLines([named]);
		expect(line).not.toMatch(/31337|ann.studio/);
		expect(line).toContain('plan.psd');
	});

	it('says each event in English, whatever the console speaks', async () => {
		await loadCatalog('de');
		readLocaleFrom(() => 'de');
		try {
			const state: TimelineEntry = {
				seq: 3,
				at: Date.UTC(2026, 0, 2, 3, 4, 7),
				channel: 'statechange',
				kind: 'state',
				said: { key: 'state', path: '/a.psd', storage: 'S3', state: 4 | 256 },
				payload: undefined,
				json: '{"Path":"/a.psd","StorageName":"S3","State":260}'
			};
			expect(JSON.parse(toJsonLines([state]))).toMatchObject({
				label: 'File state',
				summary: '/a.psd (S3): Uploading, error'
			});
			expect(toCsv([state]).split('\r\n')[1]).toBe(
				'2026-01-02T03:04:07.000Z,statechange,File state,"/a.psd (S3): Uploading, error","{""Path"":""/a.psd"",""StorageName"":""S3"",""State"":260}"'
			);
		} finally {
			readLocaleFrom();
		}
	});

	it('writes CSV a spreadsheet cannot run', () => {
		const csv = toCsv(entries);
		const [header, first] = csv.split('\r\n');
		expect(header).toBe('Time (UTC),Channel,Event,Summary,As sent');
		expect(first).toContain(`"'=HYPERLINK(""x""), ""quoted"""`);
		expect(csv).not.toContain('eyJabcdefgh');
		expect(csvCell('-1')).toBe("'-1");
		expect(csvCell('plain')).toBe('plain');
	});

	it('neutralises a formula after any separator a spreadsheet might split on', () => {
		for (const [value, expected] of [
			['a;=cmd|calc', `a;'=cmd|calc`],
			['a,=1+1', `"a,'=1+1"`],
			['a\t@SUM(1)', `a\t'@SUM(1)`],
			['x|+1', `x|'+1`],
			['2026-11-22 14:02', '2026-11-22 14:02']
		] as const) {
			expect(csvCell(value)).toBe(expected);
		}
	});
});

describe('records as CSV', () => {
	it('has a column per key, text kept as text, tokens masked', () => {
		const secret = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
		const csv = recordsCsv([
			{ id: 1, name: '=SUM(A1)', extra: null },
			{ id: 2, note: `token=${secret}`, list: [1, 2] }
		]);
		expect(csv.split('\r\n')[0]).toBe('id,name,extra,note,list');
		expect(csv).toContain("'=SUM(A1)");
		expect(csv).toContain('"[1,2]"');
		expect(csv).not.toContain('eyJhbGci');
	});

	it('masks a field named as a credential, whatever its value looks like', () => {
		const csv = recordsCsv([
			{ name: 'Scans', smbPassword: 'hunter2', credentials: { user: 'ann' }, pin: 1234 },
			{ name: 'Media', Key: 'Projects/plan.psd', secretAccessKey: 98765 }
		]);
		expect(csv).not.toMatch(/hunter2|ann|98765/);
		expect(csv).toContain('Projects/plan.psd');
		expect(csv).toContain('1234');
	});
});
