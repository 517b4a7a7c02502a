import { cacheMoveWords } from './cache-move.ts';
import { describe, expect, it } from 'vitest';
import { AgentHttpError } from '$lib/api/errors';
import type { Drive } from '$lib/api/schemas/drives';
import { DRIVE_CONFIG } from '$lib/contract';
import {
	INTERVAL_CHOICES,
	cacheBytes,
	cacheFromBytes,
	cacheWords,
	clearedWords,
	consequences,
	fromModel,
	intervalWords,
	newBackupForm,
	newDriveForm,
	nextFreeLetter,
	overlaps,
	removalWords,
	toBody,
	toCacheChange,
	toModel,
	type BackupForm,
	type CheckContext,
	type DriveForm
} from './drive-config.ts';
import {
	agentRefusal,
	changedSince,
	checks,
	fieldLabel,
	lockedFields,
	overrides,
	valueWords
} from './drive-fields.ts';
import { accountWords, knownAccounts } from './accounts.ts';

const teamDrive: Drive = {
	id: 'd-1',
	name: 'Team Drive',
	driveType: 1,
	driveName: 'G',
	localPath: 'G:\\',
	permanentLocalPath: 'C:\\Agent\\cache\\d-1',
	storageName: 'team-bucket',
	prefix: 'team/',
	syncType: 1,
	permissionType: 2,
	allowDelete: true,
	maximumCacheSize: 2 * 1024 ** 4,
	localCacheEncrypted: false,
	cloudObjectsEncrypted: true,
	account: { id: 'acc-1', cloudType: 1, region: 'eu' },
	transferOptions: { chunkSize: 5242880, retryCount: 5, concurrentChunks: 5, concurrentFiles: 5 },
	keepFileAfterUpload: true,
	futureField: 'kept'
};
const projects: Drive = {
	id: 'd-2',
	name: 'Projects',
	driveType: 2,
	driveName: '',
	localPath: 'D:\\Projects',
	permanentLocalPath: 'D:\\Cache\\Projects',
	account: { id: 'acc-2', cloudType: 2 }
};
const photos: Drive = {
	id: 'b-1',
	name: 'Photos',
	localPath: 'C:\\Users\\ana\\Pictures',
	syncIntervalSeconds: 300,
	storageName: 'photos',
	account: { id: 7 }
};
const context: CheckContext = {
	drives: [teamDrive, projects],
	backups: [photos],
	freeLetters: ['E', 'F', 'H']
};

function driveForm(over: Partial<DriveForm> = {}): DriveForm {
	return {
		...newDriveForm(['H', 'F']),
		name: 'Media',
		accountId: 'acc-1',
		cloudType: 1,
		bucket: 'media-bucket',
		...over
	};
}
function backupForm(over: Partial<BackupForm> = {}): BackupForm {
	return {
		...newBackupForm(),
		name: 'Music',
		localPath: 'C:\\Users\\ana\\Music',
		accountId: 'acc-1',
		bucket: 'music',
		...over
	};
}

describe('a new drive or backup', () => {
	it('starts a drive on the first free letter, streamed, read and write, with no cap', () => {
		expect(newDriveForm(['Z', 'f', 'H'])).toMatchObject({
			letter: 'F',
			driveType: 1,
			syncType: 1,
			permissionType: 2,
			cacheCapped: false,
			cacheFolder: ''
		});
		expect(newDriveForm().letter).toBe('');
		expect(newBackupForm().intervalSeconds).toBe(3600);
	});

	it('picks the next free letter in order, and none from nothing usable', () => {
		expect(nextFreeLetter(['M', 'G', 'K'])).toBe('G');
		expect(nextFreeLetter([' g '])).toBe('G');
		expect(nextFreeLetter(['A', 'B', '1'])).toBeNull();
		expect(nextFreeLetter([])).toBeNull();
	});
});

describe('units', () => {
	it('sends a cache cap in bytes, 0 for none, and reads bytes back in GB or TB', () => {
		expect(cacheBytes({ cacheCapped: true, cacheSize: 50, cacheUnit: 'GB' })).toBe(50 * 1024 ** 3);
		expect(cacheBytes({ cacheCapped: true, cacheSize: 1.5, cacheUnit: 'TB' })).toBe(
			1.5 * 1024 ** 4
		);
		expect(cacheBytes({ cacheCapped: false, cacheSize: 50, cacheUnit: 'GB' })).toBe(0);
		expect(cacheFromBytes(2 * 1024 ** 4)).toEqual({
			cacheCapped: true,
			cacheSize: 2,
			cacheUnit: 'TB'
		});
		expect(cacheFromBytes(1536 * 1024 ** 2)).toMatchObject({ cacheSize: 1.5, cacheUnit: 'GB' });
		expect(cacheFromBytes(0).cacheCapped).toBe(false);
		expect(cacheFromBytes(null).cacheCapped).toBe(false);
		expect(cacheFromBytes(Number.NaN).cacheCapped).toBe(false);
		expect(cacheWords(0)).toBe('No cap');
		expect(cacheWords(50 * 1024 ** 3)).toBe('50.0 GB');
		expect(cacheWords(undefined)).toBe('Not given');
	});

	it('says an interval in words, in the largest unit that divides it', () => {
		expect(intervalWords(60)).toBe('every minute');
		expect(intervalWords(300)).toBe('every 5 minutes');
		expect(intervalWords(3600)).toBe('every hour');
		expect(intervalWords(5400)).toBe('every 90 minutes');
		expect(intervalWords(2 * 86400)).toBe('every 2 days');
		expect(intervalWords(90)).toBe('every 90 seconds');
		expect(intervalWords(0)).toBe('Not given');
		expect(intervalWords(null)).toBe('Not given');
	});

	it('offers intervals within the contract bounds, in words', () => {
		expect(INTERVAL_CHOICES[0]).toEqual({ seconds: 60, label: 'every minute' });
		expect(INTERVAL_CHOICES.at(-1)).toEqual({ seconds: 7 * 86400, label: 'every 7 days' });
		for (const c of INTERVAL_CHOICES) {
			expect(c.seconds).toBeGreaterThanOrEqual(DRIVE_CONFIG.syncIntervalMin);
			expect(c.seconds).toBeLessThanOrEqual(DRIVE_CONFIG.syncIntervalMax);
		}
	});
});

