import { describe, expect, it } from 'vitest';
import type { Drive } from '$lib/api/schemas/drives';
import {
	CONFIG_FILE_MAX,
	exportConfig,
	parseConfig,
	importKey,
	planImport,
	type ImportItem
} from './config-file.ts';

const teamDrive: Drive = {
	id: 'd-1',
	active: true,
	name: 'Team Drive',
	driveType: 1,
	driveName: 'G',
	localPath: 'G:\\',
	permanentLocalPath: 'C:\\Agent\\cache\\d-1',
	storageName: 'team-bucket',
	prefix: 'team/',
	syncType: 2,
	permissionType: 2,
	allowDelete: true,
	maximumCacheSize: 1234567890,
	localCacheEncrypted: true,
	cloudObjectsEncrypted: true,
	keepFileAfterUpload: true,
	transferOptions: { chunkSize: 5242880 },
	account: { id: 'acc-1', cloudType: 1 }
};
const projects: Drive = {
	id: 'd-2',
	name: 'Projects',
	driveType: 2,
	localPath: 'D:\\Projects',
	permanentLocalPath: 'E:\\Cache',
	storageName: 'projects',
	account: { id: 'acc-2' }
};
const photos: Drive = {
	id: 'b-1',
	name: 'Photos?X-Amz-Signature=s3cr3t',
	localPath: 'C:\\Users\\ana\\Pictures',
	storageName: 'photos',
	prefix: '',
	syncIntervalSeconds: 300,
	account: { id: 'acc-1', cloudType: 1 }
};
const AT = new Date('2026-11-25T12:00:00Z');

describe('exporting the configuration', () => {
	it('writes what a create takes: no ids, nothing the agent filled in, credentials masked', () => {
		const file = exportConfig([teamDrive, projects], [photos], AT);
		expect(file).toEqual({
			format: 'agent-console-config',
			version: 1,
			exportedAt: '2026-11-25T12:00:00.000Z',
			drives: [
				{
					name: 'Team Drive',
					storageName: 'team-bucket',
					prefix: 'team/',
					driveName: 'G',
					driveType: 1,
					syncType: 2,
					permissionType: 2,
					localCacheEncrypted: true,
					cloudObjectsEncrypted: true,
					allowDelete: true,
					maximumCacheSize: 1234567890,
					permanentLocalPath: '$$$',
					account: { id: 'acc-1', cloudType: 1 }
				},
				expect.objectContaining({
					name: 'Projects',
					driveType: 2,
					driveName: '',
					localPath: 'D:\\Projects',
					permanentLocalPath: '$$$',
					maximumCacheSize: 0
				})
			],
			backups: [
				{
					name: 'Photos?X-Amz-Signature=***',
					localPath: 'C:\\Users\\ana\\Pictures',
					prefix: '',
					storageName: 'photos',
					syncIntervalSeconds: 300,
					localCacheEncrypted: false,
					cloudObjectsEncrypted: false,
					account: { id: 'acc-1', cloudType: 1 }
				}
			]
		});
		const text = JSON.stringify(file);
		for (const gone of ['d-1', 'b-1', 'keepFileAfterUpload', 'transferOptions', 'active', 's3cr3t'])
			expect(text).not.toContain(gone);
	});

	it('reads back what it wrote, item for item', () => {
		const file = exportConfig([teamDrive, projects], [photos], AT);
		const parsed = parseConfig(JSON.stringify(file));
		expect(parsed.error).toBeNull();
		expect(parsed.rows).toEqual([]);
		expect(parsed.items).toEqual([
			{ kind: 'drive', row: 1, body: file.drives[0] },
			{ kind: 'drive', row: 2, body: file.drives[1] },
			{ kind: 'backup', row: 1, body: file.backups[0] }
		]);
	});
});

