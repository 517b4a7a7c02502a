/**
 * Sizes and durations of transfers, for people. Sizes are binary everywhere (1 KB = 1,024 bytes),
 * as the agent writes its own size strings, so one size reads the same in the list and the panel
 * (docs/VOCABULARY.md says so once).
 */

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

export function formatBytes(n: number): string {
	let value = Math.max(0, n);
	let unit = 0;
	while (value >= 1024 && unit < UNITS.length - 1) {
		value /= 1024;
		unit++;
	}
	return `${unit === 0 || value >= 100 ? Math.round(value) : value.toFixed(1)} ${UNITS[unit]}`;
}

export function formatDuration(seconds: number): string {
	const s = Math.round(seconds);
	if (s < 60) return `${s} s`;
	if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
	return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}