describe('the body sent', () => {
	it('makes a virtual drive body with the letter, the agent choosing the cache', () => {
		expect(toBody(driveForm({ name: ' Media ', letter: 'h', prefix: ' a/ ' }))).toEqual({
			name: 'Media',
			storageName: 'media-bucket',
			prefix: 'a/',
			driveName: 'H',
			driveType: 1,
			syncType: 1,
			permissionType: 2,
			localCacheEncrypted: false,
			cloudObjectsEncrypted: false,
			allowDelete: false,
			maximumCacheSize: 0,
			permanentLocalPath: '$$$',
			account: { id: 'acc-1', cloudType: 1 }
		});
	});

	it('makes a synced folder body with its folder and cap, its cache being the folder', () => {
		const body = toBody(
			driveForm({
				driveType: 2,
				localPath: 'E:\\Media',
				cacheFolder: 'E:\\Cache',
				cacheCapped: true,
				cacheSize: 100,
				cloudType: null
			})
		);
		expect(body).toMatchObject({
			driveName: '',
			driveType: 2,
			localPath: 'E:\\Media',
			permanentLocalPath: '$$$',
			maximumCacheSize: 100 * 1024 ** 3,
			account: { id: 'acc-1' }
		});
		expect(body.account).not.toHaveProperty('cloudType');
	});

	it('makes a backup body with its interval in seconds', () => {
		expect(toBody(backupForm({ intervalSeconds: 300 }))).toEqual({
			name: 'Music',
			localPath: 'C:\\Users\\ana\\Music',
			prefix: '',
			storageName: 'music',
			syncIntervalSeconds: 300,
			localCacheEncrypted: false,
			cloudObjectsEncrypted: false,
			account: { id: 'acc-1' }
		});
	});

	it('sends the stored cache folder back on a change unless the form names another', () => {
		const { form } = fromModel(teamDrive, 'drive');
		expect(toModel({ ...form, cacheFolder: '' }, teamDrive).permanentLocalPath).toBe(
			'C:\\Agent\\cache\\d-1'
		);
		expect(toModel({ ...form, cacheFolder: 'E:\\New' }, teamDrive).permanentLocalPath).toBe(
			'E:\\New'
		);
		const synced = fromModel(projects, 'drive').form;
		expect(toModel(synced, projects).permanentLocalPath).toBe('D:\\Cache\\Projects');
	});

	it('changes the whole stored model, keeping what the form does not hold', () => {
		const { form } = fromModel(teamDrive, 'drive');
		const model = toModel({ ...form, letter: 'K', name: 'Renamed' }, teamDrive);
		expect(model).toMatchObject({
			id: 'd-1',
			name: 'Renamed',
			driveName: 'K',
			futureField: 'kept',
			keepFileAfterUpload: true,
			transferOptions: teamDrive.transferOptions,
			account: { id: 'acc-1', cloudType: 1, region: 'eu' }
		});
	});
});

describe('a cache move', () => {
	it('sends the new cache folder, cap in bytes and encryption', () => {
		const { form } = fromModel(teamDrive, 'drive');
		expect(
			toCacheChange({ ...form, cacheFolder: ' E:\\Cache ', cacheSize: 3, cacheUnit: 'TB' })
		).toEqual({
			permanentLocalPath: 'E:\\Cache',
			maximumCacheSize: 3 * 1024 ** 4,
			localCacheEncrypted: false
		});
		expect(toCacheChange({ ...form, cacheFolder: '', cacheCapped: false })).toMatchObject({
			permanentLocalPath: '$$$',
			maximumCacheSize: 0
		});
	});
});

describe('a stored model as a form', () => {
	it('reads a drive for a change, with its cap in TB and its cache folder', () => {
		const { form, cleared } = fromModel(teamDrive, 'drive');
		expect(form).toMatchObject({
			id: 'd-1',
			name: 'Team Drive',
			letter: 'G',
			localPath: '',
			accountId: 'acc-1',
			cloudType: 1,
			bucket: 'team-bucket',
			prefix: 'team/',
			allowDelete: true,
			cloudObjectsEncrypted: true,
			cacheFolder: 'C:\\Agent\\cache\\d-1',
			cacheCapped: true,
			cacheSize: 2,
			cacheUnit: 'TB'
		});
		expect(cleared).toEqual([]);
	});

	it('reads a sparse or odd model without failing', () => {
		const { form } = fromModel({ id: 'x', driveName: 'g:\\', permanentLocalPath: '$$$' }, 'drive');
		expect(form).toMatchObject({
			name: '',
			letter: 'G',
			driveType: 1,
			accountId: '',
			cloudType: null,
			cacheFolder: '',
			cacheCapped: false
		});
		expect(fromModel({ id: 'x', driveName: 'Team' }, 'drive').form.letter).toBe('');
		expect(fromModel(photos, 'backup').form).toMatchObject({
			accountId: '7',
			intervalSeconds: 300,
			localPath: 'C:\\Users\\ana\\Pictures'
		});
		expect(fromModel({ id: 'y' }, 'backup').form.intervalSeconds).toBe(3600);
	});

	it('duplicates without the id, name, letter and folders, and says so', () => {
		const drive = fromModel(teamDrive, 'drive', 'duplicate');
		expect(drive.form).toMatchObject({
			id: null,
			name: '',
			letter: '',
			cacheFolder: '',
			bucket: 'team-bucket'
		});
		expect(drive.cleared).toEqual(['name', 'drive letter', 'cache folder']);
		expect(clearedWords('drive', drive.cleared)).toBe(
			'The name, drive letter and cache folder are left empty: a new drive needs its own.'
		);
		const folder = fromModel(projects, 'drive', 'duplicate');
		expect(folder.form.localPath).toBe('');
		expect(folder.cleared).toEqual(['name', 'folder', 'cache folder']);
		const backup = fromModel(photos, 'backup', 'duplicate');
		expect(backup.form).toMatchObject({ id: null, name: '', localPath: '', intervalSeconds: 300 });
		expect(clearedWords('backup', backup.cleared)).toBe(
			'The name and folder are left empty: a new backup needs its own.'
		);
		expect(clearedWords('drive', [])).toBeNull();
		expect(clearedWords('drive', ['name'])).toBe(
			'The name is left empty: a new drive needs its own.'
		);
	});
});

