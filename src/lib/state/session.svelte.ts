import { config } from '$lib/config.svelte';
import * as auth from '$lib/api/authentication';
import { onUnauthorized } from '$lib/api/client';
import { AgentContractError, AgentError, AgentHttpError, isAbort } from '$lib/api/errors';
import { CHALLENGE, type UserProfile } from '$lib/api/schemas/authentication';
import { jwtExpiry, tokenStore, tokenUserKey } from '$lib/api/token';
import { agentStatusMonitor } from '$lib/state/agent-status.svelte';
import { removeStored, StorageBlockedError } from '$lib/state/browser-storage';
import { parse, Stored } from '$lib/state/stored.svelte';
import { m } from '$lib/paraglide/messages';

/** A sign-in waiting for its second step; kept in session storage so a refresh resumes it. */
export type PendingMfa = {
	agentUrl: string;
	session: string;
	challenge: number;
	username: string;
	next: string | null;
	startedAt: number;
};

/** The MFA step waiting for its code: a refresh resumes it. */
const pendingMfaStored = new Stored<PendingMfa | null>('session', 'agent-console:pending-mfa', {
	parse: parse.object<PendingMfa>(['session', 'agentUrl']),
	fallback: null
});
/** The desktop user type last used in this browser. */
const userTypeStored = new Stored<number | null>('local', 'agent-console:user-type', {
	parse: parse.oneOf([16, 32, 64]),
	fallback: null
});
/** The username of the last sign-in attempt in this tab. */
const lastUsernameStored = new Stored('session', 'agent-console:last-username', {
	parse: parse.text,
	fallback: ''
});
/**
 * Why the last session ended without the user asking, kept in the tab's session storage: a reload
 * (or the old page noticing first, before a reload) must not lose it.
 */
const endedReasonStored = new Stored<string | null>('session', 'agent-console:session-ended', {
	parse: parse.text,
	fallback: null
});
const CHANNEL_NAME = 'agent-console:session';
/** What a tab keeps in session storage once its user signs out: other agents' sessions, and the agent's own state. */
const KEPT_AFTER_SIGN_OUT = /^agent-console:(token:|stopped-at:)/;

/** Codes with which the agent says a sign-in session is gone: start again. */
export const MFA_SESSION_CODES = ['SESSION', 'SESSION_MAXOUT'];

type SignInOutcome = 'signed-in' | 'totp' | 'sms';

/**
 * Who is signed in to the current agent. The token itself stays in session storage, keyed by the
 * agent address; this class reads it there, so switching agents switches sessions. Sign-out is
 * announced to the other tabs of this browser, which end the same agent's session too.
 */
class Session {
	user = $state.raw<UserProfile | null>(null);
	userError = $state.raw<AgentError | null>(null);
	/** Why the last session ended without the user asking, in words; it survives a reload. */
	get endedReason(): string | null {
		return endedReasonStored.value;
	}
	set endedReason(reason: string | null) {
		endedReasonStored.set(reason);
	}
	#controller: AbortController | null = null;
	#channel: BroadcastChannel | null = null;
	readonly #endListeners = new Set<() => void>();

	constructor() {
		onUnauthorized((agentUrl) => {
			if (agentUrl !== config.agentUrl || !this.signedIn) return;
			this.#clear();
			this.endedReason = m.words_session_not_accepted();
		});
		config.onExternalChange((previous) => this.#leaveOldAgent(previous, config.agentUrl));
		if (typeof BroadcastChannel !== 'undefined') {
			this.#channel = new BroadcastChannel(CHANNEL_NAME);
			this.#channel.onmessage = (
				event: MessageEvent<{ type?: string; agentUrl?: string; addressChanged?: string | false }>
			) => {
				const agentUrl = event.data?.agentUrl;
				if (event.data?.type !== 'signed-out' || !agentUrl || !tokenStore.get(agentUrl)) return;
				// The storage event may not have arrived yet: the old agent's session ends either way.
				if (event.data.addressChanged) {
					this.#leaveOldAgent(agentUrl, event.data.addressChanged);
				} else if (agentUrl === config.agentUrl) {
					// This tab's own token ends at the agent too, not just here.
					const token = tokenStore.get(agentUrl);
					this.#clear();
					this.#forgetUser();
					this.endedReason = m.words_session_other_tab();
					if (token) auth.logout(token, { agentUrl }).catch(() => undefined);
				}
			};
		}
	}

	get token(): string | null {
		return tokenStore.get(config.agentUrl);
	}

	get signedIn(): boolean {
		return this.token !== null;
	}

	/** Whose kept timeline this session reads and writes: this agent and this user. */
	get timelineOwner(): string | null {
		const token = this.token;
		return token ? `${config.agentUrl} ${tokenUserKey(token)}` : null;
	}

	/** From the token's `exp`, when it has one. Shown to the user; never trusted for security. */
	get expiresAt(): Date | null {
		const token = this.token;
		return token ? jwtExpiry(token) : null;
	}

	get pendingMfa(): PendingMfa | null {
		const pending = pendingMfaStored.value;
		return pending?.agentUrl === config.agentUrl ? pending : null;
	}

	/** The desktop user type last used in this browser. */
	get rememberedUserType(): number | null {
		return userTypeStored.value;
	}

	/** Calls back whenever a session of this tab ends, to forget what it read (kept answers). */
	onEnd(listener: () => void) {
		this.#endListeners.add(listener);
	}

