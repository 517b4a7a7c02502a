import { agentFailure } from '$lib/actions/agent-failure';
import { AgentError, AgentHttpError, errorMessage, type FieldErrors } from '$lib/api/errors';
import { StorageBlockedError } from '$lib/state/browser-storage';
import { m } from '$lib/paraglide/messages';

export type FormMessage = {
	tone: 'good' | 'bad';
	text: string;
	/** The agent's application code, so a form can offer the next step (PENDING, DUPLICATE). */
	code?: string | null;
};

/** How a form wants an agent error shown: its own text, or field errors only (text null). */
export type ErrorView = { text?: string | null; fieldErrors?: FieldErrors };

type SubmitOptions = {
	/** Checks before asking the agent; any error stops the submission. */
	check?: () => FieldErrors;
	/** Overrides how an agent error is shown; the default is below. */
	explain?: (error: AgentError) => ErrorView | undefined;
};

/**
 * One form's submission state: one request at a time, errors next to the fields and one message
 * for the form, in words. Agent errors become field errors (from a 499 body) and a message;
 * anything else is a bug and is rethrown.
 */
export class FormState {
	busy = $state(false);
	fieldErrors = $state<FieldErrors>({});
	message = $state<FormMessage | null>(null);
	/** The request fields this form shows; messages for any other field go into the form's message. */
	readonly #fields: readonly string[];

	constructor(fields: readonly string[] = []) {
		this.#fields = fields;
	}

	/** True when the action ran to the end. */
	async submit(action: () => Promise<unknown>, options: SubmitOptions = {}): Promise<boolean> {
		if (this.busy) return false;
		const problems = options.check?.() ?? {};
		this.fieldErrors = problems;
		if (Object.keys(problems).length) return false;
		this.busy = true;
		this.message = null;
		try {
			await action();
			return true;
		} catch (error) {
			if (error instanceof StorageBlockedError) {
				this.message = { tone: 'bad', text: error.message, code: null };
				return false;
			}
			const failure = agentFailure(error);
			this.#show(failure, options.explain?.(failure));
			return false;
		} finally {
			this.busy = false;
		}
	}

	#show(error: AgentError, view: ErrorView | undefined) {
		// What the form asks for is shown as asked; the agent's field messages go next to the fields
		// this form has, and into the form's message for any other.
		const shown: FieldErrors = { ...view?.fieldErrors };
		const elsewhere: string[] = [];
		const agentFields =
			error instanceof AgentHttpError && !view?.fieldErrors ? error.fieldErrors : {};
		for (const [field, messages] of Object.entries(agentFields)) {
			if (this.#fields.includes(field)) shown[field] = messages;
			else elsewhere.push(...messages.map((text) => `${field}: ${text}`));
		}
		this.fieldErrors = shown;
		const besideFields = Object.keys(shown).length > 0;
		// With every message next to its field, a line above saying so is only noise; it points at
		// them only beside messages that have no field here.
		let fallback: string | null = besideFields ? null : errorMessage(error);
		if (elsewhere.length)
			fallback = (besideFields ? m.parts_fields_not_accepted : m.parts_not_accepted)({
				messages: elsewhere.join(' ')
			});
		const text = view && 'text' in view ? view.text : fallback;
		this.message = text
			? { tone: 'bad', text, code: error instanceof AgentHttpError ? error.code : null }
			: null;
	}

	/** The agent answered, and the answer is no (a `false`): shown like a refusal. */
	refuse(fieldErrors: FieldErrors, text: string | null = null) {
		this.fieldErrors = fieldErrors;
		this.message = text ? { tone: 'bad', text } : null;
	}

	succeed(text: string) {
		this.fieldErrors = {};
		this.message = { tone: 'good', text };
	}

	clear() {
		this.fieldErrors = {};
		this.message = null;
	}
}