describe('reading a file', () => {
	const good = {
		format: 'agent-console-config',
		version: 1,
		drives: [],
		backups: [
			{
				name: 'Music',
				localPath: '/Users/ana/Music',
				storageName: 'music',
				syncIntervalSeconds: 600,
				account: { id: 'acc-1' }
			}
		]
	};

	it('refuses the whole file in words when it cannot be read', () => {
		for (const [text, error] of [
			['{"format":', 'The file is not JSON: it may be damaged, or another kind of file.'],
			['', 'The file is not JSON: it may be damaged, or another kind of file.'],
			['[1,2]', 'This is not a configuration file exported by this console.'],
			['null', 'This is not a configuration file exported by this console.'],
			[
				'{"format":"other","version":1}',
				'This is not a configuration file exported by this console.'
			],
			[
				JSON.stringify({ ...good, version: 2 }),
				'The file is version 2; this console reads version 1.'
			],
			[
				JSON.stringify({ ...good, version: undefined }),
				'The file is version none; this console reads version 1.'
			],
			[
				JSON.stringify({ ...good, drives: 'x' }),
				'This is not a configuration file exported by this console.'
			],
			[JSON.stringify({ ...good, backups: [] }), 'The file holds no drives and no backups.']
		] as const)
			expect(parseConfig(text), text).toEqual({ items: [], rows: [], error });
	});

	it('refuses a file over 1 MB, counting bytes', () => {
		const big = JSON.stringify({ ...good, pad: 'é'.repeat(CONFIG_FILE_MAX / 2) });
		expect(big.length).toBeLessThan(CONFIG_FILE_MAX);
		expect(parseConfig(big).error).toBe(
			'The file is larger than 1 MB; a configuration file is much smaller.'
		);
	});

	it('reads each item alone, and says an odd one by its row', () => {
		const parsed = parseConfig(
			JSON.stringify({
				...good,
				drives: [
					{ name: 'No bucket', driveType: 1, syncType: 1, permissionType: 2, account: { id: 'a' } },
					'junk',
					{
						name: 'Good',
						storageName: 'good',
						driveType: 1,
						driveName: 'h',
						syncType: 1,
						permissionType: 2,
						account: { id: 'a' },
						maximumCacheSize: -1
					}
				],
				backups: [...good.backups, { ...good.backups[0], syncIntervalSeconds: '600' }]
			})
		);
		expect(parsed.error).toBeNull();
		expect(parsed.items.map((i) => [i.kind, i.row, i.body.name])).toEqual([['backup', 1, 'Music']]);
		expect(parsed.rows.map((r) => [r.kind, r.row, r.name])).toEqual([
			['drive', 1, 'No bucket'],
			['drive', 2, null],
			['drive', 3, 'Good'],
			['backup', 2, 'Music']
		]);
		expect(parsed.rows[0]?.problem).toContain('storageName');
		expect(parsed.rows[2]?.problem).toContain('maximumCacheSize');
		expect(parsed.rows[3]?.problem).toContain('syncIntervalSeconds');
	});

	it('fills what an item leaves out, and masks credentials as they enter', () => {
		const parsed = parseConfig(
			JSON.stringify({
				...good,
				drives: [
					{
						name: 'Sparse?sig=abc',
						storageName: 'sparse',
						driveType: 1,
						driveName: 'k',
						syncType: 1,
						permissionType: 1,
						account: { id: 5 },
						extra: 'dropped'
					}
				]
			})
		);
		expect(parsed.items[0]?.body).toEqual({
			name: 'Sparse?sig=***',
			storageName: 'sparse',
			prefix: '',
			driveName: 'K',
			driveType: 1,
			syncType: 1,
			permissionType: 1,
			localCacheEncrypted: false,
			cloudObjectsEncrypted: false,
			allowDelete: false,
			maximumCacheSize: 0,
			permanentLocalPath: '$$$',
			account: { id: '5' }
		});
	});
});

