import type { BeforeNavigate } from '@sveltejs/kit';
import { updated } from '$app/state';
import { unsaved } from '$lib/form/unsaved.svelte';

/**
 * A newer console deployed while this tab was open. SvelteKit's version check (`_app/version.json`,
 * polled as `kit.version.pollInterval` says, and here when the tab is shown again and now and
 * then on a navigation) or the live hub (a newer build's hub took over, `handover.ts`) tells it;
 * so does a part of the page that failed to load, once the check confirms it. Then the root
 * layout says so once, with Reload, and the next navigation inside the console loads the new build
 * whole instead of asking the server for this build's files, which are gone. Where something is
 * unsaved, the unsaved guard asks first and leaves through `load`.
 */

/** How often a navigation checks at most: most navigations come seconds apart. */
const NAVIGATION_CHECK_MS = 60_000;

class NewerConsole {
	/** Told by the live hub, which learns of a newer build before any check does. */
	#told = $state(false);
	/** The hub handed this tab's live channels to the newer console's. */
	#liveMoved = $state(false);
	#checkedAt = 0;
	#leaving = false;

	get available(): boolean {
		return this.#told || updated.current;
	}

	get liveMoved(): boolean {
		return this.#liveMoved;
	}

	/** Checks when the tab is shown again, and when a part of the page fails to load. */
	watch() {
		this.#checkedAt = performance.now();
		document.addEventListener('visibilitychange', () => {
			if (!document.hidden) void this.check();
		});
		// Vite's own event for a part that failed to load (a replaced chunk, or a server down).
		addEventListener('vite:preloadError', () => void this.check());
	}

	/** Whether the server has a newer build than this tab's (false when it cannot tell). */
	async check(): Promise<boolean> {
		this.#checkedAt = performance.now();
		try {
			return await updated.check();
		} catch {
			return false;
		}
	}

	/** After a navigation: a check now and then, so a tab used all day learns soon enough. */
	navigated() {
		if (performance.now() - this.#checkedAt >= NAVIGATION_CHECK_MS) void this.check();
	}

	/**
	 * The live hub of a newer console took over this tab's channels: reloaded at once into the new
	 * build where nothing is unsaved, else the notice says so.
	 */
	superseded() {
		this.#told = true;
		this.#liveMoved = true;
		if (!unsaved.any) this.reload();
	}

	/**
	 * In place of a navigation inside the console (`beforeNavigate`), a full load of the new build.
	 * Where something is unsaved it is left to the unsaved guard, which asks and calls `load`.
	 */
	beforeNavigate({ to, willUnload, cancel }: BeforeNavigate) {
		if (!this.available || willUnload || !to || unsaved.any) return;
		if (to.url.origin !== location.origin) return;
		cancel();
		this.load(to.url.href);
	}

	/** Leaves for `href` by loading it whole (once, however many callers ask). */
	load(href: string) {
		if (this.#leaving) return;
		this.#leaving = true;
		location.href = href;
	}

	reload() {
		if (this.#leaving) return;
		this.#leaving = true;
		location.reload();
	}
}

export const newerConsole = new NewerConsole();
