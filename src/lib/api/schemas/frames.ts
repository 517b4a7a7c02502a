import * as z from 'zod/mini';

export { NOTIFICATION_TYPE } from '$lib/contract';

/** WebSocket frames use PascalCase keys. */

/** `{Type, Data}` on /notification; Data is checked per Type by the schemas below. */
export const notificationFrameSchema = z.object({
	Type: z.int(),
	Data: z.unknown()
});
export type NotificationFrame = z.infer<typeof notificationFrameSchema>;

/** Whether mode and status arrive as names or numbers is open: accept both. */
const nameOrNumber = z.union([z.string(), z.number()]);

export const progressDataSchema = z.object({
	TransferMode: z.optional(z.nullable(nameOrNumber)),
	Status: z.optional(z.nullable(nameOrNumber)),
	StorageType: z.optional(z.nullable(nameOrNumber)),
	Path: z.optional(z.nullable(z.string())),
	Bytes: z.optional(z.nullable(z.number())),
	Size: z.optional(z.nullable(z.number())),
	Error: z.optional(z.nullable(z.string())),
	Name: z.optional(z.nullable(z.string())),
	StorageName: z.optional(z.nullable(z.string())),
	Speed: z.optional(z.nullable(z.number())),
	Duration: z.optional(z.nullable(z.string())),
	TransferId: z.union([z.string(), z.number()]),
	StartTimeUtc: z.optional(z.nullable(z.string())),
	ProgressTimeUtc: z.optional(z.nullable(z.string()))
});
export type ProgressData = z.infer<typeof progressDataSchema>;

export const appNotificationDataSchema = z.object({
	Operation: z.optional(z.nullable(z.string())),
	EndpointAddress: z.optional(z.nullable(z.string())),
	HttpMethod: z.optional(z.nullable(z.string())),
	Origin: z.optional(z.nullable(z.string()))
});

/** `{Path, StorageName, State}` on /statechange; State is a flag set, unknown bits kept. */
export const stateChangeFrameSchema = z.object({
	Path: z.string(),
	StorageName: z.optional(z.nullable(z.string())),
	State: z.int()
});
export type StateChangeFrame = z.infer<typeof stateChangeFrameSchema>;
