import type { DriveOrBackupList } from '$lib/api/drives';
import type { ShareList } from '$lib/api/shares';
import type { UserRow } from '$lib/api/users';
import { driveOrBackupRows, localPlace } from '$lib/drives/drive-words';
import { route } from '$lib/routes';
import { m } from '$lib/paraglide/messages';
import type { PaletteItem } from './palette-match.ts';
import type { RecentPlace } from './recent-places.ts';

/** What choosing an option does. */
export type PaletteChoice =
	/** Goes to a page of the console. */
	| { go: string }
	/** Asks, with the confirmation the agent's menu asks with, to pause or resume the agent. */
	| { command: 'pause' | 'resume' }
	/** Goes to a page and has it ask what its own button asks (`App.PageState['ask']`). */
	| { go: string; ask: 'sync' | 'invite' };

export type PaletteEntry = PaletteItem & {
	choice: PaletteChoice;
	/** Offered only once something is typed: one per drive would bury the rest. */
	typedOnly?: boolean;
	/** The place kept among the recent ones when it is chosen. */
	keep?: RecentPlace;
};

/** A page of the console as the header's navigation names it. */
export type PalettePage = { href: string; label: string };

/**
 * The console's pages, named as the header names them: handed down from its navigation, so the
 * page every user loads first carries their words once.
 */
export function pageEntries(pages: readonly PalettePage[]): PaletteEntry[] {
	return pages.map(({ label, href }) => ({
		key: `page:${href}`,
		kind: 'page',
		label,
		// The address too, so "/drives" finds it in every language.
		also: [href],
		choice: { go: href }
	}));
}

/** What this user may do from here, by the rules the pages that offer it follow. */
export type Allowed = {
	/** The agent's commands its status allows now (`allowedActions`). */
	commands: readonly string[];
	/** Inviting needs an administrator (the users page's rule). */
	admin: boolean;
	/** Sync now waits while the agent is paused (the drive page's rule). */
	paused: boolean;
};

export function actionEntries(allowed: Allowed, list: DriveOrBackupList | null): PaletteEntry[] {
	const entries: PaletteEntry[] = [];
	if (allowed.commands.includes('pause'))
		entries.push({
			key: 'action:pause',
			kind: 'action',
			label: m.palette_pause_agent(),
			choice: { command: 'pause' }
		});
	if (allowed.commands.includes('resume'))
		entries.push({
			key: 'action:resume',
			kind: 'action',
			label: m.palette_resume_agent(),
			choice: { command: 'resume' }
		});
	entries.push(
		{
			key: 'action:add-drive',
			kind: 'action',
			label: m.palette_add_drive(),
			choice: { go: route.newDrive() }
		},
		{
			key: 'action:add-backup',
			kind: 'action',
			label: m.palette_add_backup(),
			choice: { go: route.newBackup() }
		}
	);
	if (allowed.admin)
		entries.push({
			key: 'action:invite',
			kind: 'action',
			label: m.palette_invite(),
			choice: { go: route.users(), ask: 'invite' }
		});
	if (!allowed.paused && list) {
		for (const row of driveOrBackupRows(list.items)) {
			if (row.kind !== 'drive' || !row.href) continue;
			entries.push({
				key: `action:sync:${row.drive.id}`,
				kind: 'action',
				label: m.palette_sync_drive({ name: row.drive.name || m.palette_unnamed_drive() }),
				detail: localPlace(row),
				typedOnly: true,
				choice: { go: row.href, ask: 'sync' }
			});
		}
	}
	return entries;
}

/** Each drive and backup the agent listed that has a page, by its name, folder, bucket or id. */
export function driveOrBackupEntries(list: DriveOrBackupList | null): PaletteEntry[] {
	if (!list) return [];
	return driveOrBackupRows(list.items).flatMap((row): PaletteEntry[] => {
		if (!row.href) return [];
		const drive = row.kind === 'drive';
		const d = row.drive;
		return [
			{
				key: `${row.kind}:${d.id}`,
				kind: row.kind,
				label: d.name || (drive ? m.palette_unnamed_drive() : m.palette_unnamed_backup()),
				detail: localPlace(row),
				also: [d.storageName ?? '', d.id],
				typedOnly: true,
				choice: { go: row.href }
			}
		];
	});
}

/** Each SMB and NFS share, by its name, folder or address. */
export function shareEntries(list: ShareList | null): PaletteEntry[] {
	if (!list) return [];
	return list.items.map((item) => {
		const address = item.kind === 'smb' ? item.model.smbShare : item.model.nfsShare;
		return {
			key: `share:${item.kind}:${item.id}`,
			kind: 'share',
			label: item.model.name || address || item.id,
			detail: item.model.localPath ?? undefined,
			also: [address ?? '', item.id],
			typedOnly: true,
			choice: { go: route.shares(item.kind, item.id) }
		};
	});
}

/** Users the agent found, each opened in the users list by its username. */
export function userEntries(rows: readonly UserRow[]): PaletteEntry[] {
	return rows.flatMap((row): PaletteEntry[] => {
		const user = row.user;
		if (!user) return [];
		const name = [user.firstname, user.lastname].filter(Boolean).join(' ');
		return [
			{
				key: `user:${user.id}`,
				kind: 'user',
				label: name || user.username,
				detail: user.username,
				also: [user.email ?? ''],
				typedOnly: true,
				choice: { go: route.users({ q: user.username, user: user.id }) }
			}
		];
	});
}
