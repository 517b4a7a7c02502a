import { DRIVE_TYPE, MOUNT_FAILURE } from '../../src/lib/contract.ts';
import {
	SHARE_CONFIG,
	mountFolder,
	nfsShareParts,
	shareLetter,
	smbShareParts
} from '../../src/lib/api/schemas/share-contract.ts';
import { Fields } from '../reply.ts';
import { refuse, takenLetters } from './configuration.ts';
import type { DriveOrBackupSet } from './drives.ts';
import { comparable, diskOf, within, type FolderTree } from './folders.ts';

/**
 * The network shares the agent mounts (/management/smbclient, /management/nfsclient): SMB at a
 * drive letter, NFS on a folder, and the file servers the agent's machine can see. The password
 * of an SMB share is kept here and never leaves: `shareModel` is what every answer carries.
 */

export type ShareKind = 'smb' | 'nfs';

export type SimSmbShare = {
	kind: 'smb';
	id: string;
	name: string;
	smbShare: string;
	version: string;
	/** The drive letter with its colon: "Z:". */
	localPath: string;
	active: boolean;
	isAuthenticated: boolean;
	username: string | null;
	domain: string | null;
	/** Written, never read: no answer carries it. */
	password: string | null;
};

export type SimNfsShare = {
	kind: 'nfs';
	id: string;
	name: string;
	nfsShare: string;
	version: string;
	localPath: string;
	active: boolean;
};

export type SimShare = SimSmbShare | SimNfsShare;

/** Every share the agent keeps, and how many mounts it has tried (the control surface shows it). */
export type ShareSet = { smb: SimSmbShare[]; nfs: SimNfsShare[]; mountAttempts: number };

/** A file server of the network: what it offers over SMB and NFS. */
export type SimServer = {
	host: string;
	smb?: {
		versions: string[];
		shares: string[];
		/** Whether it lets anyone in without a user name. */
		guest: boolean;
		accounts: { username: string; domain: string; password: string }[];
	};
	nfs?: { versions: string[]; exports: string[] };
};

/** The model as the agent answers it: the SMB password is never part of it. */
export function shareModel(share: SimShare): Record<string, unknown> {
	const model: Record<string, unknown> = { ...share };
	delete model.kind;
	delete model.password;
	return model;
}

export const sharesOf = (set: ShareSet): SimShare[] => [...set.smb, ...set.nfs];

/** What a create or change of a share holds, read and checked against the limits. */
export type ShareInput = {
	name: string;
	share: string;
	version: string;
	localPath: string;
	/** SMB only from here on. */
	isAuthenticated: boolean;
	username: string | null;
	domain: string | null;
	/** The password to store: a new one, the stored one kept, or null for guest access. */
	password: string | null;
};

const serverOf = (kind: ShareKind, share: string) =>
	(kind === 'smb' ? smbShareParts(share)?.host : nfsShareParts(share)?.host)?.toLowerCase() ?? '';

/**
 * Reads a share's body. On a change (`current`), what is not sent keeps its stored value, and a
 * password that is missing, null or empty keeps the stored one, unless the share now signs in to
 * another server or as another user: then it must be entered again. Every problem is said at once.
 */
