import { describe, expect, it } from 'vitest';
import * as contract from '../contract.ts';
import * as enums from './enums.ts';
import * as shell from './shell.ts';
import {
	AUTH_PROVIDER_NAMES,
	FILE_STATE_NAMES,
	SUBSCRIPTION_TYPE_NAMES,
	USER_TYPE_NAMES,
	flagNames,
	nameOf,
	reportEnumWords,
	transferModeWords,
	yesNo
} from './enums.ts';
import { DESKTOP_USER_TYPES, agentStatusText } from './shell.ts';

/**
 * Enums of the contract whose words are not names: the commands are said as the actions, the
 * notification types as the events' kinds (`live/event-words.ts`), and the sign-in challenge is
 * never shown as a value.
 */
const NOT_NAMED = new Set(['AGENT_COMMAND', 'NOTIFICATION_TYPE', 'CHALLENGE']);

/**
 * The contract's enums: objects of integers named as the agent names them (PascalCase), which
 * tells them from limits (`LIMITS.passwordMin`).
 */
const ENUMS = Object.entries(contract as Record<string, unknown>).filter(
	(entry): entry is [string, Record<string, number>] => {
		const value = entry[1];
		return (
			typeof value === 'object' &&
			value !== null &&
			!Array.isArray(value) &&
			Object.keys(value).length > 0 &&
			Object.entries(value).every(([k, v]) => /^[A-Z]/.test(k) && Number.isInteger(v))
		);
	}
);

describe('names of the contract enums', () => {
	it('finds the enums of the contract', () => {
		expect(ENUMS.map(([key]) => key)).toEqual(
			expect.arrayContaining(['AGENT_STATUS', 'USER_TYPE', 'USER_STATUS', 'FILE_STATE'])
		);
	});

	it.each(ENUMS.filter(([key]) => !NOT_NAMED.has(key)))(
		'has words for every value of %s',
		(key, values) => {
			const table = ({ ...enums, ...shell } as Record<string, unknown>)[`${key}_NAMES`];
			expect(table, `names/ has no ${key}_NAMES`).toBeTypeOf('object');
			const missing = Object.entries(values).filter(
				([, value]) => !Object.hasOwn(table as object, value)
			);
			expect(missing, `${key} values without words`).toEqual([]);
		}
	);

	it('offers at sign-in exactly the desktop user types of the contract', () => {
		expect(DESKTOP_USER_TYPES.map((t) => t.value)).toEqual([...contract.DESKTOP_USER_TYPE_VALUES]);
	});

	it('says each user type in one word, on the sign-in form and in every table', () => {
		for (const t of DESKTOP_USER_TYPES) expect(USER_TYPE_NAMES[t.value]).toBe(t.label);
	});
});

describe('reading values', () => {
	it('names every agent status and keeps unknown ones as numbers', () => {
		expect([0, 1, 2, 4, 8].map((n) => agentStatusText(n).name)).toEqual([
			'Created',
			'Started',
			'Stopped',
			'Paused',
			'Disposed'
		]);
		expect(agentStatusText(3)).toEqual({
			name: 'Unknown (3)',
			words: 'Unknown status (3)',
			meaning: 'A status this console does not know (3)'
		});
	});

	it('names all the bits of a flag set, and unknown bits as one number', () => {
		expect(flagNames(USER_TYPE_NAMES, 20)).toEqual(['Account admin', 'Desktop admin']);
		expect(flagNames(USER_TYPE_NAMES, 64 | 128)).toEqual(['Desktop standard', 'Unknown (128)']);
		expect(flagNames(USER_TYPE_NAMES, -1)).toContain('Unknown (-1)');
	});

	it('says transfer modes by name, numbers in the listed order as inferred', () => {
		expect(transferModeWords('upload')).toBe('Upload');
		expect(transferModeWords(2)).toBe('Download (inferred)');
		expect(transferModeWords('4')).toBe('Decrypt (inferred)');
		expect(transferModeWords(9)).toBe('Unknown (9)');
		expect(transferModeWords('Mirror')).toBe('Mirror');
		expect(transferModeWords(null)).toBe('');
	});

	it('reads zero as the table says, or None', () => {
		expect(flagNames(FILE_STATE_NAMES, 0)).toEqual(['In sync']);
		expect(flagNames(USER_TYPE_NAMES, 0)).toEqual(['None']);
		expect(flagNames(FILE_STATE_NAMES, 4 | 256)).toEqual(['Uploading', 'Error']);
		expect(flagNames(FILE_STATE_NAMES, 1024)).toEqual(['Unknown (1024)']);
	});

	it('names plain enums, zero included', () => {
		expect(nameOf(SUBSCRIPTION_TYPE_NAMES, 2)).toBe('Yearly');
		expect(nameOf(SUBSCRIPTION_TYPE_NAMES, 3)).toBe('Unknown (3)');
		expect(nameOf(SUBSCRIPTION_TYPE_NAMES, null)).toBe('Not given');
		expect(nameOf(AUTH_PROVIDER_NAMES, 0)).toBe('Hosted user directory');
	});

	it('says the enums reports send as text in words, unknown values as sent', () => {
		expect(reportEnumWords('VirtualDrive')).toBe('Drive letter');
		expect(reportEnumWords('Mirror')).toBe('Mirror (everything kept on this computer)');
		expect(reportEnumWords('ReadWrite')).toBe('Read and write');
		expect(reportEnumWords('AWS')).toBe('Amazon S3');
		expect(reportEnumWords('Atomosphere')).toBe('Atmosphere');
		expect(reportEnumWords('Hologram')).toBe('Hologram');
		expect(reportEnumWords('constructor')).toBe('constructor');
		expect(reportEnumWords(null)).toBe('Not given');
	});

	it('says yes or no, and what stands for a missing value', () => {
		expect([true, false, null, undefined].map((v) => yesNo(v))).toEqual([
			'Yes',
			'No',
			'Not given',
			'Not given'
		]);
		expect(yesNo(null, '—')).toBe('—');
	});
});
