import { describe, expect, it } from 'vitest';
import {
	HEALTH_COUNTS,
	breakdownWords,
	filesByStateList,
	stateChoices,
	stateNumber,
	stateWords
} from './files-query.ts';

describe('file states', () => {
	it('reads state names as the reports write them into FileState numbers', () => {
		expect(stateNumber('Normal')).toBe(0);
		expect(stateNumber('Uploading')).toBe(4);
		expect(stateNumber('Uploading, Reading')).toBe(132);
		expect(stateNumber('downloading | reading')).toBe(130);
		expect(stateNumber('Rename-Deleting')).toBe(32);
		expect(stateNumber('256')).toBe(256);
		expect(stateNumber(8)).toBe(8);
		expect(stateNumber('Frozen')).toBeNull();
		expect(stateNumber('Uploading, Frozen')).toBeNull();
		expect(stateNumber(-1)).toBeNull();
	});

	it('says states in words, unknown names as sent', () => {
		expect(stateWords('Normal')).toBe('In sync');
		expect(stateWords('Uploading, Reading')).toBe('Uploading now');
		expect(stateWords(4)).toBe('Waiting to upload');
		expect(stateWords(256)).toBe('With errors');
		expect(stateWords(4 | 256)).toBe('Uploading, error');
		expect(stateWords(4096 | 4)).toBe('Uploading, unknown (4096)');
		expect(stateWords('Frozen')).toBe('Frozen');
		expect(stateWords(null)).toBe('Not given');
	});

	it("says the breakdown in the tiles' words, one word per state", () => {
		expect(breakdownWords('PendingUpload')).toBe('Waiting to upload');
		expect(breakdownWords('Uploading')).toBe('Uploading now');
		expect(breakdownWords('Normal')).toBe('In sync');
		expect(breakdownWords('Synced')).toBe('In sync');
		expect(breakdownWords('Frozen')).toBe('Frozen');
		const tiles = HEALTH_COUNTS.filter((c) => c.state !== null && c.state !== 0);
		for (const c of tiles) expect(stateWords(c.state!).toLowerCase()).toBe(c.label);
	});

	it('keeps the state filter and page in the query, as a number, 0 left out', () => {
		const q = filesByStateList.parse(new URLSearchParams('state=132&page=3'));
		expect(q).toMatchObject({ state: 132, page: 3, pageSize: 50 });
		expect(filesByStateList.href({ ...q, page: 1 })).toBe('?state=132');
		expect(filesByStateList.href({ state: 0 })).toBe('?');
		expect(filesByStateList.parse(new URLSearchParams('state=-4')).state).toBe(0);
		expect(filesByStateList.parse(new URLSearchParams('state=1.5')).state).toBe(0);
		expect(filesByStateList.parse(new URLSearchParams('state=abc')).state).toBe(0);
	});

	it('offers each state the agent counts once, and the state filtered by even when none', () => {
		const counts = [
			{ State: 'Uploading', Count: 2 },
			{ State: 4, Count: 3 },
			{ State: 'Normal', Count: 10 },
			{ State: 'Frozen', Count: 1 }
		];
		expect(stateChoices(counts, 256)).toEqual([
			{ value: 0, label: 'All files (16)', can: true },
			{ value: 4, label: 'Waiting to upload (5)', can: true },
			{ value: -3, label: 'In sync (10): listed only among all files', can: false },
			{ value: -4, label: 'Frozen (1): a state the console cannot ask for', can: false },
			{ value: 256, label: 'With errors (none now)', can: true }
		]);
		expect(stateChoices([], 0)).toEqual([{ value: 0, label: 'All files', can: true }]);
	});
});
