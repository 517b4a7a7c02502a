import { config } from '$lib/config.svelte';
import * as auth from '$lib/api/authentication';
import { onUnauthorized } from '$lib/api/client';
import { AgentError, isAbort } from '$lib/api/errors';
import type { UserProfile } from '$lib/api/schemas';
import { jwtExpiry, tokenStore } from '$lib/api/token';

/**
 * Who is signed in to the current agent. The token itself stays in session storage (keyed by the
 * agent address); this class only reads it, so switching agents switches sessions.
 */
class Session {
	/** Bumped whenever the stored token changes, so the getters below re-read storage. */
	#version = $state(0);
	user = $state.raw<UserProfile | null>(null);
	userError = $state.raw<AgentError | null>(null);
	/** Why the last session ended without the user asking, in words. */
	endedReason = $state<string | null>(null);
	#controller: AbortController | null = null;

	constructor() {
		onUnauthorized((agentUrl) => {
			if (agentUrl !== config.agentUrl) return;
			this.#clear();
			this.endedReason =
				'Your session ended: the agent no longer accepts its token. Sign in again.';
		});
	}

	get token(): string | null {
		void this.#version;
		return tokenStore.get(config.agentUrl);
	}

	get signedIn(): boolean {
		return this.token !== null;
	}

	/** From the token's `exp`, when it has one. Shown to the user; never trusted for security. */
	get expiresAt(): Date | null {
		const token = this.token;
		return token ? jwtExpiry(token) : null;
	}

	/** Stores a new token for the current agent (sign-in). */
	begin(token: string) {
		tokenStore.set(config.agentUrl, token);
		this.endedReason = null;
		this.user = null;
		this.#version += 1;
	}

	async loadUser() {
		this.#controller?.abort();
		if (!this.signedIn) {
			this.user = null;
			return;
		}
		const controller = new AbortController();
		this.#controller = controller;
		try {
			this.user = await auth.user({ signal: controller.signal });
			this.userError = null;
		} catch (error) {
			if (isAbort(error) || controller.signal.aborted) return;
			if (!(error instanceof AgentError)) throw error;
			this.userError = error;
		}
	}

	/** Ends the session with the agent (best effort) and forgets the token either way. */
	async signOut(agentUrl = config.agentUrl) {
		const token = tokenStore.get(agentUrl);
		tokenStore.clear(agentUrl);
		if (agentUrl === config.agentUrl) this.#clear();
		if (token) {
			try {
				await auth.logout(token, { agentUrl });
			} catch {
				// The token is gone from this browser; an unreachable agent cannot be told.
			}
		}
	}

	#clear() {
		tokenStore.clear(config.agentUrl);
		this.#controller?.abort();
		this.user = null;
		this.userError = null;
		this.#version += 1;
	}

	reset() {
		this.#clear();
		this.endedReason = null;
	}
}

export const session = new Session();
