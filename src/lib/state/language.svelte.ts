import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { formatLocale, LANGUAGES, locales, matchLanguage, type Locale } from '$lib/i18n/languages';
import { parse, Stored } from '$lib/state/stored.svelte';

export type LanguageChoice = 'browser' | Locale;

const FOLLOWED = LANGUAGES.filter((l) => l.complete).map((l) => l.tag);

/**
 * The console's language: the browser's preferred languages, or the one chosen in Settings or
 * the user menu, remembered per browser (another tab's choice applies here too). Every message
 * reads it as reactive state, so a change redraws the page in place, its state kept; `<html
 * lang>` follows it, for hyphenation, line breaking and screen readers.
 */
class Language {
	readonly #stored = new Stored<LanguageChoice>('local', 'agent-console:language', {
		parse: parse.oneOf(locales),
		fallback: 'browser'
	});
	#preferred = $state<readonly string[]>(
		typeof navigator === 'undefined' ? [] : [...navigator.languages]
	);

	get choice(): LanguageChoice {
		return this.#stored.value;
	}

	/** The language every message is in. */
	readonly current: Locale = $derived(
		this.choice === 'browser' ? matchLanguage(this.#preferred, FOLLOWED) : this.choice
	);

	/** The locale dates, numbers and plurals follow (`formatLocale`). */
	readonly formats: string = $derived(formatLocale(this.current, this.#preferred));

	/** What "the browser's language" is now, for the choice's label. */
	get fromBrowser(): Locale {
		return matchLanguage(this.#preferred, FOLLOWED);
	}

	/** Applies the language to the messages and the page; call once, from the root layout. */
	load() {
		overwriteGetLocale(() => this.current);
		window.addEventListener('languagechange', () => {
			this.#preferred = [...navigator.languages];
		});
		$effect.root(() => {
			$effect(() => {
				document.documentElement.lang = this.current;
			});
		});
	}

	set(choice: LanguageChoice) {
		this.#stored.set(choice === 'browser' ? null : choice);
	}
}

export const language = new Language();
