import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPE } from '$lib/contract';
import { cacheMoveFrame, cacheMoveOf, cacheMoveOver, movingBySummary } from './cache-move.ts';

const ID = 'd1';
const frame = (Data: unknown, Type: number = NOTIFICATION_TYPE.UserNotification) => ({
	Type,
	Data
});

describe('a cache on the move', () => {
	it('reads the model while it moves, and nothing once it is done', () => {
		expect(cacheMoveOf({ id: ID, cacheMove: { destination: 'D:\\Cache', percent: 40 } })).toEqual({
			destination: 'D:\\Cache',
			percent: 40
		});
		expect(cacheMoveOf({ id: ID })).toBeNull();
		expect(cacheMoveOf({ id: ID, cacheMove: null })).toBeNull();
		// An odd percent or destination is not known, not a crash.
		expect(cacheMoveOf({ id: ID, cacheMove: { percent: 'half', destination: 7 } })).toEqual({
			destination: null,
			percent: null
		});
		expect(cacheMoveOf({ id: ID, cacheMove: { percent: 140 } })?.percent).toBe(100);
	});

	it('takes only this drive’s CacheMove user notifications', () => {
		const data = { Operation: 'CacheMove', DriveId: ID, Destination: 'D:\\Cache', Percent: 60 };
		expect(cacheMoveFrame(frame(data), ID)).toEqual({ destination: 'D:\\Cache', percent: 60 });
		expect(cacheMoveFrame(frame(data), 'other')).toBeNull();
		expect(cacheMoveFrame(frame({ ...data, Operation: 'Other' }), ID)).toBeNull();
		expect(cacheMoveFrame(frame(data, NOTIFICATION_TYPE.Progress), ID)).toBeNull();
		expect(cacheMoveFrame(frame('text'), ID)).toBeNull();
		expect(cacheMoveFrame(frame({ ...data, Percent: null }), ID)?.percent).toBeNull();
	});
});

describe('a move asked for, over', () => {
	it('reads a summary status that speaks of the cache moving, in any agent’s words', () => {
		for (const word of ['MovingCache', 'Moving cache', 'CACHE_MIGRATING', 'CacheRelocation'])
			expect(movingBySummary(word), word).toBe(true);
		for (const word of ['Running', 'Paused', 'Stopped', 'Moving', 'CacheFull', '', null])
			expect(movingBySummary(word), String(word)).toBe(false);
	});

	it('is not over while the model or the summary says otherwise', () => {
		const moving = { id: ID, cacheMove: { destination: 'E:\\Cache', percent: 10 } };
		expect(cacheMoveOver(moving, 'Running')).toBe(false);
		expect(cacheMoveOver({ id: ID }, 'MovingCache')).toBe(false);
		expect(cacheMoveOver({ id: ID }, 'Running')).toBe(true);
		// A summary that could not be read says nothing either way.
		expect(cacheMoveOver({ id: ID }, null)).toBe(true);
	});
});
