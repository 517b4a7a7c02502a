import { readStored, writeStored } from './browser-storage.ts';

type Area = 'local' | 'session';

type StoredOptions<T> = {
	/** Reads the stored text; null (or a value the parser refuses) gives the fallback. */
	parse: (text: string) => T | null;
	serialize?: (value: T) => string;
	fallback: T;
};

/**
 * One value kept in local or session storage, read through `value` as reactive state. Every read
 * goes to storage (behind a version the writes bump), so another module's write, a key that
 * depends on the agent address, and another tab's write to local storage (a `storage` event) are
 * all seen the same way. Storage that the browser blocks reads as the fallback and never throws.
 */
export class Stored<T> {
	#version = $state(0);
	readonly #area: Area;
	readonly #key: () => string;
	readonly #options: StoredOptions<T>;

	constructor(area: Area, key: string | (() => string), options: StoredOptions<T>) {
		this.#area = area;
		this.#key = typeof key === 'string' ? () => key : key;
		this.#options = options;
		if (area === 'local' && typeof window !== 'undefined') {
			window.addEventListener('storage', (event) => {
				if (event.key === null || event.key === this.#key()) this.#version += 1;
			});
		}
	}

	get value(): T {
		void this.#version;
		const text = readStored(this.#area, this.#key());
		if (text === null) return this.#options.fallback;
		return this.#options.parse(text) ?? this.#options.fallback;
	}

	/** Stores a value (null forgets it); false when the browser refuses to keep it. */
	set(value: T | null): boolean {
		const { serialize = (v: T) => (typeof v === 'string' ? v : JSON.stringify(v)) } = this.#options;
		const kept = writeStored(this.#area, this.#key(), value === null ? null : serialize(value));
		this.#version += 1;
		return kept;
	}
}

/** Parsers for the usual kinds of stored value. */
export const parse = {
	/** One of the listed values, or null. */
	oneOf:
		<V extends string | number>(choices: readonly V[]) =>
		(text: string): V | null => {
			const value = (typeof choices[0] === 'number' ? Number(text) : text) as V;
			return choices.includes(value) ? value : null;
		},
	text: (text: string): string | null => text,
	/** A time in milliseconds since the epoch (or any count of 0 or more); null otherwise. */
	timestamp: (text: string): number | null => {
		const n = Number(text);
		return text.trim() !== '' && Number.isFinite(n) && n >= 0 ? n : null;
	},
	/** A JSON object whose listed keys hold text; null when unreadable or otherwise shaped. */
	object:
		<V extends object>(textKeys: readonly (keyof V & string)[]) =>
		(text: string): V | null => {
			let value: unknown;
			try {
				value = JSON.parse(text);
			} catch {
				return null;
			}
			if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
			const record = value as Record<string, unknown>;
			return textKeys.every((key) => typeof record[key] === 'string') ? (value as V) : null;
		}
};