describe('planning an import', () => {
	const items = parseConfig(
		JSON.stringify(exportConfig([teamDrive, projects], [photos], AT))
	).items;

	it('creates everything on an empty agent', () => {
		const plan = planImport(items, { drives: [], backups: [], freeLetters: ['F', 'G', 'H'] });
		expect(plan.map((p) => [p.item.body.name, p.action, p.reasons])).toEqual([
			['Team Drive', 'create', []],
			['Projects', 'create', []],
			['Photos?X-Amz-Signature=***', 'create', []]
		]);
	});

	it('says each conflict in words: letter taken, folder owned, name exists', () => {
		const plan = planImport(items, {
			drives: [{ ...teamDrive, id: 'x-1', name: 'Other', driveName: 'G' }, projects],
			backups: [],
			freeLetters: ['F', 'H']
		});
		expect(plan.map((p) => [p.item.body.name, p.action])).toEqual([
			['Team Drive', 'conflict'],
			['Projects', 'conflict'],
			['Photos?X-Amz-Signature=***', 'create']
		]);
		expect(plan[0]?.reasons).toEqual(['Drive letter: G: is the letter of the drive "Other".']);
		expect(plan[1]?.reasons).toEqual([
			'Name: A drive named "Projects" exists already.',
			'Folder: This is the folder of the drive "Projects" (D:\\Projects).'
		]);
	});

	it('counts the items planned before, so two of one file cannot share a letter or folder', () => {
		const twice: ImportItem[] = [
			items[0]!,
			{ ...items[0]!, row: 2 },
			items[2]!,
			{ ...items[2]!, row: 2 }
		];
		const all = Object.fromEntries(twice.map((i) => [importKey(i), true]));
		const plan = planImport(twice, { drives: [], backups: [], freeLetters: ['G'] }, all);
		expect(plan.map((p) => p.action)).toEqual(['create', 'conflict', 'create', 'conflict']);
		expect(plan[1]?.reasons).toEqual([
			'Name: A drive named "Team Drive" exists already.',
			'Drive letter: G: is the letter of the drive "Team Drive".'
		]);
		expect(plan[3]?.reasons).toContain(
			'Folder: This is the folder of the backup "Photos?X-Amz-Signature=***" (C:\\Users\\ana\\Pictures).'
		);
	});

	it('re-imports a synced folder whose cache is its own folder, as the agent answers it', () => {
		const oldMedia: Drive = { ...projects, name: 'Old media', localPath: 'E:\\Media' };
		const synced: Drive = { ...oldMedia, permanentLocalPath: 'E:\\Media' };
		const file = exportConfig([synced], [], AT);
		expect(file.drives[0]?.permanentLocalPath).toBe('$$$');
		// A file that names the folder as its cache (written by hand, or by an older console).
		const named = { ...file, drives: [{ ...file.drives[0], permanentLocalPath: 'E:\\Media' }] };
		for (const text of [JSON.stringify(file), JSON.stringify(named)]) {
			const parsed = parseConfig(text);
			expect(parsed.items[0]?.body).toMatchObject({ permanentLocalPath: '$$$' });
			const plan = planImport(parsed.items, { drives: [], backups: [], freeLetters: [] });
			expect(plan.map((p) => [p.action, p.reasons])).toEqual([['create', []]]);
		}
	});

	it('says a letter the machine does not offer as taken', () => {
		const plan = planImport(items.slice(0, 1), { drives: [], backups: [], freeLetters: ['F'] });
		expect(plan[0]?.reasons).toEqual([
			'Drive letter: G: is taken on this computer; choose a free letter.'
		]);
	});
});