describe('checks before sending', () => {
	it('passes a good drive and a good backup', () => {
		expect(checks(driveForm({ letter: 'F' }), context)).toEqual({});
		expect(checks(backupForm(), context)).toEqual({});
	});

	it('asks for every required field', () => {
		const errors = checks(
			{ ...newDriveForm(), letter: '', name: ' ', accountId: '', bucket: '' },
			context
		);
		expect(Object.keys(errors).sort()).toEqual(['account', 'driveName', 'name', 'storageName']);
		expect(checks(backupForm({ localPath: '' }), context).localPath).toEqual([
			'Choose the folder to back up.'
		]);
		expect(checks(driveForm({ driveType: 2, localPath: '' }), context).localPath).toEqual([
			'Choose the folder to sync.'
		]);
		expect(checks(driveForm({ driveType: 9 }), context).driveType).toHaveLength(1);
	});

	it("holds the contract's limits and shapes for the name, bucket and prefix", () => {
		const long = 'x'.repeat(DRIVE_CONFIG.nameMax + 1);
		expect(checks(driveForm({ letter: 'F', name: long }), context).name?.[0]).toContain(
			'at most 100'
		);
		expect(
			checks(driveForm({ letter: 'F', name: 'x'.repeat(DRIVE_CONFIG.nameMax) }), context)
		).toEqual({});
		for (const bad of ['Media', 'ab', '-media', 'media_bucket', 'x'.repeat(64)])
			expect(
				checks(driveForm({ letter: 'F', bucket: bad }), context).storageName,
				bad
			).toHaveLength(1);
		for (const bad of ['/a', 'a//b', '../a', 'a/./b', 'a b', 'ü'])
			expect(checks(driveForm({ letter: 'F', prefix: bad }), context).prefix, bad).toHaveLength(1);
		for (const good of ['', 'a', 'a/b/', 'team_2026/raw.files'])
			expect(
				checks(driveForm({ letter: 'F', prefix: good }), context).prefix,
				good
			).toBeUndefined();
		expect(
			checks(driveForm({ letter: 'F', prefix: 'a/'.repeat(101) }), context).prefix?.[0]
		).toContain('at most 200');
	});

	it('refuses a name any other drive or backup has, in any case', () => {
		expect(checks(driveForm({ letter: 'F', name: 'team drive' }), context).name).toEqual([
			'A drive named "Team Drive" exists already.'
		]);
		expect(checks(backupForm({ name: 'Team Drive' }), context).name).toEqual([
			'A drive named "Team Drive" exists already.'
		]);
		expect(checks(driveForm({ letter: 'F', name: 'PHOTOS' }), context).name).toEqual([
			'A backup named "Photos" exists already.'
		]);
		const { form } = fromModel(teamDrive, 'drive');
		expect(checks(form, context).name).toBeUndefined();
	});

	it('refuses a letter that is not free, naming the drive that has it', () => {
		expect(checks(driveForm({ letter: 'G' }), context).driveName).toEqual([
			'G: is the letter of the drive "Team Drive".'
		]);
		expect(checks(driveForm({ letter: 'K' }), context).driveName).toEqual([
			'K: is taken on this computer; choose a free letter.'
		]);
		expect(checks(driveForm({ letter: 'K' }), { ...context, freeLetters: null })).toEqual({});
		expect(checks(driveForm({ letter: 'B' }), context).driveName?.[0]).toContain('C to Z');
		expect(checks(driveForm({ letter: 'GH' }), context).driveName?.[0]).toContain('C to Z');
		// A drive keeps its own letter, though the agent does not list it as free.
		const { form } = fromModel(teamDrive, 'drive');
		expect(checks(form, context).driveName).toBeUndefined();
	});

	it('refuses an interval outside the bounds', () => {
		for (const s of [59, 7 * 86400 + 1, 90.5, Number.NaN])
			expect(
				checks(backupForm({ intervalSeconds: s }), context).syncIntervalSeconds,
				String(s)
			).toEqual(['Choose an interval from every minute to every 7 days.']);
	});

	it('refuses a cache cap under the minimum, and takes none', () => {
		expect(
			checks(
				driveForm({ letter: 'F', cacheCapped: true, cacheSize: 0.5, cacheUnit: 'GB' }),
				context
			).maximumCacheSize
		).toEqual(['A cache cap is at least 1.0 GB; or leave the cache without a cap.']);
		expect(
			checks(driveForm({ letter: 'F', cacheCapped: true, cacheSize: Number.NaN }), context)
				.maximumCacheSize
		).toHaveLength(1);
		expect(checks(driveForm({ letter: 'F', cacheCapped: true, cacheSize: 1 }), context)).toEqual(
			{}
		);
		expect(checks(driveForm({ letter: 'F', cacheCapped: false, cacheSize: 0 }), context)).toEqual(
			{}
		);
	});
});

