import { describe, expect, it } from 'vitest';
import type { DriveOrBackup } from '$lib/api/drives';
import type { HistoryItem } from '$lib/api/schemas/history';
import type { Problem } from '$lib/live/problems.svelte';
import { recentProblems, driveOrBackupOf } from './recent-problems.ts';

const NOW = Date.parse('2026-11-25T08:00:00Z');
const HOUR = 60 * 60_000;
const iso = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000).toISOString();

const item = (id: string, name: string, bucket: string, localPath: string): DriveOrBackup => ({
	kind: 'drive',
	drive: { id, name, storageName: bucket, localPath },
	key: `drive:${id}`
});
const items = [
	item('D1', 'Studio', 'studio-bucket', 'C:\\Studio'),
	item('D2', 'Archive', 'shared-bucket', 'D:\\Archive'),
	item('D3', 'Stills', 'shared-bucket', 'D:\\Stills')
];

const failedUpload = (id: number, minutesAgo: number, name: string, bucket: string, path = '') =>
	({
		id,
		transferStatus: 16,
		startDate: iso(minutesAgo + 1),
		endDate: iso(minutesAgo),
		name,
		destinationBucket: bucket,
		sourcePath: path,
		errorMessage: 'The storage refused the credentials.'
	}) satisfies HistoryItem;

const liveFailure = (seq: number, minutesAgo: number, name: string, storage: string): Problem => ({
	seq,
	at: NOW - minutesAgo * 60_000,
	severity: 'error',
	label: 'Transfer',
	summary: `Upload ${name}, failed`,
	transfer: { name, storage }
});

describe('recentProblems', () => {
	it('lists the history’s failures of the last hour, newest first, by the drive’s name', () => {
		const rows = recentProblems(
			[
				failedUpload(7, 5, 'a.mov', 'studio-bucket'),
				failedUpload(9, 2, 'b.mov', 'elsewhere'),
				failedUpload(3, 90, 'old.mov', 'studio-bucket')
			],
			[],
			items,
			NOW,
			HOUR
		);
		expect(rows.map((r) => r.key)).toEqual(['history:9', 'history:7']);
		expect(rows[1]).toMatchObject({
			drive: { name: 'Studio', filesHref: '/drives/D1?state=256#files' },
			bucket: null,
			href: '/history?status=error&entry=7'
		});
		expect(rows[1]!.summary).toBe('a.mov: upload failed. The storage refused the credentials.');
		// No drive uses that bucket: the bucket is said instead.
		expect(rows[0]).toMatchObject({ drive: null, bucket: 'elsewhere' });
	});

	it('shows a live failure the history holds once, and repeats of one live failure once', () => {
		const rows = recentProblems(
			[failedUpload(7, 5, 'a.mov', 'studio-bucket')],
			[
				liveFailure(41, 1, 'c.mov', 'studio-bucket'),
				liveFailure(40, 2, 'c.mov', 'studio-bucket'),
				liveFailure(30, 4, 'a.mov', 'studio-bucket'),
				liveFailure(20, 30, 'a.mov', 'studio-bucket')
			],
			items,
			NOW,
			HOUR
		);
		expect(rows.map((r) => r.key)).toEqual(['live:41', 'history:7', 'live:20']);
		expect(rows[0]).toMatchObject({
			drive: { name: 'Studio' },
			href: '/events?problems=1&open=41'
		});
	});

	it('keeps live warnings and errors that are not transfers', () => {
		const warning: Problem = {
			seq: 5,
			at: NOW - 60_000,
			severity: 'warning',
			label: 'Log',
			summary: 'Disk low'
		};
		expect(recentProblems([], [warning], items, NOW, HOUR)).toMatchObject([
			{ key: 'live:5', severity: 'warning', drive: null, bucket: null, count: 1 }
		]);
	});

	it('counts a warning the agent repeats in the same words as one row, at its last time', () => {
		const warning = (seq: number, at: number, summary = 'Storage almost full'): Problem => ({
			seq,
			at,
			severity: 'warning',
			label: 'User notification',
			summary
		});
		const rows = recentProblems(
			[],
			[warning(1, NOW - 90_000), warning(2, NOW - 60_000), warning(3, NOW - 30_000, 'Disk low')],
			items,
			NOW,
			HOUR
		);
		expect(rows).toMatchObject([
			{ summary: 'Disk low', count: 1 },
			{
				summary: 'Storage almost full',
				count: 2,
				at: NOW - 60_000,
				href: '/events?problems=1&open=2'
			}
		]);
	});
});

describe('driveOrBackupOf', () => {
	it('picks the drive whose folder holds the path where several share a bucket', () => {
		expect(driveOrBackupOf(items, 'shared-bucket', 'D:\\Stills\\x.jpg')?.drive.name).toBe('Stills');
		expect(driveOrBackupOf(items, 'shared-bucket', 'E:\\x.jpg')?.drive.name).toBe('Archive');
		expect(driveOrBackupOf(items, null)).toBeNull();
	});
});
