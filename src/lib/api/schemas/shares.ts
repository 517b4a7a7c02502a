import * as z from 'zod/mini';

/**
 * Network shares (/management/smbclient, /management/nfsclient, camelCase). Every field but the id
 * may be missing or odd: a row is shown with what it has. Unknown fields are kept, so a change
 * sends back what the console does not know; credentials are taken out where the answer is read
 * (`api/shares.ts`), never kept.
 */

const text = z.optional(z.nullable(z.string()));
const flag = z.optional(z.nullable(z.boolean()));
/** `version` is a string in the contract; a number is shown as sent. */
const version = z.optional(z.nullable(z.union([z.string(), z.number()])));
const id = z.union([z.string(), z.number()]);

export const smbShareSchema = z.looseObject({
	id,
	name: text,
	smbShare: text,
	version,
	localPath: text,
	active: flag,
	isAuthenticated: flag,
	username: text,
	domain: text
});
export type SmbShare = z.infer<typeof smbShareSchema>;

export const nfsShareSchema = z.looseObject({
	id,
	name: text,
	nfsShare: text,
	version,
	localPath: text,
	active: flag
});
export type NfsShare = z.infer<typeof nfsShareSchema>;

export const shareListSchema = z.array(z.unknown());

/**
 * A UserNotification about a share's mount, as the development agent sends it (`Operation:
 * "ShareMount"`, `ShareId`, `Reason`). The shape is open: another agent may say it in Title and
 * Message only, so every field is optional.
 */
export const shareMountFrameSchema = z.object({
	Title: text,
	Message: text,
	Severity: text,
	TimeUtc: text,
	Operation: text,
	ShareId: z.optional(z.nullable(id)),
	ShareType: text,
	Reason: text
});

/** A reason a model may carry for a mount that failed: a sentence, or `{message, code}`. */
export const modelReasonSchema = z.union([
	z.string(),
	z.object({
		message: text,
		Message: text,
		code: text,
		Code: text,
		reason: text
	})
]);
