/**
 * How a state looks, in one set of words for every page: a words module says a state's tone,
 * and a component draws it with these colours (or, for a shape only it draws, its own map keyed
 * by the same tones).
 */
export type Tone = 'good' | 'info' | 'busy' | 'warn' | 'bad' | 'neutral' | 'unknown';

/** Words in a tone: a state in a table or on a card. */
export const TONE_TEXT: Record<Tone, string> = {
	good: 'text-emerald-800 dark:text-emerald-300',
	info: 'text-sky-800 dark:text-sky-300',
	busy: 'text-indigo-700 dark:text-indigo-300',
	warn: 'text-amber-800 dark:text-amber-300',
	bad: 'text-red-700 dark:text-red-300',
	neutral: 'text-slate-600 dark:text-slate-400',
	unknown: 'text-violet-800 dark:text-violet-300'
};

/** The dot before a state's words. */
export const TONE_DOT: Record<Tone, string> = {
	good: 'bg-emerald-500',
	info: 'bg-sky-500',
	busy: 'bg-indigo-500',
	warn: 'bg-amber-500',
	bad: 'bg-red-500',
	neutral: 'bg-slate-400',
	unknown: 'bg-violet-500'
};
