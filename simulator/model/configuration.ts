import { DRIVE_CONFIG, DRIVE_TYPE, PERMISSION_TYPE, SYNC_TYPE } from '../../src/lib/contract.ts';
import { AgentFailure, Fields, type FieldErrors } from '../reply.ts';
import type { SimDriveOrBackup, DriveOrBackupSet } from './drives.ts';
import { comparable, diskOf, findFolder, within, type FolderTree } from './folders.ts';
import type { HistoryEntry } from './history.ts';

/**
 * The rules of configuring drives and backups: what a create or change must hold (the contract's
 * limits, `DRIVE_CONFIG`), which letters are free, which accounts the agent knows, and which
 * folders already belong to a drive or backup. Field refusals are 499 bodies keyed by the field.
 */

type Machine = {
	drives: DriveOrBackupSet;
	folders: FolderTree;
	history: HistoryEntry[];
	/** The SMB shares' letters are taken too. */
	shares?: { smb: { localPath: string }[] };
};

/** A refusal about one field: the application code, with the message keyed by the field. */
export const refuse = (code: string, field: string, message: string) =>
	new AgentFailure(499, code, { [field]: [message] });

const drivesAndBackupsOf = (set: DriveOrBackupSet): SimDriveOrBackup[] => [
	...set.drives,
	...set.backups
];

/**
 * Letters a new virtual drive cannot take: the machine's disks, the virtual drives' letters, the
 * disk of every drive's or backup's folder, and the letters SMB shares are mounted on.
 */
export function takenLetters(m: Pick<Machine, 'drives' | 'folders' | 'shares'>): Set<string> {
	const taken = new Set(m.folders.disks.map((d) => d.name[0]!.toUpperCase()));
	for (const s of m.shares?.smb ?? []) if (s.localPath) taken.add(s.localPath[0]!.toUpperCase());
	for (const d of drivesAndBackupsOf(m.drives)) {
		if (d.kind === 'drive' && d.driveType === DRIVE_TYPE.VirtualDrive && d.driveName)
			taken.add(d.driveName[0]!.toUpperCase());
		const letter = /^([A-Za-z]):/.exec(d.localPath)?.[1];
		if (letter) taken.add(letter.toUpperCase());
	}
	return taken;
}

/**
 * The cloud accounts the agent uses, by id, with their cloud type: no endpoint lists them, so
 * these are the ones on drives, backups and history rows.
 */
export function knownAccounts(m: Pick<Machine, 'drives' | 'history'>): Map<string, number> {
	const known = new Map<string, number>();
	for (const d of drivesAndBackupsOf(m.drives)) known.set(d.account.id, d.account.cloudType);
	for (const h of m.history) {
		if (h.sourceCloudAccountId && h.sourceCloudProvider !== null)
			known.set(h.sourceCloudAccountId, h.sourceCloudProvider);
		if (h.destinationCloudAccountId && h.destinationCloudProvider !== null)
			known.set(h.destinationCloudAccountId, h.destinationCloudProvider);
	}
	return known;
}

/** The folders a drive or backup holds: its own folder, and a drive's cache folder. */
function placesOf(d: SimDriveOrBackup): { path: string; what: string }[] {
	const places = [{ path: d.localPath, what: d.kind === 'drive' ? 'folder' : 'backed-up folder' }];
	if (d.kind === 'drive' && comparable(d.permanentLocalPath) !== comparable(d.localPath))
		places.push({ path: d.permanentLocalPath, what: 'cache folder' });
	return places;
}

/**
 * Why `path` cannot be given to a new folder or cache: it is inside, or holds, a folder another
 * drive or backup uses. `self` is left out, except `keepOwn` (a cache inside its own drive).
 */
export function overlap(
	set: DriveOrBackupSet,
	path: string,
	self?: SimDriveOrBackup,
	keepOwn: 'folder' | 'none' = 'none'
): string | undefined {
	for (const d of drivesAndBackupsOf(set)) {
		const places = d === self ? (keepOwn === 'folder' ? placesOf(d).slice(0, 1) : []) : placesOf(d);
		for (const place of places) {
			const whose = `${d.name}'s ${place.what} (${place.path})`;
			if (within(path, place.path)) return `${path} is inside ${whose}.`;
			if (within(place.path, path)) return `${path} holds ${whose}.`;
		}
	}
	return undefined;
}

/** The cache folder the agent chooses when asked with `$$$`. */
export const agentCacheFolder = (id: string) => `C:\\ProgramData\\Agent\\cache\\${id}`;

/** What a create or change of a drive or backup holds, read and checked against the limits. */
export type DriveOrBackupInput = {
	name: string;
	storageName: string;
	prefix: string;
	localCacheEncrypted: boolean;
	cloudObjectsEncrypted: boolean;
	syncIntervalSeconds: number;
	maximumCacheSize: number;
	rotationalCache: boolean;
	active: boolean;
	accountId: string;
	/** Drives only, from here on. */
	driveType: number;
	syncType: number;
	permissionType: number;
	allowDelete: boolean;
	objectsPerFolder: number;
	/** The letter, upper case, for a virtual drive; empty for a synced folder. */
	driveName: string;
	/** A synced folder's or backup's folder as sent; empty for a virtual drive. */
	localPath: string;
	permanentLocalPath: string;
};

