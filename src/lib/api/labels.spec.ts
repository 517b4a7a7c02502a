import { describe, expect, it } from 'vitest';
import {
	FILE_STATE_NAMES,
	USER_TYPE_NAMES,
	flagNames,
	nameOf,
	SUBSCRIPTION_NAMES
} from './enum-names.ts';
import { agentStatusText } from './labels.ts';

describe('labels', () => {
	it('names every agent status and keeps unknown ones as numbers', () => {
		expect([0, 1, 2, 4, 8].map((n) => agentStatusText(n).name)).toEqual([
			'Created',
			'Started',
			'Stopped',
			'Paused',
			'Disposed'
		]);
		expect(agentStatusText(3).name).toBe('Unknown (3)');
	});

	it('names all the bits of a user type', () => {
		expect(flagNames(USER_TYPE_NAMES, 20)).toEqual(['Account admin', 'Desktop admin']);
		expect(flagNames(USER_TYPE_NAMES, 64 | 128)).toEqual([
			'Desktop standard user',
			'Unknown (128)'
		]);
	});

	it('names file states, Normal for zero, and unknown bits', () => {
		expect(flagNames(FILE_STATE_NAMES, 0, 'Normal')).toEqual(['Normal']);
		expect(flagNames(FILE_STATE_NAMES, 4 | 256)).toEqual(['Uploading', 'Error']);
		expect(flagNames(FILE_STATE_NAMES, 1024)).toEqual(['Unknown (1024)']);
	});

	it('names plain enums', () => {
		expect(nameOf(SUBSCRIPTION_NAMES, 2)).toBe('Yearly');
		expect(nameOf(SUBSCRIPTION_NAMES, 3)).toBe('Unknown (3)');
		expect(nameOf(SUBSCRIPTION_NAMES, null)).toBe('Not given');
	});
});
