import { readFormatsFrom } from '$lib/format/intl';
import {
	followingBaseLocale,
	loadCatalog,
	readLocaleFrom,
	type Transform
} from '$lib/i18n/catalogs';
import {
	baseLocale,
	formatLocale,
	LANGUAGES,
	locales,
	matchLanguage,
	PSEUDO_LOCALE,
	type Locale
} from '$lib/i18n/languages';
import { parse, Stored } from '$lib/state/stored.svelte';
import { loadFailure } from '$lib/ui/load-failure.svelte';

export type LanguageChoice = 'browser' | Locale | typeof PSEUDO_LOCALE;

const FOLLOWED = LANGUAGES.filter((l) => l.complete).map((l) => l.tag);

/**
 * The console's language: the browser's preferred languages, or the one chosen in Settings or
 * the user menu, remembered per browser (another tab's choice applies here too). Every message
 * reads it as reactive state, so a change redraws the page in place, its state kept; `<html
 * lang>` follows it, for hyphenation, line breaking and screen readers. A language other than
 * English is used once its messages are here (`catalogs.ts`): until then, and if they cannot be
 * fetched, the console stays in English.
 */
class Language {
	readonly #stored = new Stored<LanguageChoice>('local', 'agent-console:language', {
		parse: parse.oneOf([...locales, PSEUDO_LOCALE] as const),
		fallback: 'browser'
	});
	#preferred = $state<readonly string[]>(
		typeof navigator === 'undefined' ? [] : [...navigator.languages]
	);
	#loaded = $state<readonly Locale[]>([baseLocale]);
	#pseudo = $state<Transform | null>(null);

	get choice(): LanguageChoice {
		return this.#stored.value;
	}

	/** The language asked for, whether or not its messages are here yet. */
	readonly wanted: Locale = $derived(
		this.choice === 'browser'
			? matchLanguage(this.#preferred, FOLLOWED)
			: this.choice === PSEUDO_LOCALE
				? baseLocale
				: this.choice
	);

	/** The pseudo-locale's transform, once loaded, while it is the choice. */
	readonly #transform: Transform | null = $derived(
		this.choice === PSEUDO_LOCALE ? this.#pseudo : null
	);

	/** The language every message is in. */
	readonly current: Locale = $derived(
		this.#loaded.includes(this.wanted) ? this.wanted : baseLocale
	);

	/** The page's `lang`: the language of the messages, or the pseudo-locale's tag. */
	readonly tag: string = $derived(this.#transform ? PSEUDO_LOCALE : this.current);

	/** The locale dates, numbers and plurals follow (`formatLocale`). */
	readonly formats: string = $derived(formatLocale(this.current, this.#preferred));

	/** What "the browser's language" is now, for the choice's label. */
	get fromBrowser(): Locale {
		return matchLanguage(this.#preferred, FOLLOWED);
	}

	/** Fetches the messages of the language wanted now; the root layout waits for it once. */
	async ready(): Promise<void> {
		if (this.choice === PSEUDO_LOCALE && !this.#pseudo) {
			const { pseudo } = await import('$lib/i18n/pseudo');
			this.#pseudo = pseudo;
		}
		const locale = this.wanted;
		if (this.#loaded.includes(locale)) return;
		try {
			await loadFailure.watch(() => loadCatalog(locale));
			if (!this.#loaded.includes(locale)) this.#loaded = [...this.#loaded, locale];
		} catch {
			// Not fetched (the console's server gone, or updated): English, and the root layout
			// offers a reload.
		}
	}

	/** Applies the language to the messages and the page; call once, from the root layout. */
	load() {
		readLocaleFrom(
			() => this.current,
			() => this.#transform
		);
		readFormatsFrom(followingBaseLocale(() => this.formats));
		window.addEventListener('languagechange', () => {
			this.#preferred = [...navigator.languages];
		});
		$effect.root(() => {
			$effect(() => {
				document.documentElement.lang = this.tag;
			});
			$effect(() => {
				void this.wanted;
				void this.choice;
				void this.ready();
			});
		});
	}

	set(choice: LanguageChoice) {
		this.#stored.set(choice === 'browser' ? null : choice);
	}
}

export const language = new Language();