describe('overlapping folders', () => {
	it('names the drive or backup whose folder is the same, holds or lies inside the chosen one', () => {
		expect(checks(backupForm({ localPath: 'c:/users/ana/pictures/' }), context).localPath).toEqual([
			'This is the folder of the backup "Photos" (C:\\Users\\ana\\Pictures).'
		]);
		expect(checks(backupForm({ localPath: 'D:\\Projects\\2026' }), context).localPath).toEqual([
			'This folder is inside the folder of the drive "Projects" (D:\\Projects).'
		]);
		expect(checks(backupForm({ localPath: 'C:\\Users' }), context).localPath).toEqual([
			'This folder holds the folder of the backup "Photos" (C:\\Users\\ana\\Pictures).'
		]);
		expect(checks(backupForm({ localPath: 'G:\\Team\\x' }), context).localPath).toEqual([
			'This folder is inside the folder of the drive "Team Drive" (G:\\).'
		]);
	});

	it('counts cache folders too, for a folder or a cache folder', () => {
		expect(checks(backupForm({ localPath: 'C:\\Agent' }), context).localPath).toEqual([
			'This folder holds the cache folder of the drive "Team Drive" (C:\\Agent\\cache\\d-1).'
		]);
		expect(
			checks(driveForm({ letter: 'F', cacheFolder: 'D:\\Cache\\Projects\\x' }), context)
				.permanentLocalPath
		).toEqual([
			'This folder is inside the cache folder of the drive "Projects" (D:\\Cache\\Projects).'
		]);
	});

	it("tells a folder from one whose name only starts the same, and one from another's own", () => {
		expect(checks(backupForm({ localPath: 'D:\\Projects2' }), context)).toEqual({});
		const { form } = fromModel(projects, 'drive');
		expect(checks(form, context)).toEqual({ storageName: ['Enter the bucket.'] });
		expect(overlaps('D:\\Projects', context, 'd-2')).toEqual([]);
		expect(overlaps('D:\\Projects', context)).toEqual([
			{
				kind: 'drive',
				name: 'Projects',
				which: 'folder',
				path: 'D:\\Projects',
				relation: 'same'
			}
		]);
		expect(overlaps(' ', context)).toEqual([]);
	});

	it("takes a virtual drive listed without its folder to be at its letter's root", () => {
		const bare: CheckContext = {
			drives: [{ id: 'v', name: 'Bare', driveType: 1, driveName: 'K' }],
			backups: []
		};
		expect(checks(backupForm({ localPath: 'k:\\Work' }), bare).localPath).toEqual([
			'This folder is inside the folder of the drive "Bare" (K:\\).'
		]);
		expect(
			overlaps('K:\\', { drives: [{ id: 'f', driveType: 2, driveName: 'K' }], backups: [] })
		).toEqual([]);
	});

	it('compares POSIX folders case by case', () => {
		const mac: CheckContext = {
			drives: [],
			backups: [{ id: 'b', name: 'Docs', localPath: '/Users/ana/Documents' }]
		};
		expect(checks(backupForm({ localPath: '/Users/ana/documents' }), mac)).toEqual({});
		expect(checks(backupForm({ localPath: '/Users/ana' }), mac).localPath).toHaveLength(1);
	});

	it("takes a synced folder's cache to be its folder: not the form's, said once", () => {
		const synced: Drive = { ...projects, permanentLocalPath: 'D:\\Projects' };
		const { form } = fromModel(synced, 'drive');
		expect(form.cacheFolder).toBe('');
		expect(
			checks({ ...form, bucket: 'projects' }, { ...context, drives: [teamDrive, synced] })
		).toEqual({});
		expect(
			checks(driveForm({ driveType: 2, localPath: 'E:\\Media', cacheFolder: 'G:\\x' }), context)
		).toEqual({});
		expect(overlaps('D:\\Projects\\a', { drives: [synced], backups: [] })).toEqual([
			{
				kind: 'drive',
				name: 'Projects',
				which: 'folder',
				path: 'D:\\Projects',
				relation: 'inside'
			}
		]);
	});

	it('names each drive once, by the nearest of its folders', () => {
		expect(overlaps('D:\\', context)).toEqual([
			{
				kind: 'drive',
				name: 'Projects',
				which: 'folder',
				path: 'D:\\Projects',
				relation: 'contains'
			}
		]);
		const nested: Drive = { ...teamDrive, permanentLocalPath: 'G:\\Cache' };
		expect(overlaps('G:\\Cache', { drives: [nested], backups: [] })).toEqual([
			{
				kind: 'drive',
				name: 'Team Drive',
				which: 'cache folder',
				path: 'G:\\Cache',
				relation: 'same'
			}
		]);
		expect(checks(backupForm({ localPath: 'D:\\' }), context).localPath).toEqual([
			'This folder holds the folder of the drive "Projects" (D:\\Projects).'
		]);
	});

	it('says so when the agent reports the folder in one of its drives', () => {
		expect(
			checks(backupForm({ localPath: 'X:\\Elsewhere' }), { ...context, folderInDrive: true })
				.localPath
		).toEqual(['The agent says this folder is inside one of its drives.']);
		expect(
			checks(backupForm({ localPath: 'X:\\Elsewhere' }), { ...context, folderInDrive: null })
		).toEqual({});
	});
});

