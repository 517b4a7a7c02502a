import { maskCredentials, maskDeep } from '$lib/mask';
import { inBaseLocale } from '$lib/i18n/catalogs';
import { csvCell } from '$lib/list/csv';
import { entryWords } from './entry-words';
import { payloadOf, payloadText, type TimelineEntry } from './timeline-entry';

/**
 * What the timeline shows, as JSON lines or CSV, gap markers included, in English whatever the
 * console speaks (a script reads the same columns and words). Text stays text: a CSV cell
 * that a spreadsheet would run as a formula is prefixed with an apostrophe, and tokens are masked.
 */

function row(entry: TimelineEntry) {
	return inBaseLocale(() => {
		const { label, summary } = entryWords(entry);
		return {
			time: new Date(entry.at).toISOString(),
			channel: entry.channel,
			kind: entry.kind,
			label,
			summary: entry.kind === 'gap' ? gapText(entry) : summary,
			payload: payloadOf(entry)
		};
	});
}

export function gapText(entry: TimelineEntry): string {
	const gap = entry.gap;
	if (!gap) return '';
	const from = new Date(gap.from).toISOString();
	const to = gap.to === null ? 'now' : new Date(gap.to).toISOString();
	return `${entry.channel} disconnected ${from} to ${to} (${gap.reason}); events in this window may be missing`;
}

export function toJsonLines(entries: TimelineEntry[]): string {
	return (
		entries.map((e) => maskCredentials(JSON.stringify(maskDeep(row(e))))).join('\n') +
		(entries.length ? '\n' : '')
	);
}

export function toCsv(entries: TimelineEntry[]): string {
	const lines = ['Time (UTC),Channel,Event,Summary,As sent'];
	for (const e of entries) {
		const r = row(e);
		lines.push(
			[r.time, r.channel, r.label, r.summary, payloadText(e)]
				.map((v) => csvCell(maskCredentials(v)))
				.join(',')
		);
	}
	return lines.join('\r\n') + '\r\n';
}
