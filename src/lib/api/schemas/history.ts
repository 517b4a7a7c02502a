import * as z from 'zod/mini';

/**
 * The transfer history (/transferhistory, camelCase, enums as numbers). Every field but the id may
 * be missing or null: a row the console cannot read whole is shown with what it has, and the
 * panel shows every field as sent.
 */

const text = z.optional(z.nullable(z.string()));
const num = z.optional(z.nullable(z.number()));

export const historyItemSchema = z.looseObject({
	id: z.union([z.number(), z.string()]),
	userId: text,
	userEmail: text,
	userName: text,
	origin: num,
	direction: num,
	transferStatus: num,
	startDate: text,
	endDate: text,
	sourceCloudProvider: num,
	sourceBucket: text,
	sourcePath: text,
	destinationCloudProvider: num,
	destinationBucket: text,
	destinationPath: text,
	totalObjects: num,
	transferredObjects: num,
	failedObjects: num,
	skippedObjects: num,
	totalSize: num,
	transferredSize: num,
	averageSpeed: num,
	errorMessage: text,
	name: text,
	sourceCloudAccountName: text,
	destinationCloudAccountName: text,
	totalSizeString: text,
	transferredSizeString: text
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const historyPageSchema = z.object({
	data: z.array(z.unknown()),
	total: z.number(),
	options: z.optional(z.nullable(z.object({ page: num, pageSize: num })))
});
