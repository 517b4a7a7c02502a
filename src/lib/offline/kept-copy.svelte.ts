import { base } from '$app/paths';
import { dev } from '$app/environment';

/**
 * The copy of the console kept in this browser by its service worker
 * (src/service-worker/index.ts): registered here rather than by Kit, so a browser that refuses it
 * (a portal's frame on another site, a private window) is told in words instead of failing.
 */
class KeptCopy {
	/** This page came from the kept copy: the console's server did not answer. */
	serverDown = $state(false);
	/** The browser keeps no copy here: the console cannot open while its server is down. */
	unavailable = $state(false);

	private started = false;

	start() {
		if (this.started) return;
		this.started = true;
		try {
			this.register();
		} catch {
			// Some browsers throw on reading `navigator.serviceWorker` where they keep nothing.
			this.unavailable = true;
		}
	}

	private register() {
		if (!('serviceWorker' in navigator)) {
			this.unavailable = true;
			return;
		}
		navigator.serviceWorker
			.register(`${base}/service-worker.js`, {
				scope: `${base}/`,
				type: dev ? 'module' : 'classic',
				// The worker's own file is always asked of the server, whatever its cache headers say.
				updateViaCache: 'none'
			})
			.catch(() => (this.unavailable = true));
		// A page the worker did not answer came from the server a moment ago.
		if (navigator.serviceWorker.controller) void this.check();
	}

	/** Asks the server something the worker never answers: no answer means the page was the copy. */
	async check() {
		try {
			await fetch(`${base}/_app/version.json`, { method: 'HEAD', cache: 'no-store' });
			this.serverDown = false;
		} catch {
			this.serverDown = true;
		}
	}
}

export const keptCopy = new KeptCopy();
