import type { StatusTone } from '$lib/state/agent-status-words';

/**
 * The header's status pill in each of its tones: its frame and its dot. A shape only the header
 * draws, so it has its own map (as ui/tone.ts allows), with the dots in ui/tone.ts's colours: the
 * header is on the sign-in page, which then need not load the tone words of every other page.
 */
export const PILL_TONE: Record<StatusTone, { frame: string; dot: string }> = {
	good: {
		frame:
			'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
		dot: 'bg-emerald-500'
	},
	info: {
		frame:
			'border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-200',
		dot: 'bg-sky-500'
	},
	warn: {
		frame:
			'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200',
		dot: 'bg-amber-500'
	},
	bad: {
		frame:
			'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200',
		dot: 'bg-red-500'
	},
	neutral: {
		frame:
			'border-slate-300 bg-white text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300',
		dot: 'bg-slate-400'
	}
};