	/** Stores a new token for the current agent. */
	begin(token: string) {
		// Without storage the session would end at once and sign-in would start over, forever.
		if (!tokenStore.set(config.agentUrl, token)) throw new StorageBlockedError();
		pendingMfaStored.set(null);
		this.endedReason = null;
		this.user = null;
		// The agent's status changes with a sign-in (Created to Started): read it now, not in 10 s.
		agentStatusMonitor.refreshSoon();
	}

	async login(
		username: string,
		password: string,
		type: number,
		next: string | null
	): Promise<SignInOutcome> {
		lastUsernameStored.set(username);
		const result = await auth.login({ username, password, type });
		userTypeStored.set(type);
		if (result.challenge === CHALLENGE.None) {
			if (!result.jwtToken) throw new AgentContractError(m.words_session_no_token(), '');
			this.begin(result.jwtToken);
			return 'signed-in';
		}
		if (
			(result.challenge === CHALLENGE.Totp || result.challenge === CHALLENGE.Sms) &&
			result.session
		) {
			const pending: PendingMfa = {
				agentUrl: config.agentUrl,
				session: result.session,
				challenge: result.challenge,
				username,
				next,
				startedAt: Date.now()
			};
			pendingMfaStored.set(pending);
			return result.challenge === CHALLENGE.Totp ? 'totp' : 'sms';
		}
		throw new AgentContractError(m.words_session_unknown_step({ challenge: result.challenge }), '');
	}

	/** Answers the TOTP step. A gone session (SESSION, SESSION_MAXOUT) also ends the pending step. */
	async respondMfa(userCode: string): Promise<void> {
		const pending = this.pendingMfa;
		if (!pending) throw new AgentHttpError(499, 'SESSION');
		try {
			const result = await auth.mfaRespond({ userCode, session: pending.session });
			if (!result.jwtToken) throw new AgentContractError(m.words_session_code_no_token(), '');
			this.begin(result.jwtToken);
		} catch (error) {
			if (error instanceof AgentHttpError && error.code && MFA_SESSION_CODES.includes(error.code))
				this.cancelMfa();
			throw error;
		}
	}

	/** Signs in (or up) with an ID token from the identity provider; the agent answers a JWT. */
	async providerSignIn(mode: 'login' | 'signup', slug: string, idToken: string) {
		const jwt =
			mode === 'signup'
				? await auth.providerSignup(slug, idToken)
				: await auth.providerLogin(slug, idToken);
		this.begin(jwt);
	}

	/** The username of the last sign-in attempt in this tab, to fill the form in again. */
	get lastUsername(): string {
		return lastUsernameStored.value;
	}

	rememberUsername(username: string) {
		lastUsernameStored.set(username);
	}

	cancelMfa() {
		pendingMfaStored.set(null);
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

	/** The agent answered a changed profile (after an edit): show what it returned. */
	updated(profile: UserProfile) {
		this.user = profile;
		this.userError = null;
	}

	/**
	 * Ends the session with the agent (best effort), forgets the token, and tells the other tabs;
	 * `addressChanged` when it ends because this browser now uses another agent.
	 */
	async signOut(agentUrl = config.agentUrl, addressChanged = false) {
		const token = tokenStore.get(agentUrl);
		tokenStore.clear(agentUrl);
		this.#forgetUser();
		if (agentUrl === config.agentUrl) {
			this.#clear();
			this.endedReason = m.words_session_signed_out();
		}
		// With the new address, for tabs whose storage event has not arrived yet.
		this.#channel?.postMessage({
			type: 'signed-out',
			agentUrl,
			addressChanged: addressChanged && config.agentUrl
		});
		if (token) {
			try {
				await auth.logout(token, { agentUrl });
			} catch {
				// The token is gone from this browser; an unreachable agent cannot be told.
			}
			// The last sign-out turns the agent's status back to Created.
			agentStatusMonitor.refreshSoon();
		}
	}

	/** The token's own expiry has passed: end the session here without asking the agent. */
	expire() {
		this.end(m.words_session_expired());
	}

	/** The agent will no longer accept the token (it was told to sign its user out): say why. */
	end(reason: string) {
		this.#clear();
		this.endedReason = reason;
	}

	/**
	 * Another tab switched this browser to another agent: this tab's session with the old one ends
	 * (forgotten here, and the agent is told), whichever of the two messages arrives first.
	 */
	#leaveOldAgent(previous: string, next: string) {
		const token = tokenStore.get(previous);
		if (!token) return;
		this.#clear(previous);
		this.#forgetUser();
		this.endedReason = m.words_session_address_changed({ next, previous });
		auth.logout(token, { agentUrl: previous }).catch(() => undefined);
	}

	/**
	 * After a sign-out this tab keeps nothing of its user in session storage: no MFA step or
	 * enrolment secret, no username, no sign-in under way; only other agents' sessions.
	 */
	#forgetUser() {
		for (const listener of this.#endListeners) listener();
		removeStored('session', 'agent-console:', (key) => KEPT_AFTER_SIGN_OUT.test(key));
		// The values read through Stored see the removal at once.
		pendingMfaStored.set(null);
		lastUsernameStored.set(null);
	}

	#clear(agentUrl = config.agentUrl) {
		tokenStore.clear(agentUrl);
		for (const listener of this.#endListeners) listener();
		this.#controller?.abort();
		this.user = null;
		this.userError = null;
	}

	reset() {
		this.#clear();
		pendingMfaStored.set(null);
		this.endedReason = null;
	}
}

export const session = new Session();