export function readShare(kind: ShareKind, body: unknown, current?: SimShare): ShareInput {
	const f = new Fields(body);
	const source = body as Record<string, unknown>;
	const was = current as Partial<Record<string, unknown>> | undefined;
	const sent = (name: string) => (source[name] === undefined ? was?.[name] : source[name]);
	const text = (name: string, label: string, max: number, optional = false) => {
		const v = sent(name);
		if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
			if (!optional) f.check(name, false, `${label} is required.`);
			return '';
		}
		if (typeof v !== 'string') {
			f.check(name, false, `${label} must be text.`);
			return '';
		}
		f.check(name, v.length <= max, `${label} must be at most ${max} characters.`);
		return v.trim();
	};

	const name = text('name', 'Name', SHARE_CONFIG.nameMax);
	const shareField = kind === 'smb' ? 'smbShare' : 'nfsShare';
	let share = text(shareField, 'Share', SHARE_CONFIG.shareMax);
	if (share) {
		if (kind === 'smb') {
			const parts = smbShareParts(share);
			f.check(shareField, parts !== null, 'Share must be \\\\server\\share, as in \\\\nas\\media.');
			if (parts) share = `\\\\${parts.host}\\${parts.share}${parts.folder}`;
		} else
			f.check(
				shareField,
				nfsShareParts(share) !== null,
				'Share must be server:/path, as in nas.example.com:/media.'
			);
	}
	const versions: readonly string[] =
		kind === 'smb' ? SHARE_CONFIG.smbVersions : SHARE_CONFIG.nfsVersions;
	const versionSent = sent('version');
	let version = '';
	if (versionSent === undefined || versionSent === null || versionSent === '')
		f.check('version', false, 'Version is required.');
	else if (typeof versionSent !== 'string' || !versions.includes(versionSent))
		f.check('version', false, `Version must be one of ${versions.join(', ')} (as text).`);
	else version = versionSent;

	let localPath = text('localPath', kind === 'smb' ? 'Drive letter' : 'Folder', 260);
	if (localPath) {
		if (kind === 'smb') {
			const letter = shareLetter(localPath);
			f.check(
				'localPath',
				letter !== null,
				`Drive letter must be one letter from ${SHARE_CONFIG.letters[0]} to Z, as in Z:.`
			);
			localPath = letter ? `${letter}:` : '';
		} else {
			const folder = mountFolder(localPath);
			if ('problem' in folder) f.check('localPath', false, folder.problem);
			localPath = 'path' in folder ? folder.path : '';
		}
	}

	const input: ShareInput = {
		name,
		share,
		version,
		localPath,
		isAuthenticated: false,
		username: null,
		domain: null,
		password: null
	};
	if (kind === 'nfs') {
		f.done();
		return input;
	}
	const auth = sent('isAuthenticated') ?? false;
	f.check('isAuthenticated', typeof auth === 'boolean', 'isAuthenticated must be true or false.');
	input.isAuthenticated = auth === true;
	if (input.isAuthenticated) {
		input.username = text('username', 'User name', SHARE_CONFIG.usernameMax);
		input.domain = text('domain', 'Domain', SHARE_CONFIG.domainMax, true) || null;
		const password = source.password;
		if (typeof password === 'string' && password !== '') {
			f.check(
				'password',
				password.length <= SHARE_CONFIG.passwordMax,
				`Password must be at most ${SHARE_CONFIG.passwordMax} characters.`
			);
			input.password = password;
		} else if (password !== undefined && password !== null && typeof password !== 'string') {
			f.check('password', false, 'Password must be text.');
		} else {
			// Nothing sent: the stored password stays, but only for the server and user it was for.
			const stored = current?.kind === 'smb' && current.isAuthenticated ? current : null;
			const sameServer =
				stored !== null && serverOf('smb', stored.smbShare) === serverOf('smb', input.share);
			const sameUser =
				stored !== null && (stored.username ?? '').toLowerCase() === input.username.toLowerCase();
			if (stored?.password && sameServer && sameUser) input.password = stored.password;
			else
				f.check(
					'password',
					false,
					stored
						? 'Password is required again: the share now signs in to another server or as another user.'
						: 'Password is required to sign in with a user name (or turn isAuthenticated off for guest access).'
				);
		}
	}
	f.done();
	return input;
}

/** Who holds a drive letter on this machine, in words, or undefined when it is free. */
function letterHolder(
	m: { drives: DriveOrBackupSet; folders: FolderTree; shares: ShareSet },
	letter: string,
	self?: SimShare
): string | undefined {
	const share = m.shares.smb.find((s) => s !== self && s.localPath[0]?.toUpperCase() === letter);
	if (share) return `the share "${share.name}" is mounted there`;
	if (m.folders.disks.some((d) => d.name[0]?.toUpperCase() === letter))
		return 'it is a disk of this computer';
	const drive = m.drives.drives.find(
		(d) => d.driveType === DRIVE_TYPE.VirtualDrive && d.driveName.toUpperCase() === letter
	);
	if (drive) return `the drive "${drive.name}" uses it`;
	// Drives' and backups' folders on a letter the tree does not know (generated ones).
	const withoutShares = { drives: m.drives, folders: m.folders };
	return takenLetters(withoutShares).has(letter) ? 'a drive or backup uses it' : undefined;
}

/**
 * What the machine refuses about a share's place: a name another share has (499 DUPLICATE on
 * `name`), and a local path already in use (499 DUPLICATE on `localPath`): a letter that is a
 * disk, a drive's or another share's; a folder that is, holds or lies in another share's mount
 * point, or a drive's or backup's folder; a Windows folder on a disk the machine does not have.
 */
