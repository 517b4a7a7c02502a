import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPE } from '$lib/contract';
import { cacheMoveFrame, cacheMoveOf } from './cache-move.ts';

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
