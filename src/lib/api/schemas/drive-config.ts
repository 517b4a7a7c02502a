import * as z from 'zod/mini';

/**
 * Shapes read only where drives and backups are configured (the forms, the cache dialog, the
 * import): kept apart from \`drives.ts\`, which the first load of every page carries.
 */

const idish = z.optional(z.nullable(z.union([z.string(), z.number()])));
const textish = z.optional(z.nullable(z.string()));
const numish = z.optional(z.nullable(z.number()));
/**
 * The cloud accounts the agent uses, where it shows them (no endpoint lists them): a history
 * row's source and destination fields (the list's schema keeps them as sent), a drive's account
 * with its name, an account as a model holds it.
 */
export const historyAccountsSchema = z.looseObject({
	sourceCloudAccountId: idish,
	sourceCloudAccountName: textish,
	sourceCloudProvider: numish,
	destinationCloudAccountId: idish,
	destinationCloudAccountName: textish,
	destinationCloudProvider: numish
});
export const accountNameSchema = z.looseObject({ name: textish });
export const accountRefSchema = z.looseObject({ id: idish, cloudType: numish });
/** A drive's transfer profile (open in the contract: kept as sent on the model itself). */
export const transferOptionsSchema = z.looseObject({
	chunkSize: numish,
	retryCount: numish,
	concurrentChunks: numish,
	concurrentFiles: numish
});

/**
 * A cache move under way, as a drive's model says it while it lasts (`cacheMove`) and as the
 * agent's UserNotification frames tell it (`Operation: "CacheMove"`): both open in the contract,
 * so every field is read leniently.
 */
export const cacheMoveModelSchema = z.looseObject({
	cacheMove: z.optional(
		z.nullable(
			z.looseObject({ destination: z.optional(z.unknown()), percent: z.optional(z.unknown()) })
		)
	)
});
export const cacheMoveFrameSchema = z.looseObject({
	Operation: z.optional(z.unknown()),
	DriveId: z.optional(z.unknown()),
	Destination: z.optional(z.unknown()),
	Percent: z.optional(z.unknown())
});
