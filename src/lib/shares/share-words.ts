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
const placeOf = (item: ShareItem) => String(item.model.localPath ?? '') || 'its local path';
const pathOf = (item: ShareItem) =>
	String((item.model as Record<string, unknown>)[shareField(item.kind)] ?? '') || 'the share';
const signsIn = (item: ShareItem) => item.kind === 'smb' && item.model.isAuthenticated === true;

export function removeWords(item: ShareItem): ActionWords {
	return {
		label: 'Remove',
		title: `Remove the share "${nameOf(item)}"?`,
		consequences: [
			`The agent unmounts ${pathOf(item)} from ${placeOf(item)} and forgets the share${signsIn(item) ? ' and its stored password' : ''}.`,
			'The files on the server stay; add the share again to reach them from this computer.',
			`Programs with files open on ${placeOf(item)} lose them: save and close those first.`
		],
		confirm: 'Remove the share',
		danger: true,
		done: ''
	};
}

export function mountWords(item: ShareItem): ActionWords {
	return {
		label: 'Try to mount again',
		title: `Try to mount "${nameOf(item)}" again?`,
		consequences: [
			`The agent connects to ${pathOf(item)} again with the stored settings${signsIn(item) ? ' and password' : ''}, and mounts it on ${placeOf(item)} if it can.`,
			'Nothing in its settings changes. If it fails again, its card says what the agent said.'
		],
		confirm: 'Try to mount again',
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
