import { describe, expect, it } from 'vitest';
import { historyCsv } from './history-export';
import type { HistoryItem } from '$lib/api/schemas/history';

const failed = {
	id: 7,
	name: 'report.pdf',
	transferStatus: 16,
	direction: 1,
	origin: 1,
	startDate: '2026-11-25T10:00:00Z',
	endDate: '2026-11-25T10:00:30Z',
	totalSize: 2048,
	destinationBucket: 'team-bucket',
	destinationPath: 'docs/report.pdf',
	destinationCloudProvider: 1,
	errorMessage: 'The process cannot access the file',
	attempts: 3
};

const lines = (text: string) => text.trim().split('\r\n');

describe('historyCsv', () => {
	it('heads columns in words and says states in words, never as numbers', () => {
		const [head, row] = lines(
			historyCsv([{ raw: failed, value: failed as HistoryItem, key: '7' }])
		);
		expect(head).toMatch(/^Entry ID,Name,Status,Direction,Started by,From,To,Started \(UTC\)/);
		expect(head).not.toMatch(/transferStatus|startDate|totalSize/);
		expect(row).toContain(',Failed,');
		expect(row).not.toContain(',16,');
		expect(row).toContain('2026-11-25T10:00:00.000Z');
		expect(row).toContain(',30,');
		expect(row).toContain(',2048,');
	});

	it('masks a field it does not know that is named as a credential', () => {
		const row = { ...failed, smbPassword: 'hunter2', credentials: { pin: 4321 } };
		const csv = historyCsv([{ raw: row, value: row as HistoryItem, key: '7' }]);
		expect(csv).toContain('smbPassword (as sent)');
		expect(csv).not.toMatch(/hunter2|4321/);
	});

	it('keeps a field it does not know, and a row it cannot read, as sent', () => {
		const odd = { id: 'x', transferStatus: 'lost' };
		const [head, known, unread] = lines(
			historyCsv([
				{ raw: failed, value: failed as HistoryItem, key: '7' },
				{ raw: odd, value: null, key: 'x' }
			])
		);
		expect(head).toContain('attempts (as sent)');
		expect(head).toContain('transferStatus (as sent)');
		expect(known!.split(',')).toContain('3');
		expect(unread).toContain('lost');
	});
});