describe('known cloud accounts', () => {
	it('gathers accounts from drives, backups and history rows, one per id, by name', () => {
		const rows = [
			{
				id: 1,
				sourceCloudAccountId: 'acc-1',
				sourceCloudAccountName: 'Studio S3',
				sourceCloudProvider: 1,
				destinationCloudAccountId: 'acc-9',
				destinationCloudAccountName: 'Archive',
				destinationCloudProvider: 2
			},
			{ id: 2, sourceCloudAccountId: 7, sourceCloudAccountName: 'Azure team' },
			{ id: 3, sourceCloudAccountId: { odd: true } },
			'junk',
			null
		];
		const withName: Drive = { ...projects, account: { id: 'acc-2', cloudType: 2, name: 'Wasabi' } };
		const accounts = knownAccounts([teamDrive, withName], [photos, { id: 'b-2' }], rows);
		expect(accounts).toEqual([
			{ id: 'acc-9', name: 'Archive', cloudType: 2, seenOn: ['history'] },
			{ id: '7', name: 'Azure team', cloudType: null, seenOn: ['backup "Photos"', 'history'] },
			{
				id: 'acc-1',
				name: 'Studio S3',
				cloudType: 1,
				seenOn: ['drive "Team Drive"', 'history']
			},
			{ id: 'acc-2', name: 'Wasabi', cloudType: 2, seenOn: ['drive "Projects"'] }
		]);
		expect(knownAccounts([], [])).toEqual([]);
	});

	it('says an account by name and provider, or by id', () => {
		expect(accountWords({ id: 'acc-1', name: 'Studio S3', cloudType: 1 })).toBe(
			'Studio S3 (Amazon S3)'
		);
		expect(accountWords({ id: 'acc-1', name: null, cloudType: null })).toBe('acc-1');
	});
});

describe('what the agent stored', () => {
	it('says the insert overrides with why, and what the agent chose', () => {
		const sent = toBody(driveForm({ letter: 'F' }));
		const stored: Drive = {
			...sent,
			id: 'd-3',
			localPath: 'F:\\',
			permanentLocalPath: 'C:\\Agent\\cache\\d-3',
			transferOptions: teamDrive.transferOptions,
			keepFileAfterUpload: true
		};
		expect(overrides(sent, stored)).toEqual([
			{
				field: 'permanentLocalPath',
				label: 'Cache folder',
				sent: 'Chosen by the agent',
				stored: 'C:\\Agent\\cache\\d-3',
				why: 'The agent chose the cache folder, as asked.'
			},
			{
				field: 'transferOptions',
				label: 'Transfer settings',
				sent: 'Not sent',
				stored: '5.0 MB chunks, 5 retries, 5 chunks at a time, 5 files at a time',
				why: 'The agent puts its standard transfer profile on every new drive and backup, whatever was sent.'
			},
			{
				field: 'keepFileAfterUpload',
				label: 'Keep files after upload',
				sent: 'Not sent',
				stored: 'Yes',
				why: 'The agent keeps files on this computer after they upload, on every new drive and backup.'
			}
		]);
	});

	it('says any other change as the agent’s own, and nothing when all is as sent', () => {
		const sent = toBody(backupForm());
		expect(overrides(sent, { ...sent, id: 'b' })).toEqual([]);
		const [change] = overrides(sent, { ...sent, id: 'b', syncIntervalSeconds: 600 });
		expect(change).toEqual({
			field: 'syncIntervalSeconds',
			label: 'Sync interval',
			sent: 'every hour',
			stored: 'every 10 minutes',
			why: 'The agent changed this on its own and did not say why.'
		});
		// A stored model without the field changes nothing: the agent may leave fields out.
		expect(overrides(sent, { id: 'b' })).toEqual([]);
	});
});

describe('changes made elsewhere', () => {
	it('lists the fields that differ, in words', () => {
		expect(changedSince(teamDrive, { ...teamDrive })).toEqual([]);
		const fresh: Drive = {
			...teamDrive,
			driveName: 'K',
			syncType: 2,
			maximumCacheSize: 0,
			transferOptions: { ...(teamDrive.transferOptions as object), retryCount: 9 },
			newThing: 1
		};
		expect(changedSince(teamDrive, fresh)).toEqual([
			{ field: 'driveName', label: 'Drive letter', was: 'G', now: 'K' },
			{
				field: 'syncType',
				label: 'Sync type',
				was: 'Stream (kept in the cloud, fetched on demand)',
				now: 'Mirror (everything kept on this computer)'
			},
			{ field: 'maximumCacheSize', label: 'Cache size cap', was: '2.0 TB', now: 'No cap' },
			{
				field: 'transferOptions',
				label: 'Transfer settings',
				was: '5.0 MB chunks, 5 retries, 5 chunks at a time, 5 files at a time',
				now: '5.0 MB chunks, 9 retries, 5 chunks at a time, 5 files at a time'
			},
			{ field: 'newThing', label: 'newThing (as sent)', was: 'Not given', now: '1' }
		]);
	});

	it('ignores the order of keys, and says odd values as sent', () => {
		const reordered: Drive = {
			...teamDrive,
			account: { region: 'eu', cloudType: 1, id: 'acc-1' }
		};
		expect(changedSince(teamDrive, reordered)).toEqual([]);
		expect(
			changedSince({ id: 'a', account: { id: 'x' } }, { id: 'a', account: { id: 'y' } })
		).toEqual([{ field: 'account', label: 'Cloud account', was: 'x', now: 'y' }]);
		expect(valueWords('transferOptions', 'odd')).toBe('"odd"');
		expect(valueWords('permissionType', 7)).toBe('Unknown (7)');
		expect(valueWords('objectsPerFolder', 1000)).toBe('1,000');
		expect(valueWords('account', { name: 'no id' })).toBe('{"name":"no id"}');
		expect(fieldLabel('prefix')).toBe('Prefix');
	});
});

