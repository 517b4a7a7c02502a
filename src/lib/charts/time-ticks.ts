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
