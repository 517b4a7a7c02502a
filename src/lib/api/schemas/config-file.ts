import * as z from 'zod/mini';

/**
 * The console's own file of drives and backups (`src/lib/drives/config-file.ts`): a user's file,
 * read at its edge as the agent's answers are. Each row is read alone.
 */

const str = z.string();
const optStr = z.optional(z.nullable(z.string()));
const optBool = z.optional(z.nullable(z.boolean()));
const account = z.object({
	id: z.union([z.string(), z.number()]),
	cloudType: z.optional(z.nullable(z.number()))
});

export const driveItemSchema = z.object({
	name: str,
	storageName: str,
	prefix: optStr,
	driveName: optStr,
	driveType: z.int(),
	syncType: z.int(),
	permissionType: z.int(),
	localCacheEncrypted: optBool,
	cloudObjectsEncrypted: optBool,
	allowDelete: optBool,
	maximumCacheSize: z.optional(z.nullable(z.number().check(z.nonnegative()))),
	permanentLocalPath: optStr,
	localPath: optStr,
	account
});

export const backupItemSchema = z.object({
	name: str,
	localPath: str,
	prefix: optStr,
	storageName: str,
	syncIntervalSeconds: z.int(),
	localCacheEncrypted: optBool,
	cloudObjectsEncrypted: optBool,
	account
});

export const configFileSchema = z.looseObject({
	format: z.optional(z.unknown()),
	version: z.optional(z.unknown()),
	drives: z.optional(z.array(z.unknown())),
	backups: z.optional(z.array(z.unknown()))
});

export const namedItemSchema = z.object({ name: z.string() });

export type ConfigSchema<T> = z.ZodMiniType<T>;
export type ConfigIssue = z.core.$ZodIssue;