describe('what cannot change, and removal', () => {
	it('locks encryption of the cloud copy, with the reason and the way there', () => {
		for (const kind of ['drive', 'backup'] as const) {
			const cloud = lockedFields(kind).find((l) => l.field === 'cloudObjectsEncrypted');
			expect(cloud?.way).toBe(`Add a new ${kind} with it, then remove this one.`);
		}
	});

	it("locks a virtual drive's cache to the cache move, and lets its letter change", () => {
		const fields = (kind: 'drive' | 'backup', type?: number) =>
			lockedFields(kind, type).map((l) => [l.field, l.way]);
		// In the form's order, as the field table lists them.
		expect(fields('drive', 1)).toEqual([
			['driveType', 'Add a new drive with it, then remove this one.'],
			['permanentLocalPath', 'Use "Move or resize the cache".'],
			['cloudObjectsEncrypted', 'Add a new drive with it, then remove this one.'],
			['localCacheEncrypted', 'Use "Move or resize the cache".']
		]);
		expect(fields('drive')).toEqual(fields('drive', 1));
		expect(fields('drive', 2)).toEqual([
			['driveType', 'Add a new drive with it, then remove this one.'],
			['localPath', 'Add a new drive with it, then remove this one.'],
			['cloudObjectsEncrypted', 'Add a new drive with it, then remove this one.'],
			['localCacheEncrypted', 'Add a new drive with it, then remove this one.']
		]);
		expect(fields('backup')).toEqual([
			['localPath', 'Add a new backup with it, then remove this one.'],
			['cloudObjectsEncrypted', 'Add a new backup with it, then remove this one.'],
			['localCacheEncrypted', 'Add a new backup with it, then remove this one.']
		]);
		expect(lockedFields('drive', 2).find((l) => l.field === 'localPath')?.reason).toBe(
			'A synced folder keeps the folder it was made for.'
		);
		expect(lockedFields('backup').find((l) => l.field === 'localCacheEncrypted')?.reason).toBe(
			'Encryption of the files kept on this computer is chosen once for a backup.'
		);
		for (const type of [1, 2])
			expect(lockedFields('drive', type).some((l) => l.field === 'driveName')).toBe(false);
	});

	it('asks for the name when files are still to upload, or their number is unknown', () => {
		expect(removalWords('drive', 'Team Drive', 3, 2 * 1024 ** 3, 'C:\\Agent\\cache\\d-1')).toEqual({
			sentences: [
				'The agent stops syncing "Team Drive" and forgets the drive. The files in the cloud stay.',
				'3 files not yet uploaded stay in the cache folder C:\\Agent\\cache\\d-1 on this computer; they are not uploaded once the drive is removed.',
				'The cache on this computer holds 2.0 GB.'
			],
			typeName: true
		});
		expect(removalWords('backup', 'Photos', 1, null, 'C:\\Users\\ana\\Pictures').sentences[1]).toBe(
			'1 file not yet uploaded stays in its own folder C:\\Users\\ana\\Pictures on this computer; it is not uploaded once the backup is removed.'
		);
		// The folder not read: where is said all the same.
		expect(removalWords('drive', 'X', 2).sentences[1]).toContain('stay in its cache folder on');
		expect(removalWords('backup', 'X', null).sentences[1]).toBe(
			'The console could not read how many files are still to upload. Any not yet uploaded stay in its own folder on this computer; they are not uploaded once the backup is removed.'
		);
		for (const words of [removalWords('drive', 'X', 5), removalWords('drive', 'X', null)])
			expect(words.sentences.join(' ')).not.toContain('lost');
		expect(removalWords('backup', 'Photos', 0)).toEqual({
			sentences: [
				'The agent stops syncing "Photos" and forgets the backup. The files in the cloud stay.',
				'Every file is in the cloud.'
			],
			typeName: false
		});
		expect(removalWords('drive', 'X', null).typeName).toBe(true);
		expect(removalWords('drive', 'X', Number.NaN).typeName).toBe(true);
	});
});

describe('what a choice means', () => {
	it('says the sync type, permission and deleting in the cloud in a sentence each', () => {
		const stream = consequences(driveForm({ syncType: 1, allowDelete: true }));
		expect(stream.syncType).toContain('fetched when opened');
		expect(stream.permissionType).toContain('uploaded to the cloud');
		expect(stream.allowDelete).toBe('A file deleted on this computer is deleted in the cloud too.');
		const mirror = consequences(driveForm({ syncType: 2, permissionType: 1 }));
		expect(mirror.syncType).toContain('Every file is kept on this computer');
		expect(mirror.permissionType).toContain('not changed');
		expect(mirror.allowDelete).toContain('read only');
		expect(consequences(driveForm({ allowDelete: false })).allowDelete).toBe(
			'A file deleted on this computer stays in the cloud.'
		);
		expect(consequences(driveForm({ syncType: 5 })).syncType).toBe('Unknown (5)');
	});

	it('says encryption is chosen once on a new item only', () => {
		expect(consequences(driveForm()).cloudObjectsEncrypted).toContain('Chosen once');
		expect(consequences(backupForm()).localCacheEncrypted).toContain('Chosen once');
		expect(consequences(driveForm()).localCacheEncrypted).toContain('while the cache moves');
		expect(consequences(driveForm({ driveType: 2 })).localCacheEncrypted).toBe(
			'Chosen once: the agent does not change it on a synced folder later.'
		);
		const { form } = fromModel(teamDrive, 'drive');
		expect(consequences(form).cloudObjectsEncrypted).toBeUndefined();
		expect(Object.keys(consequences(fromModel(photos, 'backup').form))).toEqual([]);
	});
});

