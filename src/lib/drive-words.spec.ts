import { describe, expect, it } from 'vitest';
import type { StorageItem } from '$lib/api/drives';
import { localPlace, pendingCounts, statusWord } from './drive-words.ts';

const item = (
	drive: Record<string, unknown>,
	health: StorageItem['health'] = null
): StorageItem => ({
	kind: 'drive',
	drive: { id: 'x', ...drive },
	health,
	healthError: null
});

describe('drive words', () => {
	it('names the drive letter once', () => {
		expect(localPlace(item({ driveName: 'G', localPath: 'G:\\' }))).toBe('G:\\');
		expect(localPlace(item({ driveName: 'G', localPath: 'C:\\cache' }))).toBe('G: C:\\cache');
		expect(localPlace(item({ localPath: 'D:\\Archive' }))).toBe('D:\\Archive');
	});

	it('adds waiting and moving files, and ignores odd counts', () => {
		expect(
			pendingCounts(
				item(
					{},
					{ FilesPendingUpload: 9, FilesUploading: 2, FilesDownloading: 1, FilesWithErrors: -4 }
				)
			)
		).toEqual({ upload: 11, download: 1, errors: 0 });
		expect(statusWord(item({}, { DriveStatus: 'Syncing' }))).toBe('Syncing');
		expect(statusWord(item({}))).toBe('—');
	});
});
