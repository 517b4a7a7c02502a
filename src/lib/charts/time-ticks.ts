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
	return splits.map((s) => {
		const at = new Date(s * 1000);
		return days ? formatDate(at) : seconds ? formatTime(at) : formatClock(at);
	});
}

/**
 * The y axis's values in words, each said once: of splits closer than the words' precision (0.5
 * and 1 B/s on an idle chart both read "1 B/s") the last keeps the label, the others their grid
 * line only.
 */
export function valueTicks(splits: number[], format: (value: number) => string): string[] {
	const texts = splits.map(format);
	return texts.map((text, i) => (texts[i + 1] === text ? '' : text));
}
