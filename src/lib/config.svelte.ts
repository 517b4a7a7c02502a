import { base } from '$app/paths';
import { checkAgentUrl } from './agent-url.ts';
import type { RuntimeConfigFile } from './api/schemas/config.ts';
import { parse, Stored } from './state/stored.svelte.ts';

export const DEFAULT_AGENT_URL = 'http://localhost:29123';
/** The agent address chosen in this browser; null keeps the config file's. */
const savedAgent = new Stored<string | null>('local', 'agent-console:agent-url', {
	parse: parse.text,
	fallback: null
});

export type IdentityProvider = {
	slug: string;
	name: string;
	authorizeUrl: string;
	clientId: string;
	scope: string;
};

export type RuntimeConfig = {
	agentUrl: string;
	allowedAgentHosts: string[];
	identityProvider: IdentityProvider | null;
	frameAncestors: string[];
	basePath: string;
};

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
	agentUrl: DEFAULT_AGENT_URL,
	allowedAgentHosts: [],
	identityProvider: null,
	frameAncestors: [],
	basePath: ''
};

/**
 * Which agent the console talks to: the address saved in this browser, else the runtime config
 * file's default, else http://localhost:29123. Never the page URL.
 */
class AppConfig {
	#runtime = $state.raw<RuntimeConfig>(DEFAULT_RUNTIME_CONFIG);
	/** The address last seen, to tell listeners what it was when another tab changes it. */
	#seen = DEFAULT_AGENT_URL;
	/** Why the config file was not used, in words; null when it was. */
	loadError = $state<string | null>(null);
	loaded = $state(false);
	readonly #externalChange = new Set<(previous: string) => void>();

	constructor() {
		// Another tab of this browser saved another address: follow it, and tell who cares (the
		// session for the old agent must end, or switching back would find it signed in).
		if (typeof window === 'undefined') return;
		window.addEventListener('storage', () => {
			const previous = this.#seen;
			this.#seen = this.agentUrl;
			if (this.#seen !== previous) for (const listener of this.#externalChange) listener(previous);
		});
	}

	/** Calls back with the previous address when another tab switches this browser's agent. */
	onExternalChange(listener: (previous: string) => void): () => void {
		this.#externalChange.add(listener);
		return () => this.#externalChange.delete(listener);
	}

	get runtime(): RuntimeConfig {
		return this.#runtime;
	}

	get agentUrl(): string {
		const saved = savedAgent.value;
		if (saved) {
			const check = checkAgentUrl(saved, this.#runtime.allowedAgentHosts);
			if (check.ok) return check.url;
		}
		return this.#runtime.agentUrl;
	}

	/** True when the address comes from this browser's setting, not the config file. */
	get isSaved(): boolean {
		const saved = savedAgent.value;
		return saved !== null && this.agentUrl === saved;
	}

	/** Reads config.json through the api's loader (handed in, so the two modules stay apart). */
	async load(readConfigFile: (url: string) => Promise<RuntimeConfigFile>) {
		try {
			const file = await readConfigFile(`${base}/config.json`);
			const allowedAgentHosts = file.allowedAgentHosts ?? [];
			let agentUrl = DEFAULT_AGENT_URL;
			if (file.agentUrl) {
				const check = checkAgentUrl(file.agentUrl, allowedAgentHosts);
				if (check.ok) agentUrl = check.url;
				else this.loadError = `config.json: agentUrl refused. ${check.message}`;
			}
			const idp = file.identityProvider;
			this.#runtime = {
				agentUrl,
				allowedAgentHosts,
				identityProvider:
					idp && idp.authorizeUrl && idp.clientId
						? {
								slug: (idp.slug ?? 'google').toLowerCase(),
								name: idp.name ?? 'Google',
								authorizeUrl: idp.authorizeUrl,
								clientId: idp.clientId,
								scope: idp.scope ?? 'openid email profile'
							}
						: null,
				frameAncestors: file.frameAncestors ?? [],
				basePath: file.basePath ?? ''
			};
		} catch (error) {
			this.loadError = `${(error as Error).message} Using the built-in defaults.`;
		} finally {
			this.#seen = this.agentUrl;
			this.loaded = true;
		}
	}

	/** Saves an address for this browser; returns the refusal in words if it is not allowed. */
	setAgentUrl(input: string): { ok: true; url: string } | { ok: false; message: string } {
		const check = checkAgentUrl(input, this.#runtime.allowedAgentHosts);
		if (!check.ok) return check;
		const value = check.url === this.#runtime.agentUrl ? null : check.url;
		savedAgent.set(value);
		this.#seen = this.agentUrl;
		return check;
	}

	reset() {
		savedAgent.set(null);
		this.#seen = DEFAULT_AGENT_URL;
		this.#runtime = DEFAULT_RUNTIME_CONFIG;
		this.loadError = null;
		this.loaded = false;
	}
}

export const config = new AppConfig();
