import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A page reads the agent again on its own in one way: `clock.repeat` (src/lib/ui/clock.svelte.ts),
 * the page's one timer, which stops while the tab is hidden. A `setInterval` of its own would wake
 * a hidden tab and read what nobody sees, so only the clock and the live hub (src/lib/live, which
 * holds its own batches for hidden tabs) may call one. A `setTimeout` is a one-shot: each file
 * that sets one is named below with what it waits for, so that a new one is looked at, and a
 * timeout set again from its own callback (a poll) goes to the clock instead.
 */

const TIMERS_OWNERS = /^src\/lib\/(ui\/clock\.svelte\.ts|live\/)/;

/** Files that set a one-shot timer, and what it waits for. */
const ONE_SHOTS: Record<string, string> = {
	'src/lib/api/client.ts': "a request's time limit",
	'src/lib/api/provider.ts': 'how long a sign-in popup waits for its answer to be taken',
	'src/lib/ui/Loading.svelte': 'the spinner shown only after a moment, not for a fast answer',
	'src/lib/record/CopyButton.svelte': '"Copied" said for a moment',
	'src/lib/list/csv.ts': "a download's address let go once the browser has it",
	'src/lib/list/url-search.svelte.ts': 'a search written to the address once typing rests',
	'src/lib/folders/FolderPicker.svelte': 'a folder typed, asked about once typing rests',
	'src/lib/palette/latest-answer.ts': 'users asked of the agent once typing in jump anywhere rests',
	'src/lib/files/file-actions.svelte.ts':
		'the files fetched read once a moment after the last transfer',
	'src/lib/drives/follow.svelte.ts': 'one read a moment after a burst of frames, not one per frame',
	'src/lib/diagnostics/diagnostics.svelte.ts':
		'how long the diagnostics wait for a live channel to connect before saying it did not',
	'src/lib/transfers/transfers-page.svelte.ts':
		'one read a moment after the frames name a transfer the list lacks',
	// Its next look depends on each answer: backoff from 2 s to a minute, 2 s while the agent is
	// to come back, 10 s or 30 s otherwise; it stops while the tab is hidden and looks when shown.
	'src/lib/state/agent-status.svelte.ts': "the agent's status, looked at again after each answer"
};

function sources(dir: string): string[] {
	const out: string[] = [];
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) {
			if (entry.name !== 'paraglide' && entry.name !== 'paraglide-catalogs')
				out.push(...sources(path));
		} else if (/\.(ts|svelte)$/.test(entry.name) && !/\.spec\.ts$/.test(entry.name)) {
			out.push(path);
		}
	}
	return out;
}

const files = sources('src').map((path) => ({ path, text: readFileSync(path, 'utf8') }));
const calling = (name: string) =>
	files
		.filter((f) => new RegExp(`\\b${name}\\(`).test(f.text) && !TIMERS_OWNERS.test(f.path))
		.map((f) => f.path)
		.sort();

describe('timers in src', () => {
	it('repeat only in the page clock and the live hub: a re-read is clock.repeat', () => {
		expect(calling('setInterval')).toEqual([]);
	});

	it('wait once, each for a reason named here', () => {
		expect(calling('setTimeout')).toEqual(Object.keys(ONE_SHOTS).sort());
	});
});
