import { describe, expect, it } from 'vitest';
import {
	describeNotification as describeFrame,
	describeState as describeStateFrame,
	oneLine,
	percent,
	sayLabel,
	saySummary,
	words,
	type Described
} from './event-words.ts';

/** A frame as described, and what it says in the language of the moment (English here). */
const said = (d: Described) => ({
	...d,
	label: sayLabel(d.kind, d.said),
	summary: saySummary(d.said)
});
const describeNotification = (frame: Parameters<typeof describeFrame>[0]) =>
	said(describeFrame(frame));
const describeState = (frame: Parameters<typeof describeStateFrame>[0]) =>
	said(describeStateFrame(frame));

describe('describeNotification', () => {
	it('puts a transfer in one line: direction, file, storage, percent, state', () => {
		const d = describeNotification({
			Type: 1,
			Data: {
				TransferMode: 'Upload',
				Status: 'InProgress',
				Name: 'hero.psd',
				StorageName: 'Studio S3',
				Bytes: 45,
				Size: 100,
				TransferId: 't1'
			}
		});
		expect(d).toMatchObject({
			kind: 'progress',
			label: 'Transfer progress',
			summary: 'Upload hero.psd (Studio S3), 45 %, in progress'
		});
		expect(d.progress?.TransferId).toBe('t1');
	});

	it('names a failed transfer with its error, and numbers where names are expected', () => {
		const d = describeNotification({
			Type: 1,
			Data: { TransferMode: 2, Status: 3, Path: '/a/b.bin', Error: 'reset', TransferId: 9 }
		});
		expect(d.summary).toBe('Download (inferred) b.bin, failed (inferred): reset');
		const odd = describeNotification({
			Type: 1,
			Data: { Status: 9, Name: 'c.bin', TransferId: 1 }
		});
		expect(odd.summary).toBe('c.bin, unknown (9)');
	});

	it('raises a failed transfer as a problem, and a canceled one not', () => {
		const frame = (Status: string, Error: string | null = null) =>
			describeNotification({ Type: 1, Data: { Status, Error, Name: 'a.mov', TransferId: 't' } });
		expect(frame('Failed', 'reset').severity).toBe('error');
		expect(frame('Canceled').severity).toBeUndefined();
		expect(frame('Canceling').severity).toBeUndefined();
		expect(frame('Canceled').summary).toBe('a.mov, canceled');
	});

	it('reads user notifications, agent calls and update progress', () => {
		expect(
			describeNotification({ Type: 2, Data: { Title: 'Storage almost full', Message: '91%' } })
				.summary
		).toBe('Storage almost full: 91%');
		expect(
			describeNotification({
				Type: 4,
				Data: { Operation: 'update_user', HttpMethod: 'PUT', Origin: 'http://localhost:4173' }
			}).summary
		).toBe('PUT update_user from http://localhost:4173');
		expect(describeNotification({ Type: 8, Data: { Progress: 40 } }).summary).toBe('40 %');
		expect(
			describeNotification({
				Type: 8,
				Data: { Stage: 'Downloading', Percent: 42, TimeUtc: '2026-11-25T08:00:00Z' }
			}).summary
		).toBe('Downloading, 42 %');
		expect(describeNotification({ Type: 8, Data: { X: 1 } }).summary).toBe('{"X":1}');
	});

	it('keeps an unknown type with its number and data', () => {
		expect(describeNotification({ Type: 16, Data: { X: 1 } })).toEqual({
			kind: 'unknown',
			said: { key: 'unknown', type: 16, text: '{"X":1}' },
			label: 'Unknown type 16',
			summary: '{"X":1}'
		});
	});
});

describe('what a frame says', () => {
	it('keeps values, not words, so that each reader says them in their own language', () => {
		const d = describeFrame({
			Type: 1,
			Data: { TransferMode: 2, Status: 'Failed', Path: '/a/b.bin', Error: 'reset', TransferId: 9 }
		});
		expect(d.said).toEqual({
			key: 'progress',
			mode: 2,
			name: null,
			path: '/a/b.bin',
			storage: null,
			status: 'Failed',
			error: 'reset',
			pct: null
		});
		expect(describeStateFrame({ Path: '/a', State: 4 }).said).toEqual({
			key: 'state',
			path: '/a',
			storage: null,
			state: 4
		});
	});
});

describe('describeState', () => {
	it("says a state in the tiles' words, no raw number; unknown bits as one number", () => {
		expect(describeState({ Path: '/x/a.psd', StorageName: 'S3', State: 4 }).summary).toBe(
			'/x/a.psd (S3): Waiting to upload'
		);
		expect(describeState({ Path: '/a', State: 132 }).summary).toBe('/a: Uploading now');
		expect(describeState({ Path: '/a', State: 0 }).summary).toBe('/a: In sync');
		expect(describeState({ Path: '/a', State: 1024 + 2 }).summary).toBe(
			'/a: Downloading, unknown (1024)'
		);
	});
});

describe('helpers', () => {
	it('words, percent and oneLine', () => {
		expect(words('RenameDeleting')).toBe('rename deleting');
		expect(percent(5, 0)).toBeNull();
		expect(percent(150, 100)).toBe(100);
		expect(oneLine('a\n  b')).toBe('a b');
		expect(oneLine('x'.repeat(300))).toHaveLength(160);
	});
});
