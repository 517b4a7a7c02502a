import { readStored, writeStored } from '$lib/storage';

export type ThemeChoice = 'system' | 'light' | 'dark';
const KEY = 'agent-console:theme';

/** Light, dark or the system's choice; remembered per browser and applied to <html>. */
class Theme {
	choice = $state<ThemeChoice>('system');

	load() {
		const saved = readStored('local', KEY);
		this.choice = saved === 'light' || saved === 'dark' ? saved : 'system';
	}

	get dark(): boolean {
		if (this.choice === 'system') return matchMedia('(prefers-color-scheme: dark)').matches;
		return this.choice === 'dark';
	}

	set(choice: ThemeChoice) {
		this.choice = choice;
		writeStored('local', KEY, choice === 'system' ? null : choice);
		document.documentElement.classList.toggle('dark', this.dark);
	}

	/** Cycles system -> light -> dark. */
	next() {
		this.set(this.choice === 'system' ? 'light' : this.choice === 'light' ? 'dark' : 'system');
	}
}

export const theme = new Theme();
