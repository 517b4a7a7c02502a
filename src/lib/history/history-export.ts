import type { Row } from '$lib/api/rows';
import type { HistoryItem } from '$lib/api/schemas/history';
import { historyItemSchema } from '$lib/api/schemas/history';
import { parseAgentDate } from '$lib/format/cells';
import { inBaseLocale } from '$lib/i18n/catalogs';
import { recordsCsv } from '$lib/list/csv';
import { isSecretName, maskDeep } from '$lib/mask';
import {
	directionText,
	durationSeconds,
	originText,
	sideText,
	statusText
} from '$lib/history/history-words';

/**
 * The transfer history as a spreadsheet reads it: headings in words, states in words, sizes in
 * bytes and times in UTC (ISO 8601) so that a sheet can add and sort them; all in English, in
 * every language the console speaks. A field this version does
 * not know is kept, headed by its name and "as sent".
 */

type Column = [heading: string, cell: (h: HistoryItem) => string | number | null | undefined];

const asSent = (h: HistoryItem, key: string) => {
	const v = (h as Record<string, unknown>)[key];
	return typeof v === 'string' || typeof v === 'number' ? v : null;
};

const utc = (value: string | null | undefined) => parseAgentDate(value)?.toISOString() ?? value;

const COLUMNS: Column[] = [
	['Entry ID', (h) => String(h.id)],
	['Name', (h) => h.name],
	['Status', (h) => statusText(h.transferStatus)],
	['Direction', (h) => directionText(h.direction)],
	['Started by', (h) => originText(h.origin)],
	[
		'From',
		(h) => sideText(h.sourceCloudProvider, h.sourceCloudAccountName, h.sourceBucket, h.sourcePath)
	],
	[
		'To',
		(h) =>
			sideText(
				h.destinationCloudProvider,
				h.destinationCloudAccountName,
				h.destinationBucket,
				h.destinationPath
			)
	],
	['Started (UTC)', (h) => utc(h.startDate)],
	['Ended (UTC)', (h) => utc(h.endDate)],
	['Duration (seconds)', (h) => durationSeconds(h)],
	['Objects', (h) => h.totalObjects],
	['Objects transferred', (h) => h.transferredObjects],
	['Objects failed', (h) => h.failedObjects],
	['Objects skipped', (h) => h.skippedObjects],
	['Size (bytes)', (h) => h.totalSize],
	['Transferred (bytes)', (h) => h.transferredSize],
	['Average speed (bytes/s)', (h) => h.averageSpeed],
	['Error', (h) => h.errorMessage],
	['By', (h) => h.userName],
	['E-mail', (h) => h.userEmail],
	['User ID', (h) => h.userId],
	['Account ID', (h) => asSent(h, 'accountId')],
	['Source account ID', (h) => asSent(h, 'sourceCloudAccountId')],
	['Destination account ID', (h) => asSent(h, 'destinationCloudAccountId')]
];

/** Fields the columns above say. */
const KNOWN = new Set([
	...Object.keys(historyItemSchema.def.shape),
	'accountId',
	'sourceCloudAccountId',
	'destinationCloudAccountId'
]);

/** The CSV, in English whatever the console speaks: a sheet or a script reads the same columns. */
export function historyCsv(rows: Row<HistoryItem>[]): string {
	return inBaseLocale(() =>
		recordsCsv(
			rows.map(({ raw, value }) => {
				const record: Record<string, unknown> = {};
				for (const [heading, cell] of COLUMNS) record[heading] = value ? cell(value) : null;
				for (const [key, v] of Object.entries(raw))
					if (!value || !KNOWN.has(key))
						record[`${key} (as sent)`] = maskDeep(v, 1, isSecretName(key));
				return record;
			})
		)
	);
}
