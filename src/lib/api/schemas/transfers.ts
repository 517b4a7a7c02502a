import * as z from 'zod/mini';

/**
 * The agent's current transfers (/transfer/get_all, camelCase, enums as numbers). The item shape
 * is open in the contract: these are the older docs' fields, each of which may be missing or
 * null; the id is a number or a string. A row the console cannot read whole is shown as sent,
 * and the panel shows every field as sent.
 */

const text = z.optional(z.nullable(z.string()));
const num = z.optional(z.nullable(z.number()));
const flag = z.optional(z.nullable(z.boolean()));
const id = z.union([z.number(), z.string()]);

export const currentTransferSchema = z.looseObject({
	id,
	userId: z.optional(z.nullable(id)),
	syncCycleId: z.optional(z.nullable(id)),
	sourceCloudAccountId: z.optional(z.nullable(id)),
	sourceBucket: text,
	sourceRegion: text,
	sourcePath: text,
	destinationCloudAccountId: z.optional(z.nullable(id)),
	destinationBucket: text,
	destinationRegion: text,
	destinationPath: text,
	requestDate: text,
	startDate: text,
	endDate: text,
	transferStatus: num,
	transferType: num,
	allowSkip: flag,
	allowDelete: flag,
	total: num,
	failed: num,
	deleted: num,
	skipped: num,
	skippedSize: num,
	transferred: num,
	totalSize: num,
	transferredSize: num,
	percent: num,
	averageSpeed: num,
	transferredCost: num
});
export type CurrentTransfer = z.infer<typeof currentTransferSchema>;

export const transfersPageSchema = z.object({
	data: z.array(z.unknown()),
	total: z.number(),
	options: z.optional(z.nullable(z.object({ page: num, pageSize: num })))
});