const values = (e: Record<string, number>) => Object.values(e);

/**
 * Reads a drive's or backup's body. Missing booleans and numbers take `current`'s value on a
 * change and the agent's defaults on a create; every field problem is answered at once.
 */
export function readDriveOrBackupInput(
	kind: 'drive' | 'backup',
	body: unknown,
	current?: SimDriveOrBackup
): DriveOrBackupInput {
	const f = new Fields(body);
	const source = body as Record<string, unknown>;
	const was = current as Partial<Record<string, unknown>> | undefined;
	const bool = (name: string, label: string, fallback: boolean) => {
		const v = source[name];
		if (v === undefined || v === null) return (was?.[name] as boolean | undefined) ?? fallback;
		f.check(name, typeof v === 'boolean', `${label} must be true or false.`);
		return v === true;
	};
	const whole = (name: string, label: string, min: number, max: number, fallback?: number) => {
		const v = source[name] ?? (was?.[name] as number | undefined) ?? fallback;
		if (v === undefined) {
			f.check(name, false, `${label} is required.`);
			return NaN;
		}
		const fine = typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max;
		f.check(name, fine, `${label} must be a whole number from ${min} to ${max}.`);
		return fine ? (v as number) : NaN;
	};

	const name = f.string('name', 'Name', { max: DRIVE_CONFIG.nameMax }).trim();
	// Only spaces: required too (an empty or missing name is already said so).
	if (typeof source.name === 'string' && source.name !== '')
		f.check('name', name !== '', 'Name is required.');
	const storageName = f.string('storageName', 'Bucket');
	if (storageName)
		f.check(
			'storageName',
			DRIVE_CONFIG.bucketShape.test(storageName),
			'Bucket must be 3 to 63 lower-case letters, digits, dots and dashes, starting and ending with a letter or digit.'
		);
	const prefix = f.string('prefix', 'Prefix', { optional: true, max: DRIVE_CONFIG.prefixMax });
	if (prefix)
		f.check(
			'prefix',
			DRIVE_CONFIG.prefixShape.test(prefix),
			'Prefix must be folder names of letters, digits and - _ . joined by /, without a leading / or ..'
		);
	const intervalMin = DRIVE_CONFIG.syncIntervalMin;
	const intervalMax = DRIVE_CONFIG.syncIntervalMax;
	const syncIntervalSeconds = whole(
		'syncIntervalSeconds',
		'Sync interval (seconds)',
		intervalMin,
		intervalMax,
		kind === 'drive' ? 300 : undefined
	);
	const maximumCacheSize = whole('maximumCacheSize', 'Cache size (bytes)', 0, 2 ** 53 - 1, 0);
	if (maximumCacheSize > 0)
		f.check(
			'maximumCacheSize',
			maximumCacheSize >= DRIVE_CONFIG.cacheSizeMin,
			`Cache size must be 0 (no cap) or at least ${DRIVE_CONFIG.cacheSizeMin} bytes (1 GiB).`
		);
	const account = source.account;
	const accountId =
		account !== null && typeof account === 'object' && !Array.isArray(account)
			? (account as Record<string, unknown>).id
			: undefined;
	f.check(
		'account',
		typeof accountId === 'string' && accountId.trim() !== '',
		'Account is required: {"id": "..."} of a cloud account the agent uses.'
	);

	const input: DriveOrBackupInput = {
		name,
		storageName,
		prefix,
		localCacheEncrypted: bool('localCacheEncrypted', 'Local cache encryption', false),
		cloudObjectsEncrypted: bool('cloudObjectsEncrypted', 'Cloud encryption', false),
		syncIntervalSeconds,
		maximumCacheSize,
		rotationalCache: bool('rotationalCache', 'Rotational cache', false),
		active: bool('active', 'Active', true),
		accountId: typeof accountId === 'string' ? accountId.trim() : '',
		driveType: DRIVE_TYPE.LocalPath,
		syncType: SYNC_TYPE.Mirror,
		permissionType: PERMISSION_TYPE.ReadWrite,
		allowDelete: false,
		objectsPerFolder: 1000,
		driveName: '',
		localPath: '',
		permanentLocalPath: ''
	};
	if (kind === 'backup') {
		input.localPath = f.string('localPath', 'Folder');
		f.done();
		return input;
	}
	input.driveType = f.integer('driveType', 'Drive type', values(DRIVE_TYPE));
	input.syncType = f.integer('syncType', 'Sync type', values(SYNC_TYPE));
	input.permissionType = f.integer('permissionType', 'Permission', values(PERMISSION_TYPE));
	input.allowDelete = bool('allowDelete', 'Allow delete', false);
	input.objectsPerFolder = whole('objectsPerFolder', 'Objects per folder', 1, 100_000, 1000);
	if (input.driveType === DRIVE_TYPE.VirtualDrive) {
		const letter = f.string('driveName', 'Drive letter').replace(/:\\?$/, '').toUpperCase();
		if (letter)
			f.check(
				'driveName',
				letter.length === 1 && DRIVE_CONFIG.letters.includes(letter),
				`Drive letter must be one letter from ${DRIVE_CONFIG.letters[0]} to Z.`
			);
		input.driveName = letter;
		input.permanentLocalPath = f.string('permanentLocalPath', 'Cache folder');
	} else if (input.driveType === DRIVE_TYPE.LocalPath) {
		input.localPath = f.string('localPath', 'Folder');
	}
	f.done();
	return input;
}

