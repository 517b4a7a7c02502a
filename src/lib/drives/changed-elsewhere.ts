import type { DriveOrBackupKind } from '$lib/api/drives';
import { appNotificationDataSchema, type NotificationFrame } from '$lib/api/schemas/frames';
import { CONSOLE_ORIGIN, NOTIFICATION_TYPE } from '$lib/contract';

/**
 * Whether a notification says another client (the agent's app, another console) changed this
 * drive or backup: an AppNotification that names its id in its Operation or address, from an
 * Origin other than this console's. The form then reads it again at once, instead of waiting
 * for the check right before saving.
 */
export function changedElsewhere(
	frame: NotificationFrame,
	kind: DriveOrBackupKind,
	id: string
): boolean {
	if (frame.Type !== NOTIFICATION_TYPE.AppNotification) return false;
	const data = appNotificationDataSchema.safeParse(frame.Data);
	if (!data.success || data.data.Origin === CONSOLE_ORIGIN) return false;
	const area = kind === 'drive' ? 'clouddrive' : 'cloudbackup';
	const text = `${data.data.Operation ?? ''} ${data.data.EndpointAddress ?? ''}`.toLowerCase();
	const named = [id, encodeURIComponent(id)].some((form) =>
		text.includes(`${area}/${form.toLowerCase()}`)
	);
	return named && (data.data.HttpMethod ?? 'PUT').toUpperCase() !== 'GET';
}
