import { isSecretName, maskCredentials, maskDeep } from '$lib/mask';

/**
 * CSV a spreadsheet opens safely: text stays text (a cell it would run as a formula gets a leading
 * apostrophe), quotes where needed, tokens masked, CRLF line ends. The timeline's export and the
 * transfer history's export use it.
 */

const FORMULA = /^[=+\-@\t\r]/;
/** A spreadsheet that splits on `;`, `,`, tab or `|` would start a new cell there. */
const FORMULA_AFTER_SEPARATOR = /([;,\t|])([=+\-@])/g;

export function csvCell(value: string): string {
	const safe = (FORMULA.test(value) ? `'${value}` : value).replace(
		FORMULA_AFTER_SEPARATOR,
		"$1'$2"
	);
	return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Records as CSV: one column per key any record has, in the order they first appear. */
export function recordsCsv(records: Record<string, unknown>[]): string {
	const keys = [...new Set(records.flatMap((r) => Object.keys(r)))];
	const text = (v: unknown) =>
		v === null || v === undefined ? '' : typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
	const lines = [keys.map(csvCell).join(',')];
	// Masked again by name and by form: a record may have been built after the agent's answer.
	const cell = (k: string, v: unknown) =>
		csvCell(maskCredentials(text(maskDeep(v, 1, isSecretName(k)))));
	for (const r of records) lines.push(keys.map((k) => cell(k, r[k])).join(','));
	return lines.join('\r\n') + '\r\n';
}

/** Offers text as a file download. */
export function download(text: string, type: string, filename: string) {
	const url = URL.createObjectURL(new Blob([text], { type }));
	const a = document.createElement('a');
	a.href = url;
	a.download = filename;
	a.click();
	setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
