import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AgentHttpError } from '$lib/api/errors';
import { SETTLE_MS, SYNC_POLL_MS, DriveOrBackupFollow, underPath } from './follow.svelte.ts';

const progress = (Path: string, Status: string) => ({
	Type: 1,
	Data: { TransferId: Path, Path, Status }
});

describe('following a drive', () => {
	beforeEach(() => vi.useFakeTimers());
	afterEach(() => vi.useRealTimers());

	it('knows the paths under a drive, whatever the case or slashes', () => {
		expect(underPath('G:\\', 'G:\\Projects\\a.mov')).toBe(true);
		expect(underPath('D:\\Archive', 'd:/archive/x/y.pdf')).toBe(true);
		expect(underPath('D:\\Archive', 'D:\\Archived\\y.pdf')).toBe(false);
		expect(underPath('D:\\Archive', 'D:\\Archive')).toBe(true);
		expect(underPath('', 'D:\\x')).toBe(false);
	});

	it('keeps the newest state per file and reads the reports once, a little after a burst', () => {
		const refresh = vi.fn();
		const follow = new DriveOrBackupFollow(() => 'G:\\', refresh);
		follow.stateFrame({ Path: 'G:\\a.mov', State: 132 });
		follow.stateFrame({ Path: 'g:/A.mov', State: 0 });
		follow.stateFrame({ Path: 'H:\\other.mov', State: 4 });
		expect(follow.stateOf('G:\\a.mov')).toBe(0);
		expect(follow.stateOf('H:\\other.mov')).toBeUndefined();
		expect(follow.seen).toBe(2);
		vi.advanceTimersByTime(SETTLE_MS - 1);
		expect(refresh).not.toHaveBeenCalled();
		vi.advanceTimersByTime(1);
		expect(refresh).toHaveBeenCalledTimes(1);
		follow.filesRead();
		expect(follow.stateOf('G:\\a.mov')).toBeUndefined();
		follow.stop();
	});

	it('runs a sync: counts finished files from frames and ends when a newer read has none left', async () => {
		const refresh = vi.fn();
		const follow = new DriveOrBackupFollow(() => 'G:\\', refresh);
		await follow.startSync(() => Promise.resolve(), 3);
		expect(follow.sync).toMatchObject({ phase: 'running', left: 3, done: 0 });
		follow.notificationFrame(progress('G:\\a', 'Completed'));
		follow.notificationFrame(progress('G:\\b', 'Failed'));
		follow.notificationFrame(progress('G:\\c', 'InProgress'));
		follow.notificationFrame(progress('E:\\elsewhere', 'Completed'));
		expect(follow.sync).toMatchObject({ done: 1, failed: 1 });
		// An answer to a read made before the call does not end it.
		follow.healthRead(0);
		expect(follow.sync.phase).toBe('running');
		vi.advanceTimersByTime(SYNC_POLL_MS);
		expect(refresh.mock.calls.length).toBeGreaterThanOrEqual(2);
		follow.healthRead(0);
		expect(follow.sync).toMatchObject({ phase: 'done', done: 1, failed: 1 });
		const calls = refresh.mock.calls.length;
		vi.advanceTimersByTime(SYNC_POLL_MS * 3);
		// Polling stopped (the frames above may still owe one calm read).
		expect(refresh.mock.calls.length).toBeLessThanOrEqual(calls + 1);
		follow.stop();
	});

	it('says why a sync did not start', async () => {
		const follow = new DriveOrBackupFollow(() => 'G:\\', vi.fn());
		const error = new AgentHttpError(404, 'NOT_FOUND', { NOT_FOUND: ['No drive'] });
		await follow.startSync(() => Promise.reject(error), null);
		expect(follow.sync.phase).toBe('idle');
		expect(follow.start.outcome).toMatchObject({
			ok: false,
			text: 'The sync did not start: No drive',
			error
		});
		follow.dismissSync();
		expect(follow.start.outcome).toBeNull();
	});
});