describe('a cap that does not fit the units', () => {
	it('goes back to the byte when the form left it alone, and as the form says when changed', () => {
		const odd: Drive = { ...teamDrive, maximumCacheSize: 1234567890 };
		const { form } = fromModel(odd, 'drive');
		expect(form).toMatchObject({ cacheSize: 1.15, cacheUnit: 'GB' });
		expect(toModel({ ...form, name: 'Renamed' }, odd).maximumCacheSize).toBe(1234567890);
		expect(toModel({ ...form, cacheSize: 2 }, odd).maximumCacheSize).toBe(2 * 1024 ** 3);
		expect(toModel({ ...form, cacheCapped: false }, odd).maximumCacheSize).toBe(0);
	});

	it('keeps a cap it cannot read as sent, unless the form sets one', () => {
		const odd: Drive = { ...teamDrive, maximumCacheSize: '50 GB' };
		const { form } = fromModel(odd, 'drive');
		expect(form.cacheCapped).toBe(false);
		expect(toModel(form, odd).maximumCacheSize).toBe('50 GB');
		expect(toModel({ ...form, cacheCapped: true, cacheSize: 2 }, odd).maximumCacheSize).toBe(
			2 * 1024 ** 3
		);
		expect(toModel(form, { ...teamDrive, maximumCacheSize: undefined }).maximumCacheSize).toBe(0);
		expect(cacheWords('50 GB' as never)).toBe('Not given');
		expect(valueWords('maximumCacheSize', '50 GB')).toBe('50 GB');
	});

	it('reads an account id of an odd type as none', () => {
		expect(fromModel({ id: 'x', account: { id: { odd: 1 } } }, 'drive').form.accountId).toBe('');
		expect(fromModel({ id: 'x', account: { id: 42 } }, 'drive').form.accountId).toBe('42');
		expect(knownAccounts([{ id: 'x', account: { id: [1] } }], [])).toEqual([]);
	});
});

describe("the agent's refusals", () => {
	const refusal = (code: string | null, errors: Record<string, string[]>, status = 499) =>
		new AgentHttpError(status, code, errors);

	it('puts field errors beside the fields they name, in any spelling', () => {
		const error = refusal('VALIDATION', {
			DriveName: ['The letter is taken.'],
			'$.storageName': ['No such bucket.'],
			'Account.Id': ['Unknown account.'],
			'request.prefix': ['Bad prefix.'],
			colour: ['Odd field.']
		});
		expect(agentRefusal(error, driveForm())).toEqual({
			fieldErrors: {
				driveName: ['The letter is taken.'],
				storageName: ['No such bucket.'],
				account: ['Unknown account.'],
				prefix: ['Bad prefix.']
			},
			text: 'colour: Odd field.'
		});
	});

	it('leaves the name alone when a DUPLICATE names its field', () => {
		expect(
			agentRefusal(refusal('DUPLICATE', { driveName: ['G: is taken.'] }), driveForm())
		).toEqual({ fieldErrors: { driveName: ['G: is taken.'] }, text: null });
		expect(
			agentRefusal(refusal('STATUS', { STATUS: ['The cache is moving.'] }), driveForm())
		).toEqual({ fieldErrors: {}, text: 'The cache is moving.' });
		expect(
			agentRefusal(refusal('LOCKED', { localPath: ['Cannot change.'] }), backupForm())
		).toEqual({ fieldErrors: { localPath: ['Cannot change.'] }, text: null });
	});

	it('puts a DUPLICATE beside the name, and a SECURITY beside the folder sent', () => {
		expect(
			agentRefusal(
				refusal('DUPLICATE', { DUPLICATE: ['A drive with this name exists.'] }),
				driveForm()
			)
		).toEqual({ fieldErrors: { name: ['A drive with this name exists.'] }, text: null });
		expect(
			agentRefusal(refusal('SECURITY', { SECURITY: ['Path not allowed.'] }), backupForm())
		).toEqual({ fieldErrors: { localPath: ['Path not allowed.'] }, text: null });
		expect(
			agentRefusal(refusal('SECURITY', {}), driveForm({ cacheFolder: 'C:\\Windows' })).fieldErrors
		).toEqual({ permanentLocalPath: ['The agent refused this for security reasons.'] });
		expect(agentRefusal(refusal('SECURITY', { SECURITY: ['No.'] }), driveForm())).toEqual({
			fieldErrors: {},
			text: 'No.'
		});
	});

	it('says an answer with nothing to place as the error says it', () => {
		expect(agentRefusal(refusal(null, {}, 500), driveForm())).toEqual({
			fieldErrors: {},
			text: 'The agent hit an unexpected error (500). Try again; if it persists, restart the agent.'
		});
	});
});

describe('a cache move under way', () => {
	it('says the move with its numbers, or plainly without them', () => {
		expect(cacheMoveWords({ destination: 'E:\\Cache', percent: 40 })).toBe(
			'Moving to E:\\Cache: 40%'
		);
		expect(cacheMoveWords({ destination: null, percent: null })).toBe(
			'The agent is moving the cache.'
		);
		expect(
			changedSince(teamDrive, { ...teamDrive, cacheMove: { destination: 'E:\\C', percent: 20 } })
		).toEqual([
			{ field: 'cacheMove', label: 'Cache move', was: 'Not given', now: 'Moving to E:\\C: 20%' }
		]);
	});
});

