import { MASK } from '$lib/mask';

/**
 * A model read through `request()` has every value under a credential's name masked (`***`), and
 * a change sends the whole model back: sent as read, the agent would store `***` as the
 * passphrase. Every write-back of a read model goes through `withStoredSecrets`, which puts the
 * stored values back right before the call, from a read that is not masked and is kept nowhere.
 */

const isRecord = (v: unknown): v is Record<string, unknown> =>
	typeof v === 'object' && v !== null && !Array.isArray(v);

export function holdsMask(value: unknown): boolean {
	if (value === MASK) return true;
	if (Array.isArray(value)) return value.some(holdsMask);
	return isRecord(value) && Object.values(value).some(holdsMask);
}

/** Copies an own key as data, so `__proto__` stays a key like any other. */
function put(target: Record<string, unknown>, key: string, value: unknown) {
	Object.defineProperty(target, key, {
		value,
		enumerable: true,
		writable: true,
		configurable: true
	});
}

/**
 * `body` with each value that is exactly the mask put back from `stored` at the same path
 * (objects by key, arrays by index), and left out where `stored` has nothing there. Every other
 * value is the caller's, changed or not. With no `stored` at all, every masked value is left out.
 */
export function restoreMasked(body: unknown, stored: unknown): unknown {
	if (Array.isArray(body)) {
		const from = Array.isArray(stored) ? stored : [];
		const out: unknown[] = [];
		body.forEach((item, i) => {
			if (item !== MASK) out.push(restoreMasked(item, from[i]));
			else if (i < from.length) out.push(from[i]);
		});
		return out;
	}
	if (!isRecord(body)) return body;
	const from = isRecord(stored) ? stored : {};
	const out: Record<string, unknown> = {};
	for (const [key, item] of Object.entries(body)) {
		if (item !== MASK) put(out, key, restoreMasked(item, from[key]));
		else if (Object.hasOwn(from, key)) put(out, key, from[key]);
	}
	return out;
}

/**
 * `body` ready to send: when it holds a masked value, the item is read again unmasked
 * (`readStored`, with `keepCredentials`) and the stored values go back in (`restoreMasked`).
 * The read is used for this body only: never kept, never shown. `keep` names top-level fields
 * that stay as the caller set them (a share's typed password).
 */
export async function withStoredSecrets<T extends Record<string, unknown>>(
	body: T,
	readStored: () => Promise<unknown>,
	options: { signal?: AbortSignal; keep?: readonly string[] } = {}
): Promise<T> {
	const kept = Object.fromEntries(
		(options.keep ?? []).filter((k) => Object.hasOwn(body, k)).map((k) => [k, body[k]])
	);
	if (!holdsMask(body)) return body;
	let stored: unknown;
	try {
		stored = await readStored();
	} catch (error) {
		if (options.signal?.aborted) throw error;
		// The agent did not answer the read: the masked fields are left out rather than sent as
		// `***`, which the agent would store. A field left out may keep its stored value or be
		// cleared (the contract leaves that open), but it is never overwritten with the mask.
		stored = undefined;
	}
	const out = restoreMasked(body, stored) as T;
	for (const [key, value] of Object.entries(kept)) put(out, key, value);
	return out;
}
