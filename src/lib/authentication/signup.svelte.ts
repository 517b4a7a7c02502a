import { config } from '$lib/config.svelte';
import * as auth from '$lib/api/authentication';
import { AgentHttpError } from '$lib/api/errors';
import { parse, Stored } from '$lib/state/stored.svelte';
import { RESEND_COOLDOWN_S } from '$lib/api/schemas/shell-contract';

/** A sign-up waiting for its activation code; kept in session storage so a refresh resumes it. */
export type PendingSignup = {
	agentUrl: string;
	email: string;
	sentAt: number | null;
	next: string | null;
};

const pendingStored = new Stored<PendingSignup | null>('session', 'agent-console:pending-signup', {
	parse: parse.object<PendingSignup>(['email', 'agentUrl']),
	fallback: null
});
/** The agent's cooldown is not published; 30 s matches what it enforces in practice. */
export const RESEND_COOLDOWN_MS = RESEND_COOLDOWN_S * 1000;

/** "a•••@example.com": enough to recognise the address, not to read it over a shoulder. */
export function maskEmail(email: string): string {
	const at = email.lastIndexOf('@');
	if (at < 1) return email;
	return `${email[0]}•••${email.slice(at)}`;
}

/** Upper case, letters and digits only, at most 4: what a person pastes or types becomes a code. */
export function normaliseActivationCode(text: string): string {
	return text
		.toUpperCase()
		.replace(/[^A-Z0-9]/g, '')
		.slice(0, 4);
}

class SignupFlow {
	get pending(): PendingSignup | null {
		const pending = pendingStored.value;
		return pending?.agentUrl === config.agentUrl ? pending : null;
	}

	#store(pending: PendingSignup | null) {
		pendingStored.set(pending);
	}

	async signup(body: { name: string; email: string; password: string }, next: string | null) {
		await auth.signup(body);
		this.#store({ agentUrl: config.agentUrl, email: body.email, sentAt: Date.now(), next });
	}

	/** For "I already have a code": remember the address without claiming a code was just sent. */
	useEmail(email: string, next: string | null) {
		const current = this.pending;
		this.#store({
			agentUrl: config.agentUrl,
			email,
			sentAt: current?.email === email ? current.sentAt : null,
			next: next ?? current?.next ?? null
		});
	}

	async resend() {
		const pending = this.pending;
		if (!pending) return;
		await auth.resendConfirmationEmail({ email: pending.email });
		this.#store({ ...pending, sentAt: Date.now() });
	}

	/** After the agent said "wait N seconds": start the countdown from its number. */
	noteCooldown(error: unknown) {
		const pending = this.pending;
		if (!pending || !(error instanceof AgentHttpError)) return;
		const seconds = Number(/(\d+)\s*seconds?/i.exec(error.message)?.[1]);
		if (Number.isFinite(seconds) && seconds > 0) {
			this.#store({ ...pending, sentAt: Date.now() - RESEND_COOLDOWN_MS + seconds * 1000 });
		}
	}

	/** True when activated. */
	async confirm(code: string): Promise<boolean> {
		const pending = this.pending;
		if (!pending) return false;
		const ok = await auth.confirmSignup({
			email: pending.email,
			token: normaliseActivationCode(code)
		});
		return ok;
	}

	clear() {
		this.#store(null);
	}
}

export const signupFlow = new SignupFlow();
