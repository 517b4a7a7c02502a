import { m } from '$lib/paraglide/messages';
import type { ShareItem } from '$lib/api/shares';
import { appNotificationDataSchema, type NotificationFrame } from '$lib/api/schemas/frames';
import type { ActionWords } from '$lib/actions/action.svelte';
import { CONSOLE_ORIGIN, NOTIFICATION_TYPE } from '$lib/contract';
import { mountNewsOf } from './mount-advice';
import { shareField } from './share-config';

/**
 * What removing a share and mounting it again do, said before, and which frames mean the list of
 * shares changed. Removing unmounts and forgets; the files on the server stay (never "delete").
 */

const nameOf = (item: ShareItem) => String(item.model.name ?? '') || item.id;
const placeOf = (item: ShareItem) =>
	String(item.model.localPath ?? '') || m.shares_fallback_place();
const pathOf = (item: ShareItem, fallback: () => string) =>
	String((item.model as Record<string, unknown>)[shareField(item.kind)] ?? '') || fallback();
const signsIn = (item: ShareItem) => item.kind === 'smb' && item.model.isAuthenticated === true;

export function removeWords(item: ShareItem): ActionWords {
	const said = { path: pathOf(item, m.shares_fallback_share), place: placeOf(item) };
	return {
		label: m.shares_remove(),
		title: m.shares_remove_title({ name: nameOf(item) }),
		consequences: [
			signsIn(item) ? m.shares_remove_unmounts_password(said) : m.shares_remove_unmounts(said),
			m.shares_remove_files_stay(),
			m.shares_remove_programs({ place: said.place })
		],
		confirm: m.shares_remove_confirm(),
		danger: true,
		done: '',
		names: [nameOf(item)]
	};
}

export function mountWords(item: ShareItem): ActionWords {
	const said = { path: pathOf(item, m.shares_fallback_share_to), place: placeOf(item) };
	return {
		label: m.shares_mount_again(),
		title: m.shares_mount_title({ name: nameOf(item) }),
		consequences: [
			signsIn(item) ? m.shares_mount_connects_password(said) : m.shares_mount_connects(said),
			m.shares_mount_nothing_changes()
		],
		confirm: m.shares_mount_again(),
		danger: false,
		done: ''
	};
}

/**
 * Whether a frame means the shares changed without this page asking: another client's call to
 * smbclient or nfsclient, or a mount's outcome (the agent's own, or one this console asked for).
 */
export function changedByOthers(frame: NotificationFrame): boolean {
	if (mountNewsOf(frame)) return true;
	if (frame.Type !== NOTIFICATION_TYPE.AppNotification) return false;
	const data = appNotificationDataSchema.safeParse(frame.Data);
	if (!data.success || data.data.Origin === CONSOLE_ORIGIN) return false;
	const where = `${data.data.Operation ?? ''} ${data.data.EndpointAddress ?? ''}`.toLowerCase();
	return /\b(smb|nfs)client\b/.test(where);
}
