/** How long a step waits for what it expects to be seen, as the Playwright suite's expect. */
const WAIT_MS = 10_000;
const POLL_MS = 100;

/**
 * Asks again and again until `ok` holds for the answer, then answers it; fails with what was last
 * seen once `timeout` has passed. A page that is loading anew (or a driver still starting) answers
 * nothing and is asked again. The one wait of the cross-engine tests: WebDriver tells a client
 * nothing by itself, so what the page shows is asked for every POLL_MS (as Playwright's own
 * assertions do), never waited for a fixed time.
 */
export async function until<T>(
	what: string,
	question: () => Promise<T>,
	ok: (answer: T) => boolean,
	timeout = WAIT_MS
): Promise<T> {
	const end = Date.now() + timeout;
	let last: T | undefined;
	let failure: unknown;
	for (;;) {
		try {
			last = await question();
			failure = undefined;
			if (ok(last)) return last;
		} catch (error) {
			failure = error;
		}
		if (Date.now() > end)
			throw new Error(
				`Waited ${timeout} ms for ${what}; last seen: ${failure ? String(failure) : JSON.stringify(last)}`
			);
		await new Promise((resolve) => setTimeout(resolve, POLL_MS));
	}
}