/**
 * What the machine refuses about a drive's or backup's place: an unknown account, a name already
 * used, a letter taken, a folder that does not exist or belongs to another one, a cache folder
 * on no disk or inside another one. `self` is the one being changed. Answers the folders in the
 * tree's spelling.
 */
export function checkPlace(
	m: Machine,
	kind: 'drive' | 'backup',
	input: DriveOrBackupInput,
	self?: SimDriveOrBackup
): { cloudType: number; localPath: string; permanentLocalPath: string } {
	const cloudType = knownAccounts(m).get(input.accountId);
	if (cloudType === undefined)
		throw refuse(
			'NOT_FOUND',
			'account',
			`No cloud account ${input.accountId} is set up for this agent. Add it in the web app first.`
		);
	const wanted = input.name.toLowerCase();
	const twin = drivesAndBackupsOf(m.drives).find(
		(d) => d !== self && d.name.toLowerCase() === wanted
	);
	if (twin) throw refuse('DUPLICATE', 'name', `A ${twin.kind} named ${twin.name} already exists.`);

	if (kind === 'drive' && input.driveType === DRIVE_TYPE.VirtualDrive) {
		const letter = input.driveName;
		const mine = self?.kind === 'drive' && self.driveName.toUpperCase() === letter;
		if (!mine && takenLetters(m).has(letter))
			throw refuse('DUPLICATE', 'driveName', `${letter}: is already taken on this computer.`);
		return { cloudType, localPath: `${letter}:\\`, permanentLocalPath: input.permanentLocalPath };
	}
	// Its own folder stays its own, even one the machine's tree does not hold (generated drives).
	if (self && comparable(self.localPath) === comparable(input.localPath))
		return { cloudType, localPath: self.localPath, permanentLocalPath: self.localPath };
	const found = findFolder(m.folders, input.localPath);
	if (!found)
		throw refuse('VALIDATION', 'localPath', `No folder ${input.localPath} on this computer.`);
	const clash = overlap(m.drives, found.path, self);
	if (clash) throw refuse('SECURITY', 'localPath', clash);
	return { cloudType, localPath: found.path, permanentLocalPath: found.path };
}

/** Why a cache folder cannot be used, or undefined; `self` is the drive it is for. */
export function cacheProblem(
	m: Machine,
	path: string,
	self?: SimDriveOrBackup
): AgentFailure | undefined {
	if (!diskOf(m.folders, path))
		return refuse(
			'VALIDATION',
			'permanentLocalPath',
			`No disk ${path.slice(0, 2)} on this computer for the cache folder.`
		);
	const clash = overlap(m.drives, path, self, 'folder');
	return clash ? refuse('SECURITY', 'permanentLocalPath', clash) : undefined;
}

/** Collects refusals of fields a change may not touch, then throws them at once as LOCKED. */
export class Locks {
	readonly #errors: FieldErrors = {};

	check(field: string, changed: boolean, message: string) {
		if (changed) this.#errors[field] = [message];
	}

	done() {
		if (Object.keys(this.#errors).length) throw new AgentFailure(499, 'LOCKED', this.#errors);
	}
}

/** A cache move's or resize's body: the new folder, and what it keeps unless sent. */
export function readCache(body: unknown, d: SimDriveOrBackup) {
	const f = new Fields(body);
	const source = body as Record<string, unknown>;
	const permanentLocalPath = f.string('permanentLocalPath', 'Cache folder');
	const localCacheEncrypted = source.localCacheEncrypted ?? d.localCacheEncrypted;
	f.check(
		'localCacheEncrypted',
		typeof localCacheEncrypted === 'boolean',
		'Local cache encryption must be true or false.'
	);
	const rotationalCache = source.rotationalCache ?? d.rotationalCache;
	f.check(
		'rotationalCache',
		typeof rotationalCache === 'boolean',
		'Rotational cache must be true or false.'
	);
	const size = source.maximumCacheSize ?? d.maximumCacheSize;
	f.check(
		'maximumCacheSize',
		typeof size === 'number' &&
			Number.isSafeInteger(size) &&
			(size === 0 || size >= DRIVE_CONFIG.cacheSizeMin),
		`Cache size must be 0 (no cap) or a whole number of bytes of at least ${DRIVE_CONFIG.cacheSizeMin} (1 GiB).`
	);
	f.done();
	return {
		permanentLocalPath,
		localCacheEncrypted: localCacheEncrypted as boolean,
		rotationalCache: rotationalCache as boolean,
		maximumCacheSize: size as number
	};
}
