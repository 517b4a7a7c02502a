import * as z from 'zod/mini';

/**
 * Files inside a drive (`object_info`, `objects_info`, `object_status`,
 * `generate_presigned_urls`). Every field but the path may be missing or odd: a list is read
 * element by element where it is used, so one odd element is left out (and counted), not the list.
 * Open in the contract: whether `state` is the `/statechange` flags or `object_status`' numbering,
 * and whether `path` is a full local path or the object's key; `isOffline` and `cachedSize` are
 * fields an agent may add (the development agent does).
 */

const text = z.optional(z.nullable(z.string()));
const num = z.optional(z.nullable(z.number()));
const flag = z.optional(z.nullable(z.boolean()));

export const objectListSchema = z.array(z.unknown());

export const objectInfoSchema = z.looseObject({
	path: z.string(),
	driveName: text,
	bucketName: text,
	size: num,
	lastModifiedDate: text,
	state: z.optional(z.nullable(z.union([z.number(), z.string()]))),
	isDirectory: flag,
	objectType: z.optional(z.nullable(z.union([z.number(), z.string()]))),
	id: z.optional(z.nullable(z.union([z.string(), z.number()]))),
	fileName: text,
	name: text,
	isOffline: flag,
	cachedSize: num
});
export type ObjectInfoSent = z.infer<typeof objectInfoSchema>;

/** `object_status`: an integer in its own numbering; anything else is shown as sent. */
export const objectStatusSchema = z.unknown();

/** `generate_presigned_urls`: two links, each a credential for 24 hours. */
export const presignedSchema = z.looseObject({ downloadUrl: text, uploadUrl: text });
