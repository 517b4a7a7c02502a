/**
 * Browser storage that never throws: inside a third-party frame the browser may block or
 * partition it, and the console must then say so instead of failing on every read.
 */
import { m } from '$lib/paraglide/messages';
type Area = 'local' | 'session';

function area(which: Area): Storage | null {
	try {
		return which === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
	} catch {
		return null;
	}
}

export function readStored(which: Area, key: string): string | null {
	try {
		return area(which)?.getItem(key) ?? null;
	} catch {
		return null;
	}
}

export function writeStored(which: Area, key: string, value: string | null): boolean {
	try {
		const store = area(which);
		if (!store) return false;
		if (value === null) store.removeItem(key);
		else store.setItem(key, value);
		return true;
	} catch {
		return false;
	}
}

/** Removes every key of an area that starts with `prefix`, except those `keep` wants. */
export function removeStored(which: Area, prefix: string, keep: (key: string) => boolean) {
	try {
		const store = area(which);
		if (!store) return;
		const keys: string[] = [];
		for (let i = 0; i < store.length; i++) {
			const key = store.key(i);
			if (key?.startsWith(prefix) && !keep(key)) keys.push(key);
		}
		for (const key of keys) store.removeItem(key);
	} catch {
		// Blocked storage holds nothing to forget.
	}
}

/** Whether the console runs inside another page's frame. */
export function isFramed(): boolean {
	try {
		return window.self !== window.top;
	} catch {
		return true;
	}
}

/** The browser refuses to keep the token here (storage blocked, as in some framed pages). */
export class StorageBlockedError extends Error {
	constructor() {
		super(m.words_storage_blocked());
		this.name = 'StorageBlockedError';
	}
}
