import { describe, expect, it } from 'vitest';
import {
	checkStart,
	landing,
	newStartForm,
	startBody,
	startWords,
	type StartForm
} from './start-form';

const filled = (over: Partial<StartForm> = {}): StartForm => ({
	...newStartForm(),
	sourceCloudAccountId: 'acc-aws-1',
	sourceCloudType: 1,
	sourceBucket: 'studio-projects',
	sourcePath: 'team/Footage',
	destinationCloudAccountId: 'acc-wasabi-1',
	destinationCloudType: 2,
	destinationBucket: 'studio-archive',
	destinationPath: '/archive/',
	...over
});

const ACCOUNTS = [
	{ id: 'acc-aws-1', name: 'Studio AWS', cloudType: 1, seenOn: [] },
	{ id: 'acc-wasabi-1', name: null, cloudType: 2, seenOn: [] }
];

describe('starting a copy', () => {
	it('skips what is there and keeps the folders unless told otherwise', () => {
		expect(newStartForm()).toMatchObject({ allowSkip: true, keepSourceTree: true });
	});

	it('says what is missing or malformed, beside the request’s own fields', () => {
		expect(Object.keys(checkStart(newStartForm())).sort()).toEqual([
			'destinationBucket',
			'destinationCloudAccountId',
			'destinationPath',
			'sourceBucket',
			'sourceCloudAccountId',
			'sourcePath'
		]);
		expect(checkStart(filled())).toEqual({});
		expect(
			Object.keys(checkStart(filled({ sourceBucket: 'Studio_Projects', sourcePath: 'a/../b' })))
		).toEqual(['sourceBucket', 'sourcePath']);
		expect(checkStart(filled({ sourcePath: 'C:\\x' })).sourcePath).toBeDefined();
	});

	it('refuses a destination inside the source, in the same bucket only', () => {
		const same = { destinationCloudAccountId: 'acc-aws-1', destinationBucket: 'studio-projects' };
		expect(checkStart(filled({ ...same, destinationPath: 'team/Footage/copy' }))).toEqual({
			destinationPath: ['The destination is inside the source: the copy would copy itself.']
		});
		expect(checkStart(filled({ ...same, destinationPath: 'team/Other/' }))).toEqual({});
		expect(checkStart(filled({ ...same, sourcePath: '/', destinationPath: 'x/' }))).toHaveProperty(
			'destinationPath'
		);
	});

	it('sends the paths as typed, trimmed, with both choices', () => {
		expect(startBody(filled({ sourceBucket: ' studio-projects ', allowSkip: false }))).toEqual({
			sourceCloudAccountId: 'acc-aws-1',
			sourceBucket: 'studio-projects',
			sourcePath: 'team/Footage',
			destinationCloudAccountId: 'acc-wasabi-1',
			destinationBucket: 'studio-archive',
			destinationPath: '/archive/',
			allowSkip: false,
			keepSourceTree: true
		});
	});

	it('shows where a file lands each way, from the typed paths', () => {
		expect(landing(filled())).toEqual({
			from: 'team/Footage/Day 1/clip.mov',
			kept: 'archive/Day 1/clip.mov',
			flat: 'archive/clip.mov'
		});
		expect(landing(filled({ sourcePath: '/', destinationPath: '/' })).flat).toBe('clip.mov');
	});

	it('says before starting what the copy does, each choice in a sentence', () => {
		const words = startWords(filled(), ACCOUNTS);
		expect(words.consequences[0]).toBe(
			'The agent copies team/Footage/ in the bucket studio-projects of Studio AWS (Amazon S3) to archive/ in the bucket studio-archive of acc-wasabi-1 (Wasabi).'
		);
		expect(words.consequences[1]).toMatch(/left as they are/);
		expect(words.consequences[2]).toMatch(
			/team\/Footage\/Day 1\/clip.mov goes to archive\/Day 1\/clip.mov/
		);
		const flat = startWords(filled({ keepSourceTree: false, allowSkip: false }), ACCOUNTS);
		expect(flat.consequences[1]).toMatch(/replace what is there/);
		expect(flat.consequences[2]).toMatch(/goes to archive\/clip.mov; files with the same name/);
	});
});