export function checkShare(
	m: { drives: DriveOrBackupSet; folders: FolderTree; shares: ShareSet },
	kind: ShareKind,
	input: ShareInput,
	self?: SimShare
) {
	const wanted = input.name.toLowerCase();
	const twin = sharesOf(m.shares).find((s) => s !== self && s.name.toLowerCase() === wanted);
	if (twin) throw refuse('DUPLICATE', 'name', `A share named ${twin.name} already exists.`);
	if (kind === 'smb') {
		const letter = input.localPath[0]!;
		const holder = letterHolder(m, letter, self);
		if (holder) throw refuse('DUPLICATE', 'localPath', `${letter}: is already in use: ${holder}.`);
		return;
	}
	const path = input.localPath;
	const other = m.shares.nfs.find(
		(s) => s !== self && (within(path, s.localPath) || within(s.localPath, path))
	);
	if (other)
		throw refuse(
			'DUPLICATE',
			'localPath',
			comparable(other.localPath) === comparable(path)
				? `${other.localPath} is already in use: the share "${other.name}" is mounted there.`
				: `${path} overlaps ${other.localPath}, where the share "${other.name}" is mounted.`
		);
	if (!/^[A-Z]:\\/.test(path)) return;
	if (!diskOf(m.folders, path))
		throw refuse('VALIDATION', 'localPath', `No disk ${path.slice(0, 2)} on this computer.`);
	for (const d of [...m.drives.drives, ...m.drives.backups]) {
		const places = [d.localPath, ...(d.kind === 'drive' ? [d.permanentLocalPath] : [])];
		if (places.some((p) => p && (within(path, p) || within(p, path))))
			throw refuse(
				'DUPLICATE',
				'localPath',
				`${path} is already in use: the ${d.kind} "${d.name}" keeps its files there.`
			);
	}
}

/** Why a mount fails: a code of `MOUNT_FAILURE` and the agent's sentence. */
export type MountFailure = { reason: string; message: string };

/**
 * Tries to mount a share on the network the machine sees. A server whose name ends in `.invalid`
 * never answers; a server of the network answers as it is set up (its shares or exports, its
 * versions, guest access, its accounts); any other server takes every share, version and sign-in.
 */
export function tryMount(share: SimShare, network: SimServer[]): MountFailure | null {
	const host = serverOf(share.kind, share.kind === 'smb' ? share.smbShare : share.nfsShare);
	if (!host || host.endsWith('.invalid'))
		return {
			reason: MOUNT_FAILURE.Unreachable,
			message: `The server ${host} did not answer: it could not be reached from this computer.`
		};
	const server = network.find((s) => s.host.toLowerCase() === host);
	if (!server) return null;
	if (share.kind === 'nfs') {
		const nfs = server.nfs;
		if (!nfs)
			return {
				reason: MOUNT_FAILURE.Unreachable,
				message: `The server ${host} does not answer NFS requests (no NFS service on it).`
			};
		const exported = nfsShareParts(share.nfsShare)!.path.replace(/\/+$/, '');
		if (!nfs.exports.includes(exported))
			return {
				reason: MOUNT_FAILURE.NotFound,
				message: `The server ${host} does not export ${exported}. It exports ${nfs.exports.join(', ')}.`
			};
		if (!nfs.versions.includes(share.version))
			return {
				reason: MOUNT_FAILURE.Version,
				message: `The server ${host} does not speak NFS ${share.version}: it takes NFS ${nfs.versions.join(', ')}.`
			};
		return null;
	}
	const smb = server.smb;
	if (!smb)
		return {
			reason: MOUNT_FAILURE.Unreachable,
			message: `The server ${host} does not answer SMB requests (no file sharing on it).`
		};
	if (!smb.versions.includes(share.version))
		return {
			reason: MOUNT_FAILURE.Version,
			message: `The server ${host} does not speak SMB ${share.version}: it takes SMB ${smb.versions.join(', ')}.`
		};
	const name = smbShareParts(share.smbShare)!.share.toLowerCase();
	if (!smb.shares.includes(name))
		return {
			reason: MOUNT_FAILURE.NotFound,
			message: `The server ${host} has no share named ${name}.`
		};
	if (!share.isAuthenticated)
		return smb.guest
			? null
			: {
					reason: MOUNT_FAILURE.Credentials,
					message: `The server ${host} does not allow guest access: sign in with a user name and password.`
				};
	const user = (share.username ?? '').toLowerCase();
	const domain = (share.domain ?? '').toLowerCase();
	const account = smb.accounts.find((a) => a.username.toLowerCase() === user);
	const domainFits = !domain || domain === 'workgroup' || domain === account?.domain.toLowerCase();
	if (!account || !domainFits || account.password !== share.password)
		return {
			reason: MOUNT_FAILURE.Credentials,
			message: `The server ${host} refused the sign-in as ${share.domain ? `${share.domain}\\` : ''}${share.username}: the user name or password is wrong.`
		};
	return null;
}
