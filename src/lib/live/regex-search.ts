/**
 * Regular-expression search that cannot hang the tab, even with a pattern from a link: patterns
 * run on RE2 (re2js), whose time grows with the text and never explodes with the pattern, instead
 * of the browser's backtracking engine, where `^(\w+\s?)*$` over one long line runs for minutes.
 * The engine is fetched the first time a search uses it, so no page pays for it before.
 */

import { m } from '$lib/paraglide/messages';
type Engine = typeof import('re2js');

/**
 * Larger programs make re2js give up its fast automaton on long texts, and a search over a
 * thousand events goes from milliseconds to minutes (`.{600}.{600}.{600}` is past it).
 */
export const MAX_PROGRAM_SIZE = 1_000;

export type RegexSearch = { test: (text: string) => boolean; error: string | null };

let engine: Engine | null = null;
let loading: Promise<void> | null = null;
let failure: string | null = null;

/** The engine, once `loadRegexEngine` has brought it. */
export function regexEngine(): Engine | null {
	return engine;
}

/** Settles when the engine is here or could not be fetched (then `compileRegex` says so). */
export function loadRegexEngine(): Promise<void> {
	loading ??= import('re2js').then(
		(module) => {
			engine = module;
		},
		(e: unknown) => {
			failure = e instanceof Error ? e.message : String(e);
		}
	);
	return loading;
}

const everything = (error: string): RegexSearch => ({ test: () => true, error });

/** What RE2 refuses, in words; the pattern's own text where there is no better name for it. */
function unsupported(error: string): string {
	if (/`\(\?<?[=!]/.test(error)) return m.words_regex_lookaround();
	if (/`\\([1-9]|k)/.test(error)) return m.words_regex_backreference();
	return m.words_regex_unsupported({ error: error.replace(/^error parsing regexp: /, '') });
}

/**
 * The pattern as a case-insensitive test, or why it cannot be one (then every event stays).
 * Call once `regexEngine()` gives the engine.
 */
export function compileRegex(q: string, re2: Engine): RegexSearch {
	// The browser's words first for a pattern it cannot read at all: those are the ones people know.
	try {
		new RegExp(q, 'i');
	} catch (e) {
		const why = e instanceof Error ? e.message.replace(/^Invalid regular expression: /, '') : '';
		return everything(m.words_regex_unreadable({ why }));
	}
	const { RE2JS } = re2;
	let pattern;
	try {
		pattern = RE2JS.compile(q, RE2JS.CASE_INSENSITIVE);
	} catch (e) {
		const error = e instanceof re2.RE2JSSyntaxException ? e.message : String(e);
		return everything(unsupported(error));
	}
	if (pattern.programSize() > MAX_PROGRAM_SIZE) return everything(m.words_regex_too_large());
	return { test: (text) => pattern.test(text), error: null };
}

/** Why there is no engine, if it could not be fetched. */
export function regexEngineFailure(): string | null {
	return failure;
}
