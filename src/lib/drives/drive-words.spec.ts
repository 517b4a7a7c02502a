import { describe, expect, it } from 'vitest';
import type { DriveOrBackup } from '$lib/api/drives';
import { AgentHttpError } from '$lib/api/errors';
import {
	healthMissing,
	listedWords,
	localPlace,
	matchesText,
	pendingCounts,
	driveOrBackupStatus,
	driveOrBackupRows
} from './drive-words.ts';

const item = (
	drive: Record<string, unknown>,
	kind: 'drive' | 'backup' = 'drive'
): DriveOrBackup => ({
	kind,
	drive: { id: 'x', ...drive },
	key: `${kind}:0`
});

describe('drive words', () => {
	it('names the drive letter once', () => {
		expect(localPlace(item({ driveName: 'G', localPath: 'G:\\' }))).toBe('G:\\');
		expect(localPlace(item({ driveName: 'G', localPath: 'C:\\cache' }))).toBe('G: C:\\cache');
		expect(localPlace(item({ localPath: 'D:\\Archive' }))).toBe('D:\\Archive');
	});

	it('adds waiting and moving files, and ignores odd counts', () => {
		expect(
			pendingCounts({
				FilesPendingUpload: 9,
				FilesUploading: 2,
				FilesDownloading: 1,
				FilesWithErrors: -4
			})
		).toEqual({ upload: 11, download: 1, errors: 0 });
	});

	it('gives a drive one status, in the tone of its health', () => {
		const row = driveOrBackupRows([item({ id: 'd1', name: 'Team', active: true })])[0]!;
		const read = (DriveStatus: string) => ({
			health: { DriveStatus },
			error: null,
			reading: false
		});
		expect(driveOrBackupStatus(row, read('Syncing'))).toEqual({ text: 'Syncing', tone: 'busy' });
		expect(driveOrBackupStatus(row, read('Error'))).toEqual({ text: 'Error', tone: 'bad' });
		expect(driveOrBackupStatus(row, read('Synced'))).toEqual({ text: 'Synced', tone: 'good' });
		expect(driveOrBackupStatus(row, read('Paused'))).toEqual({ text: 'Paused', tone: 'neutral' });
		expect(driveOrBackupStatus(row, { health: null, error: null, reading: true }).text).toBe(
			'Reading…'
		);
		expect(
			driveOrBackupStatus({ ...row, drive: { ...row.drive, active: false } }, undefined)
		).toEqual({
			text: 'Inactive',
			tone: 'neutral'
		});
		// Never "Active" in green beside a health that says otherwise.
		expect(driveOrBackupStatus(row, undefined).tone).not.toBe('good');
	});

	it('links each item, and says why an odd id or a repeated one has no link', () => {
		const rows = driveOrBackupRows([
			{ ...item({ id: 'a b?c#d' }), key: 'drive:0' },
			{ ...item({ id: '' }), key: 'drive:1' },
			{ ...item({ id: '/lead' }), key: 'drive:2' },
			{ ...item({ id: 'twin' }), key: 'drive:3' },
			{ ...item({ id: 'TWIN' }), key: 'drive:4' },
			{ ...item({ id: 'twin' }, 'backup'), key: 'backup:0' }
		]);
		expect(rows.map((r) => [r.key, r.href, r.why])).toEqual([
			['drive:0', '/drives/a%20b%3Fc%23d', null],
			['drive:1', null, 'the agent sent it without an id'],
			['drive:2', null, 'its id holds a slash'],
			['drive:3', '/drives/twin', null],
			['drive:4', null, 'another drive has the same id, and its page would show that one'],
			['backup:0', '/backups/twin', null]
		]);
		expect(healthMissing(rows[1]!, undefined)).toBe('Health not read: it has no page of its own.');
		expect(
			healthMissing(rows[0]!, {
				health: null,
				error: new AgentHttpError(404, null),
				reading: false
			})
		).toMatch(/^Health not known: /);
		expect(healthMissing(rows[0]!, { health: {}, error: null, reading: true })).toBeNull();
		expect(healthMissing(rows[0]!, { health: null, error: null, reading: true })).toBe(
			'Reading the health…'
		);
		expect(healthMissing(rows[0]!, undefined)).toBe('Health not read yet.');
	});

	it('finds a search text in the name, place, bucket or id, ignoring case', () => {
		const team = item({ id: 'ab12', name: 'Team Drive', localPath: 'G:\\', storageName: 'studio' });
		for (const q of ['team', 'G:\\', 'STUDIO', 'b1', '  drive ', ''])
			expect(matchesText(team, q), q).toBe(true);
		expect(matchesText(team, 'archive')).toBe(false);
		expect(matchesText(item({ id: 'x' }), 'unnamed')).toBe(false);
	});

	it('says how much of a long list is shown, and what the search found', () => {
		expect(listedWords('drive', 4, 4, 4, '')).toBeNull();
		expect(listedWords('drive', 50, 5004, 5004, '')).toBe(
			'Showing the first 50 of 5,004 drives. Search by name to find the others.'
		);
		expect(listedWords('backup', 50, 120, 900, 'ws')).toBe(
			'Showing the first 50 of 120 backups that match “ws”.'
		);
		expect(listedWords('drive', 1, 1, 5004, ' team ')).toBe('1 of 5,004 drives matches “team”.');
		expect(listedWords('drive', 3, 3, 4, 'a')).toBe('3 of 4 drives match “a”.');
		expect(listedWords('backup', 0, 0, 1, 'zz')).toBe('None of the 1 backup matches “zz”.');
	});
});