describe('folders in other spellings, and folders not to take over', () => {
	it.each([
		'\\\\?\\C:\\Users\\ana\\Pictures',
		'C:\\Users\\ana\\Pictures.',
		'C:\\Users\\ana\\Pictures. ',
		'\\\\localhost\\C$\\Users\\ana\\Pictures',
		'\\\\127.0.0.1\\c$\\users\\ana\\pictures',
		'C:\\Users\\ana\\.\\Pictures',
		'C:\\Users\\ana\\Music\\..\\Pictures',
		'C:\\Users\\ana\\Music\\.. \\Pictures',
		'c:/USERS/Ana/pictures/'
	])('knows %s is the folder of the backup "Photos"', (localPath) => {
		expect(checks(backupForm({ localPath }), context).localPath).toEqual([
			'This is the folder of the backup "Photos" (C:\\Users\\ana\\Pictures).'
		]);
	});

	it('knows another spelling of a cache folder in use', () => {
		expect(
			checks(driveForm({ letter: 'F', cacheFolder: '\\\\?\\D:\\CACHE.\\Projects' }), context)
				.permanentLocalPath
		).toEqual(['This is the cache folder of the drive "Projects" (D:\\Cache\\Projects).']);
	});

	it('refuses a short name, saying which and why', () => {
		const errors = checks(backupForm({ localPath: 'C:\\Users\\ana\\PICTUR~1' }), context);
		expect(errors.localPath).toEqual([
			expect.stringContaining("Use the folder's full name, not its short name PICTUR~1")
		]);
	});

	it('refuses a cache on a network share, and a synced folder there', () => {
		expect(
			checks(driveForm({ letter: 'F', cacheFolder: '\\\\nas\\cache' }), context).permanentLocalPath
		).toEqual([expect.stringContaining('on the network share \\\\nas\\cache')]);
		expect(
			checks(driveForm({ letter: 'F', cacheFolder: '\\\\?\\UNC\\nas\\cache\\x' }), context)
				.permanentLocalPath
		).toHaveLength(1);
		expect(
			checks(driveForm({ driveType: 2, localPath: '\\\\nas\\team', cacheFolder: '' }), {
				...context,
				drives: [teamDrive]
			}).localPath
		).toEqual([expect.stringContaining('network share \\\\nas\\team')]);
		expect(checks(backupForm({ localPath: '\\\\nas\\team' }), context)).toEqual({});
		// A loopback spelling of a local disk is not a share.
		expect(
			checks(driveForm({ letter: 'F', cacheFolder: '\\\\localhost\\E$\\Cache' }), context)
		).toEqual({});
	});

	it('refuses a folder that is not a full path, which the agent would read from its own', () => {
		const lone: CheckContext = { drives: [], backups: [] };
		const relative = /^Give the full path, starting with the drive letter, e\.g\. D:\\Cache/;
		for (const path of ['\\Windows\\System32', 'C:Config', 'Windows', 'Cache/team']) {
			expect(
				checks(driveForm({ letter: 'F', cacheFolder: path }), context).permanentLocalPath,
				path
			).toEqual([expect.stringMatching(relative)]);
			expect(checks(backupForm({ localPath: path }), context).localPath, path).toEqual([
				expect.stringMatching(relative)
			]);
			expect(
				checks(driveForm({ driveType: 2, localPath: path, cacheFolder: '' }), context).localPath,
				path
			).toEqual([expect.stringMatching(relative)]);
		}
		// The current folder of drive C, which also holds every other drive's folder.
		expect(checks(backupForm({ localPath: 'c:' }), context).localPath).toContainEqual(
			expect.stringMatching(relative)
		);
		expect(checks(backupForm({ localPath: 'Windows' }), context).localPath?.[0]).toContain(
			'the agent would read Windows from its own working folder'
		);
		for (const path of ['D:\\Cache', 'd:/cache', '\\\\?\\D:\\Cache', '/srv/cache'])
			expect(checks(driveForm({ letter: 'F', cacheFolder: path }), lone), path).toEqual({});
	});

	it('refuses a system folder for a cache, a synced folder and a backup, in any spelling', () => {
		expect(
			checks(driveForm({ letter: 'F', cacheFolder: 'C:\\Windows\\System32' }), context)
				.permanentLocalPath
		).toEqual([expect.stringContaining('system folder C:\\Windows')]);
		expect(
			checks(driveForm({ letter: 'F', cacheFolder: '\\\\?\\C:\\WINDOWS.\\system32' }), context)
				.permanentLocalPath
		).toHaveLength(1);
		expect(
			checks(driveForm({ driveType: 2, localPath: 'C:\\Program Files\\App' }), context).localPath
		).toEqual([expect.stringContaining('system folder C:\\Program Files')]);
		expect(checks(backupForm({ localPath: 'C:\\Temp\\.. \\Windows' }), context).localPath).toEqual([
			expect.stringContaining('system folder C:\\Windows')
		]);
	});

	it('takes a cache inside C:\\ProgramData, and a stored folder as it is', () => {
		const lone: CheckContext = { drives: [], backups: [] };
		expect(
			checks(driveForm({ letter: 'F', cacheFolder: 'C:\\ProgramData\\Agent\\cache\\x' }), lone)
		).toEqual({});
		expect(
			checks(driveForm({ letter: 'F', cacheFolder: 'C:\\ProgramData' }), lone).permanentLocalPath
		).toHaveLength(1);
		expect(
			checks(driveForm({ driveType: 2, localPath: 'C:\\ProgramData\\x' }), lone).localPath
		).toHaveLength(1);
		// Stored where the console would refuse now: a change of its name is not refused for that.
		const old: Drive = { ...teamDrive, permanentLocalPath: '\\\\nas\\cache' };
		const { form } = fromModel(old, 'drive');
		expect(checks({ ...form, name: 'Team' }, { drives: [old], backups: [] })).toEqual({});
		expect(
			checks({ ...form, cacheFolder: '\\\\nas\\other' }, { drives: [old], backups: [] })
				.permanentLocalPath
		).toHaveLength(1);
	});

	it('refuses a whole profile for a synced folder or a cache, not for a backup', () => {
		const lone: CheckContext = { drives: [], backups: [] };
		expect(
			checks(driveForm({ driveType: 2, localPath: 'C:\\Users\\ana' }), lone).localPath
		).toEqual([expect.stringContaining('whole user profile (C:\\Users\\ana)')]);
		expect(
			checks(driveForm({ letter: 'F', cacheFolder: '\\\\?\\C:\\Users\\ana.' }), lone)
				.permanentLocalPath
		).toHaveLength(1);
		expect(checks(backupForm({ localPath: 'C:\\Users\\ana' }), lone)).toEqual({});
		expect(checks(backupForm({ localPath: 'E:\\' }), lone)).toEqual({});
		expect(checks(backupForm({ localPath: 'c:' }), lone).localPath).toHaveLength(1);
		expect(
			checks(driveForm({ letter: 'F', cacheFolder: 'E:\\' }), lone).permanentLocalPath
		).toEqual([expect.stringContaining('system folder E:\\')]);
	});
});
