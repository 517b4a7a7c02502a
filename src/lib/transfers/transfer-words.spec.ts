import { describe, expect, it } from 'vitest';
import { recordFields } from '$lib/record/record-fields';
import {
	accountNames,
	cancelBlock,
	listedProgress,
	sideText,
	transferFields,
	transferTitle,
	transferTone
} from './transfer-words';

const ACCOUNTS = accountNames([{ id: 'acc-aws-1', name: 'Studio AWS', cloudType: 1, seenOn: [] }]);

describe('a current transfer in words', () => {
	it('is called by its side on this computer, else its source', () => {
		expect(transferTitle({ id: 1, sourcePath: 'G:\\Edit\\reel.prproj', sourceBucket: null })).toBe(
			'reel.prproj'
		);
		expect(
			transferTitle({
				id: 2,
				sourceBucket: 'media-gcs',
				sourcePath: 'media/',
				destinationPath: 'E:\\Old media'
			})
		).toBe('Old media');
		expect(
			transferTitle({
				id: 3,
				sourceBucket: 'a',
				sourcePath: 'team/Footage/',
				destinationBucket: 'b'
			})
		).toBe('Footage');
		expect(
			transferTitle({ id: 4, sourceBucket: 'a', sourcePath: '/', destinationBucket: 'b' })
		).toBe('a');
		expect(transferTitle({ id: 'x9' })).toBe('Transfer x9');
	});

	it('says why a finished or stopping transfer cannot be canceled, and lets the rest be', () => {
		expect(cancelBlock(4)).toMatch(/completed/);
		expect(cancelBlock(16)).toMatch(/failed/);
		expect(cancelBlock(8)).toMatch(/canceled already/);
		expect(cancelBlock(32)).toMatch(/canceling it already/);
		for (const open of [1, 2, 64, 128, null, undefined]) expect(cancelBlock(open)).toBeNull();
	});

	it('looks busy while canceling, done when completed, bad when failed', () => {
		expect(transferTone(32)).toBe('busy');
		expect(transferTone(4)).toBe('good');
		expect(transferTone(16)).toBe('bad');
		expect(transferTone(8)).toBe('neutral');
	});

	it('names each side by its account, else its id, else this computer’s path', () => {
		expect(sideText(ACCOUNTS, 'acc-aws-1', 'studio-projects', 'team/')).toBe(
			'Studio AWS (Amazon S3): studio-projects/team/'
		);
		expect(sideText(ACCOUNTS, 'acc-x', 'b', '/x')).toBe('The account acc-x: b/x');
		expect(sideText(ACCOUNTS, null, null, 'G:\\Edit')).toBe('G:\\Edit');
	});

	it('works out the percent from the bytes when the agent gives none', () => {
		expect(listedProgress({ id: 1, transferredSize: 30, skippedSize: 10, totalSize: 100 })).toEqual(
			{
				handled: 40,
				total: 100,
				percent: 40
			}
		);
		expect(listedProgress({ id: 1, percent: 140 }).percent).toBe(100);
	});

	it('shows every field, the known in words and the rest as sent', () => {
		const raw = { id: 'x', transferType: 8, transferStatus: 2, allowSkip: true, brandNew: 3 };
		const fields = recordFields(raw, raw, transferFields(ACCOUNTS));
		expect(fields.map((f) => [f.label, f.text, f.known])).toEqual([
			['Kind', 'Manual transfer', true],
			['Status', 'Running', true],
			['Skip existing', 'Yes', true],
			['Transfer ID', 'x', true],
			['brandNew', '3', false]
		]);
	});
});
