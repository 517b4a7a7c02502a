import { baseLocale, type Locale } from '$lib/paraglide/runtime';

/**
 * The messages of each language but English, filled when the language is first chosen
 * (`loadCatalog`). Every message reads them through `message()` (`scripts/lazy-catalogs.ts`), so
 * a page's first load carries its English only; the console switches to another language only
 * once its catalog is here (`language.svelte.ts`).
 */
type Catalog = Record<string, (inputs: unknown) => string>;

const catalogs: Record<string, Catalog> = { de: {}, ja: {} };

const loaders: Partial<Record<Locale, () => Promise<Catalog>>> = {
	de: () => import('$lib/paraglide-catalogs/messages/de.js') as Promise<Catalog>,
	ja: () => import('$lib/paraglide-catalogs/messages/ja.js') as Promise<Catalog>
};

const loading = new Map<Locale, Promise<void>>();

/** Fetches a language's messages once; English is always here. */
export function loadCatalog(locale: Locale): Promise<void> {
	const load = loaders[locale];
	if (!load) return Promise.resolve();
	let pending = loading.get(locale);
	if (!pending) {
		pending = load().then(
			(module) => void Object.assign((catalogs[locale] ??= {}), module),
			(error: unknown) => {
				loading.delete(locale);
				throw error;
			}
		);
		loading.set(locale, pending);
	}
	return pending;
}

/** How the pseudo-locale writes a message (`pseudo.ts`), loaded only when it is chosen. */
export type Transform = (text: string, inputs: unknown) => string;

let localeNow: () => Locale = () => baseLocale;
let shapeInputs = (inputs: unknown) => inputs;

/**
 * What every message does to its inputs before it shows them: `isolateAgentText()` (isolate.ts)
 * isolates agent text for bidi there, for the signed-in pages, so the sign-in page does not carry it.
 */
export function shapeInputsWith(shape: (inputs: unknown) => unknown) {
	shapeInputs = shape;
}
let inBase = false;
let transformNow: () => Transform | null = () => null;

/**
 * Where messages read the language of the moment, and the pseudo-locale's transform when it is
 * the choice: `language.svelte.ts`, as reactive state. Without a reader, the base language again.
 */
export function readLocaleFrom(
	read: () => Locale = () => baseLocale,
	transform: () => Transform | null = () => null
) {
	localeNow = read;
	transformNow = transform;
}

/**
 * A message in the language of the moment (or the one asked for): the base language's function
 * that the message's module holds, else the function of the language's catalog, by key. Every
 * message goes through here (`scripts/lazy-catalogs.ts`).
 * @public (called by the compiled messages only)
 */
export function message(
	key: string,
	base: (inputs: unknown) => string,
	inputs: unknown,
	options?: { locale?: Locale }
): string {
	const locale = options?.locale ?? (inBase ? baseLocale : localeNow());
	// Exports (`inBaseLocale`) keep agent text as sent.
	const given = inBase ? inputs : shapeInputs(inputs);
	if (locale === baseLocale) {
		const transform = options?.locale || inBase ? null : transformNow();
		return transform ? transform(base(given), given) : base(given);
	}
	return catalogs[locale]?.[key]?.(given) ?? base(given);
}

/**
 * A reader of the formats' locale that says the base language while `inBaseLocale` runs, so that
 * an export has its numbers, dates and lists in it too (`language.svelte.ts` gives it to
 * `readFormatsFrom`).
 */
export function followingBaseLocale(read: () => string): () => string {
	return () => (inBase ? baseLocale : read());
}

/**
 * Runs `make` with every message in the base language, whatever the console speaks: for what is
 * read by machines rather than people (exports), which must be the same in every language.
 */
export function inBaseLocale<T>(make: () => T): T {
	const before = inBase;
	inBase = true;
	try {
		return make();
	} finally {
		inBase = before;
	}
}
