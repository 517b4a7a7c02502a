import { inLocale } from './intl.ts';

/**
 * Sizes and durations of transfers, for people, in the console's locale. Sizes are binary
 * everywhere (1 KB = 1,024 bytes), as the agent writes its own size strings, so one size reads the
 * same in the list and the panel (docs/VOCABULARY.md says so once); their symbols (B, KB, MB, GB,
 * TB) are the same in every language the console speaks, the number is the locale's ("1.5 GB",
 * "1,5 GB"). Durations are Intl's units joined by Intl's list ("2 min 5 sec", "2 Min., 5 Sek.",
 * "2 分 5 秒").
 */

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

const NUMBER = (digits: number) =>
	inLocale(
		`size-number ${digits}`,
		(locale) =>
			new Intl.NumberFormat(locale, {
				minimumFractionDigits: digits,
				maximumFractionDigits: digits
			})
	);

export function formatBytes(n: number): string {
	let value = Math.max(0, Number.isFinite(n) ? n : 0);
	let unit = 0;
	while (value >= 1024 && unit < UNITS.length - 1) {
		value /= 1024;
		unit++;
	}
	const digits = unit === 0 || value >= 100 ? 0 : 1;
	return `${NUMBER(digits).format(digits ? value : Math.round(value))} ${UNITS[unit]}`;
}

export type DurationUnit = 'second' | 'minute' | 'hour' | 'day';

const UNIT = (unit: DurationUnit) =>
	inLocale(
		`unit ${unit}`,
		(locale) => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' })
	);
const JOIN = () =>
	inLocale('unit-list', (locale) => new Intl.ListFormat(locale, { type: 'unit', style: 'narrow' }));

/** "2 hr 13 min" in the locale: each part through Intl, joined as the locale joins units. */
export function formatUnits(parts: readonly (readonly [number, DurationUnit])[]): string {
	return JOIN().format(parts.map(([count, unit]) => UNIT(unit).format(count)));
}

/** "42 sec", "2 min 5 sec", "2 hr 1 min": two units at most, the larger first. */
export function formatDuration(seconds: number): string {
	const s = Math.max(0, Math.round(Number.isFinite(seconds) ? seconds : 0));
	if (s < 60) return formatUnits([[s, 'second']]);
	if (s < 3600)
		return formatUnits([
			[Math.floor(s / 60), 'minute'],
			[s % 60, 'second']
		]);
	return formatUnits([
		[Math.floor(s / 3600), 'hour'],
		[Math.floor((s % 3600) / 60), 'minute']
	]);
}
