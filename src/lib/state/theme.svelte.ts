import { parse, Stored } from '$lib/state/stored.svelte';

type ThemeChoice = 'system' | 'light' | 'dark';

/**
 * Light, dark or the system's choice; remembered per browser (another tab's choice applies here
 * too) and applied to <html>. "System" follows the operating system live, as it changes.
 * Before the app runs, `static/theme.js` applies the same choice from the same key, so dark mode
 * does not flash: a file of its own, as the Content-Security-Policy forbids inline script, and
 * written small, as every first load waits for it (it is served as it is, with no comment).
 */
class Theme {
	readonly #stored = new Stored<ThemeChoice>('local', 'agent-console:theme', {
		parse: parse.oneOf(['light', 'dark']),
		fallback: 'system'
	});
	#systemDark = $state(false);

	get choice(): ThemeChoice {
		return this.#stored.value;
	}

	get dark(): boolean {
		return this.choice === 'system' ? this.#systemDark : this.choice === 'dark';
	}

	/** Applies the theme to the page and keeps it applied; call once, from the root layout. */
	load() {
		const query = matchMedia('(prefers-color-scheme: dark)');
		this.#systemDark = query.matches;
		query.addEventListener('change', (event) => (this.#systemDark = event.matches));
		$effect.root(() => {
			$effect(() => {
				document.documentElement.classList.toggle('dark', this.dark);
			});
		});
	}

	set(choice: ThemeChoice) {
		this.#stored.set(choice === 'system' ? null : choice);
	}

	/** Cycles system -> light -> dark. */
	next() {
		this.set(this.choice === 'system' ? 'light' : this.choice === 'light' ? 'dark' : 'system');
	}
}

export const theme = new Theme();
