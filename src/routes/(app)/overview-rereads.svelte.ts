import { untrack } from 'svelte';
import { navigating } from '$app/state';
import { haltOf } from '$lib/live/activity';
import { DATA, readAgent, type PageData } from '$lib/page-data/page-data.svelte';
import { agentStatusMonitor } from '$lib/state/agent-status.svelte';
import { clock } from '$lib/ui/clock.svelte';
import { readFailures, readDrivesAndBackups } from './overview-reads';

/** The drives' counts change as they sync, and transfers fail: read again this often. */
const REFRESH_MS = 30_000;

/**
 * The overview reads the drives and the failures again on its own: every 30 s while shown (the
 * live frames top the problems up in between), and the drives at once when the agent is paused,
 * resumed or stopped, as their words change with it. Here only, not by a refresh of the load,
 * which would check for updates too, every time. Call it in the page's script.
 */
export function rereadOverview(
	drivesAndBackups: PageData<Awaited<ReturnType<typeof readDrivesAndBackups>>>,
	failures: PageData<Awaited<ReturnType<typeof readFailures>>>
): void {
	const asked = () => undefined;
	function readAgain(failuresToo: boolean) {
		drivesAndBackups.follow(readAgent(asked, DATA.drivesAndBackups, readDrivesAndBackups));
		if (failuresToo) failures.follow(readAgent(asked, DATA.history, readFailures));
	}

	const reading = $derived(agentStatusMonitor.reading);
	const halt = $derived(haltOf(reading, agentStatusMonitor.expected));
	let haltSeen: string | null | undefined;
	$effect(() => {
		const h = halt;
		if (haltSeen !== undefined && h !== haltSeen && reading.state === 'ok')
			untrack(() => readAgain(false));
		haltSeen = h;
	});

	// Not while the page is going: what it would read nobody sees.
	$effect(() => clock.repeat(REFRESH_MS, () => untrack(() => navigating.to) || readAgain(true)));
}
