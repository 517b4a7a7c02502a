import { TRANSFER_DIRECTION, TRANSFER_STATUS, enumName } from '../../src/lib/contract.ts';
import { formatBytes, type SimDriveOrBackup } from '../model/drives.ts';
import { belongsTo, type HistoryEntry } from '../model/history.ts';

/**
 * The reports of a drive or backup read from the transfer history: transfer_activity and
 * historical_trends (PascalCase, enums as the agent's names).
 */

export type ActivityQuery = { direction: number; status: number; page: number; pageSize: number };

/**
 * transfer_activity: newest first. The agent pages the drive's entries, then filters the page: a
 * filtered page can come back short, and Total counts the entries before the filter.
 */
export function transferActivity(
	d: SimDriveOrBackup,
	history: HistoryEntry[],
	{ direction, status, page, pageSize }: ActivityQuery
): Record<string, unknown> {
	const mine = history.filter((e) => belongsTo(d, e)).reverse();
	const start = (page - 1) * pageSize;
	const data = mine
		.slice(start, start + pageSize)
		.filter(
			(e) =>
				(direction === 0 || e.direction === direction) &&
				(status === 0 || (e.transferStatus & status) !== 0)
		);
	return {
		...(d.kind === 'drive'
			? { DriveId: d.id, Direction: enumName(TRANSFER_DIRECTION, direction) ?? 'All' }
			: { BackupId: d.id }),
		Data: data,
		Total: mine.length,
		Page: page,
		PageSize: pageSize
	};
}

const DAY = 86_400_000;
const dayOf = (iso: string) => iso.slice(0, 10);

/** historical_trends: per day for `days` days up to today, and success against failure. */
function trends(
	d: SimDriveOrBackup,
	entries: HistoryEntry[],
	days: number,
	now: number
): Record<string, unknown> {
	const first = now - (days - 1) * DAY;
	const dates: string[] = [];
	for (
		let t = first;
		dayOf(new Date(t).toISOString()) <= dayOf(new Date(now).toISOString());
		t += DAY
	)
		dates.push(dayOf(new Date(t).toISOString()));
	const perDay = new Map(dates.map((x) => [x, { count: 0, bytes: 0, speedSum: 0 }]));
	let ok = 0;
	let failed = 0;
	let cumulative = 0;
	for (const e of entries) {
		if (!belongsTo(d, e)) continue;
		const day = perDay.get(dayOf(e.startDate));
		if (!day) continue;
		day.count++;
		day.bytes += e.transferredSize;
		day.speedSum += e.averageSpeed;
		cumulative += e.transferredSize;
		if (e.transferStatus === TRANSFER_STATUS.Completed) ok++;
		else if (e.transferStatus === TRANSFER_STATUS.Error) failed++;
	}
	const series = (value: (x: { count: number; bytes: number; speedSum: number }) => number) =>
		dates.map((day) => ({ Date: day, Value: value(perDay.get(day)!) }));
	const rate = (n: number) => (ok + failed === 0 ? 0 : Math.round((n / (ok + failed)) * 1000) / 10);
	return {
		[d.kind === 'drive' ? 'DriveId' : 'BackupId']: d.id,
		TransfersPerDay: series((x) => x.count),
		DataVolumePerDay: series((x) => x.bytes),
		AverageSpeedPerDay: series((x) => (x.count ? Math.round(x.speedSum / x.count) : 0)),
		SuccessVsFailureRate: [
			{ Label: 'Success', Value: rate(ok), Color: '#22c55e' },
			{ Label: 'Failure', Value: rate(failed), Color: '#ef4444' }
		],
		CumulativeDataTransferred: cumulative,
		CumulativeDataTransferredFormatted: formatBytes(cumulative)
	};
}

/** historical_trends as this drive or backup answers it: a sloppy one lists a day twice. */
export function historicalTrends(
	d: SimDriveOrBackup,
	history: HistoryEntry[],
	days: number,
	now: number
): Record<string, unknown> {
	const answer = trends(d, history, days, now);
	return d.quirks?.repeatTrendDay ? repeatTrendDay(answer) : answer;
}

type Point = { Date: string; Value: number };

/**
 * A sloppy agent's trends: the busiest day listed twice, its transfers and volume split between
 * the two entries (so they still add up to the day's) and its average speed in both.
 */
function repeatTrendDay(answer: Record<string, unknown>): Record<string, unknown> {
	const transfers = answer.TransfersPerDay as Point[];
	const volume = answer.DataVolumePerDay as Point[];
	const speed = answer.AverageSpeedPerDay as Point[];
	const i = transfers.reduce((best, p, j) => (p.Value > transfers[best]!.Value ? j : best), 0);
	const day = transfers[i];
	if (!day) return answer;
	const first = Math.ceil(day.Value / 2);
	const bytes = volume[i]!.Value;
	const firstBytes = day.Value ? Math.round((bytes * first) / day.Value) : bytes;
	const twice = (list: Point[], a: number, b: number) => [
		...list.slice(0, i),
		{ Date: day.Date, Value: a },
		{ Date: day.Date, Value: b },
		...list.slice(i + 1)
	];
	return {
		...answer,
		TransfersPerDay: twice(transfers, first, day.Value - first),
		DataVolumePerDay: twice(volume, firstBytes, bytes - firstBytes),
		AverageSpeedPerDay: twice(speed, speed[i]!.Value, speed[i]!.Value)
	};
}