describe('the plan says what each item sets, and flags what should be read first', () => {
	const hostile = {
		format: 'agent-console-config',
		version: 1,
		exportedAt: '2026-11-25T12:00:00.000Z',
		drives: [
			{
				name: 'Team Drive (read-only copy)',
				storageName: 'attacker-public-drop',
				prefix: '',
				driveType: 2,
				localPath: 'C:\\Users\\ann\\Desktop',
				syncType: 2,
				permissionType: 2,
				allowDelete: true,
				account: { id: 'acc-aws-1', cloudType: 1 }
			},
			{
				name: 'Fonts',
				storageName: 'attacker-public-drop',
				driveType: 1,
				driveName: 'T',
				syncType: 1,
				permissionType: 1,
				permanentLocalPath: 'C:\\Windows\\System32',
				account: { id: 'acc-aws-1', cloudType: 1 }
			}
		],
		backups: [
			{
				name: 'Holiday photos',
				localPath: 'C:\\Users\\ann\\Pictures',
				storageName: 'attacker-public-drop',
				syncIntervalSeconds: 3600,
				account: { id: 'acc-aws-1', cloudType: 1 }
			},
			{
				name: 'System',
				localPath: 'C:\\Windows',
				storageName: 'attacker-public-drop',
				syncIntervalSeconds: 86400,
				cloudObjectsEncrypted: true,
				account: { id: 'acc-aws-1', cloudType: 1 }
			}
		]
	};
	const agentHas = { drives: [teamDrive, projects], backups: [photos], freeLetters: ['T'] };
	const plan = planImport(parseConfig(JSON.stringify(hostile)).items, agentHas);
	const row = (name: string) => plan.find((p) => p.item.body.name === name)!;
	const said = (name: string) =>
		Object.fromEntries(row(name).settings.map((s) => [s.label, s.value]));
	const newBucket =
		"Bucket: none of the agent's drives and backups uses attacker-public-drop yet; files would go to a bucket new to this computer.";

	it('says every consequential setting of a drive, in the form\u2019s words', () => {
		expect(said('Team Drive (read-only copy)')).toEqual({
			Kind: 'Synced folder',
			Folder: 'C:\\Users\\ann\\Desktop',
			'Cache folder': 'Its own folder',
			'Cache size cap': 'No cap',
			Bucket: 'attacker-public-drop',
			Prefix: 'Not given',
			'Cloud account': 'acc-aws-1 (Amazon S3)',
			'Sync type': 'Mirror (everything kept on this computer)',
			Permission: 'Read and write',
			'Delete in the cloud too': 'Yes',
			'Encrypt the cache on this computer': 'No',
			'Encrypt the cloud copy': 'No'
		});
		expect(said('Fonts')).toMatchObject({
			Kind: 'Drive letter',
			'Drive letter': 'T:',
			'Cache folder': 'C:\\Windows\\System32',
			'Sync type': 'Stream (kept in the cloud, fetched on demand)',
			Permission: 'Read only'
		});
	});

	it('says a backup\u2019s folder, bucket, account, interval and encryption', () => {
		expect(said('System')).toEqual({
			Folder: 'C:\\Windows',
			Bucket: 'attacker-public-drop',
			Prefix: 'Not given',
			'Cloud account': 'acc-aws-1 (Amazon S3)',
			'Sync interval': 'every day',
			'Encrypt the cache on this computer': 'No',
			'Encrypt the cloud copy': 'Yes'
		});
	});

	it('flags system folders, a new bucket and a deleting mirror, each with its reason', () => {
		expect(row('Team Drive (read-only copy)').flags).toEqual([
			newBucket,
			'Mirror with delete allowed: every file of the bucket is kept on this computer, and a file deleted here is deleted in the cloud too.'
		]);
		expect(row('Fonts').flags).toEqual([
			'Cache folder: C:\\Windows\\System32 is a folder of the system (C:\\Windows); the agent would read, write and delete files there.',
			newBucket
		]);
		expect(row('System').flags[0]).toBe(
			'Folder: C:\\Windows is a folder of the system (C:\\Windows); the agent would read, write and delete files there.'
		);
		expect(row('Holiday photos').flags).toEqual([newBucket]);
	});

	it('leaves every flagged row unticked, and still creatable once the user ticks it', () => {
		// A system folder is refused as the form refuses it: shown, flagged, and never created.
		expect(plan.map((p) => [p.item.body.name, p.action, p.ticked])).toEqual([
			['Team Drive (read-only copy)', 'create', false],
			['Fonts', 'conflict', false],
			['Holiday photos', 'create', false],
			['System', 'conflict', false]
		]);
		expect(plan[1]?.reasons.join(' ')).toMatch(/system folder|folder of the system/i);
		const items = plan.map((p) => p.item);
		const ticked = planImport(items, agentHas, { 'backup:1': true });
		expect(ticked.map((p) => p.ticked)).toEqual([false, false, true, false]);
	});

	it('counts only ticked rows for the ones after them', () => {
		const items = parseConfig(
			JSON.stringify({
				...hostile,
				drives: [hostile.drives[0]],
				backups: [{ ...hostile.backups[0], localPath: 'C:\\Users\\ann\\Desktop\\Holiday' }]
			})
		).items;
		// The backup's folder lies inside the Desktop: once the Desktop drive is ticked, it is taken.
		expect(planImport(items, agentHas, {}).map((p) => [p.action, p.ticked])).toEqual([
			['create', false],
			['create', false]
		]);
		const withDesktop = planImport(items, agentHas, { 'drive:1': true, 'backup:1': true });
		expect(withDesktop.map((p) => [p.action, p.ticked])).toEqual([
			['create', true],
			['conflict', false]
		]);
		expect(withDesktop[1]?.reasons[0]).toMatch(/^Folder: .*"Team Drive \(read-only copy\)"/);
	});

	it('flags a profile root and a network folder', () => {
		const items = parseConfig(
			JSON.stringify({
				...hostile,
				drives: [],
				backups: [
					{
						...hostile.backups[0],
						name: 'Ann',
						localPath: 'C:\\Users\\ann',
						storageName: 'photos'
					},
					{ ...hostile.backups[0], name: 'NAS', localPath: '\\\\nas\\media', storageName: 'photos' }
				]
			})
		).items;
		const [ann, nas] = planImport(items, agentHas);
		expect(ann?.flags).toEqual([
			"Folder: C:\\Users\\ann is the root of a user's profile; every file of that user would be synced."
		]);
		expect(nas?.flags[0]).toMatch(/^Folder: \\\\nas\\media is a folder on another computer/);
		expect([ann?.ticked, nas?.ticked]).toEqual([false, false]);
	});

	it('ticks a row on a bucket the agent uses, in an ordinary folder, with nothing to flag', () => {
		const [own] = planImport(
			parseConfig(
				JSON.stringify({
					...hostile,
					drives: [{ ...hostile.drives[0], storageName: 'team-bucket', allowDelete: false }],
					backups: []
				})
			).items,
			agentHas
		);
		expect(own?.flags).toEqual([]);
		expect(own?.ticked).toBe(true);
	});

	it('flags a mirror that allows delete even when its permission is read only', () => {
		const [readOnly] = planImport(
			parseConfig(
				JSON.stringify({
					...hostile,
					drives: [{ ...hostile.drives[0], storageName: 'team-bucket', permissionType: 1 }],
					backups: []
				})
			).items,
			agentHas
		);
		expect(readOnly?.flags).toEqual([expect.stringMatching(/^Mirror with delete allowed/)]);
		expect(readOnly?.ticked).toBe(false);
	});

	it('keeps a conflicting row unticked with its conflict, and says its settings too', () => {
		const [taken] = planImport(
			parseConfig(JSON.stringify({ ...hostile, drives: [hostile.drives[1]], backups: [] })).items,
			{ ...agentHas, drives: [{ ...teamDrive, driveName: 'T' }] }
		);
		expect(taken?.action).toBe('conflict');
		expect(taken?.ticked).toBe(false);
		expect(taken?.settings.length).toBeGreaterThan(5);
	});
});
