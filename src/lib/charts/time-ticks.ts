import { formatDate } from '$lib/format/cells';
import { formatClock, formatTime } from '$lib/format/time';

/**
 * The x axis's times (uPlot gives them in seconds) as every other time in the console: a 24-hour
 * clock ("16:01"), with seconds when ticks are under a minute apart so that no two read the same,
 * or dates when the chart spans days. uPlot's own would say "4:01pm".
 */
export function timeTicks(splits: number[]): string[] {
	const days = splits.length > 1 && splits.at(-1)! - splits[0]! >= 86_400;
	const seconds = splits.length > 1 && splits[1]! - splits[0]! < 60;
	return onceEach(
		splits.map((s) => {
			const at = new Date(s * 1000);
			return days ? formatDate(at) : seconds ? formatTime(at) : formatClock(at);
		}),
		'first'
	);
}

/**
 * Each label said once: of neighbouring ticks whose words are the same, one keeps the label and
 * the others their grid line only. Times are cut to the second (ticks half a second apart read
 * the same second, which the first of them is); values are rounded (0.5 and 1 B/s on an idle
 * chart both read "1 B/s", which the last of them is).
 */
function onceEach(texts: string[], keep: 'first' | 'last'): string[] {
	return texts.map((text, i) => (texts[keep === 'first' ? i - 1 : i + 1] === text ? '' : text));
}

/** The y axis's values in words, each said once. */
export function valueTicks(splits: number[], format: (value: number) => string): string[] {
	return onceEach(splits.map(format), 'last');
}
