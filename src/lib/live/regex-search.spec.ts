import { beforeAll, describe, expect, it } from 'vitest';
import { compileRegex, loadRegexEngine, MAX_PROGRAM_SIZE, regexEngine } from './regex-search.ts';

let engine: NonNullable<ReturnType<typeof regexEngine>>;
beforeAll(async () => {
	await loadRegexEngine();
	engine = regexEngine()!;
});

describe('the regular-expression search', () => {
	// The browser's engine takes about 7 s on this pattern over 26 letters and a "!", four times
	// longer with each two letters more; RE2 reads these 12,000 characters in about 8 ms.
	it('runs the catastrophic ^(\\w+\\s?)*$ over 12,000 characters that do not match (8 ms measured)', () => {
		const text = `${'upload aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa '.repeat(250)}!`;
		const search = compileRegex('^(\\w+\\s?)*$', engine);
		expect(search.error).toBeNull();
		expect(search.test(text)).toBe(false);
		expect(search.test('upload hero psd')).toBe(true);
	});

	it('ignores case, as the search always has', () => {
		expect(compileRegex('^Upload .* FAILED', engine).test('upload a.psd, failed')).toBe(true);
		expect(compileRegex('cut-v\\d{2}\\.mov', engine).test('/a/cut-v3.mov')).toBe(false);
	});

	it('says in words what it does not support, and filters nothing out', () => {
		for (const pattern of ['a(?=b)', 'a(?!b)', '(?<=a)b', '(?<!a)b']) {
			const search = compileRegex(pattern, engine);
			expect(search.error, pattern).toMatch(/^Lookahead and lookbehind .* not supported/);
			expect(search.test('anything')).toBe(true);
		}
		for (const pattern of ['(a)\\1', '(?<x>a)\\k<x>'])
			expect(compileRegex(pattern, engine).error, pattern).toMatch(
				/^Backreferences .* not supported/
			);
		expect(compileRegex('\\cA', engine).error).toMatch(
			/^The search cannot run this pattern \(.+\)/
		);
	});

	it('keeps the browser’s words for a pattern that is not one at all', () => {
		const search = compileRegex('(unclosed', engine);
		expect(search.error).toMatch(/^Not a regular expression the browser can read \(.+\)/);
		expect(search.test('anything')).toBe(true);
	});

	it(`refuses a program larger than ${MAX_PROGRAM_SIZE} steps, which would be slow on long events`, () => {
		expect(compileRegex('.{300}.{300}.{300}', engine).error).toBeNull();
		expect(compileRegex('.{600}.{600}.{600}', engine).error).toMatch(/too large/);
	});
});
