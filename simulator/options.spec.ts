import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, OptionsError, parseOptions, type SimulatorOptions } from './options.ts';
import { maskCredentials as maskToken } from '../src/lib/mask.ts';

describe('parseOptions', () => {
	it('uses the defaults when nothing is given', () => {
		expect(parseOptions([], {})).toEqual(DEFAULT_OPTIONS);
	});

	it('prefers the command line over the environment', () => {
		const o = parseOptions(
			['--port', '3000', '--allow-origin', 'http://a.test', '--allow-origin', 'http://b.test'],
			{
				SIM_PORT: '4000',
				SIM_USERS: '7',
				SIM_ALLOW_ORIGIN: 'http://c.test'
			}
		);
		expect(o).toMatchObject({
			port: 3000,
			users: 7,
			allowOrigins: ['http://a.test', 'http://b.test']
		});
	});

	it('reads comma-separated origins and flags from the environment', () => {
		const o = parseOptions([], {
			SIM_ALLOW_ORIGIN: 'http://c.test, http://d.test',
			SIM_NO_CONTROL: '1',
			SIM_QUIET: 'true'
		});
		expect(o).toMatchObject({
			allowOrigins: ['http://c.test', 'http://d.test'],
			control: false,
			log: false
		});
	});

	it('refuses bad numbers, bad origins and unknown flags in words', () => {
		expect(() => parseOptions(['--port', 'abc'], {})).toThrow(/--port must be a whole number/);
		expect(() => parseOptions(['--allow-origin', 'localhost:4173'], {})).toThrow(OptionsError);
		expect(() => parseOptions(['--nope'], {})).toThrow(OptionsError);
		expect(() => parseOptions(['--cache-move-news', 'frames'], {})).toThrow(
			/--cache-move-news takes model or summary/
		);
	});

	it('tells a cache move in the model by default, or by the summary only', () => {
		expect((parseOptions([], {}) as SimulatorOptions).cacheMoveNews).toBe('model');
		const quiet = parseOptions([], { SIM_CACHE_MOVE_NEWS: 'summary' }) as SimulatorOptions;
		expect(quiet.cacheMoveNews).toBe('summary');
	});

	it('answers help', () => {
		expect(parseOptions(['--help'], {})).toBe('help');
	});
});

describe('maskToken', () => {
	it('masks the token wherever it stands in a query', () => {
		expect(maskToken('/user/get_all_users?token=abc.def&page=2')).toBe(
			'/user/get_all_users?token=***&page=2'
		);
		expect(maskToken('/a?page=1&TOKEN=x')).toBe('/a?page=1&TOKEN=***');
	});
});
