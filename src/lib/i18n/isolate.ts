import { shapeInputsWith } from './catalogs';

/**
 * Agent text put into a console sentence is isolated for bidi (FSI … PDI), so a right-to-left
 * override in a name cannot reorder the words around it. Only text that could reorder anything
 * (right-to-left letters, bidi controls) is wrapped: a Latin name, a number or a size stays the
 * same string, in accessible names, tests and exports alike.
 */
const FSI = '\u2068';
const PDI = '\u2069';

// Right-to-left blocks (Hebrew to NKo and Arabic extensions, presentation forms, the
// supplementary RTL planes) and the bidi controls (ALM, LRM, RLM, embeddings, isolates).
const REORDERS =
	/[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\u{10800}-\u{10fff}\u{1e800}-\u{1efff}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** Whether the text, put inside a sentence, could reorder the sentence's words. */
export function mayReorder(text: string): boolean {
	return REORDERS.test(text);
}

/**
 * The text wrapped in FSI … PDI when it may reorder. A PDI inside that closes no isolate the text
 * opened is dropped (it would close ours early and let what follows out), and one it left open
 * is closed.
 */
export function isolate(text: string): string {
	if (!mayReorder(text)) return text;
	let open = 0;
	let inner = '';
	for (const ch of text) {
		if (ch === '\u2066' || ch === '\u2067' || ch === FSI) open++;
		else if (ch === PDI) {
			if (open === 0) continue;
			open--;
		}
		inner += ch;
	}
	return FSI + inner + PDI.repeat(open) + PDI;
}

/** A message's inputs with each string isolated; the same object when none needed it. */
export function isolateInputs(inputs: unknown): unknown {
	if (typeof inputs !== 'object' || inputs === null) return inputs;
	let out: Record<string, unknown> | null = null;
	for (const [key, value] of Object.entries(inputs)) {
		if (typeof value !== 'string' || !mayReorder(value)) continue;
		out ??= { ...(inputs as Record<string, unknown>) };
		out[key] = isolate(value);
	}
	return out ?? inputs;
}

/** Every message isolates the agent text it is given from now on (the signed-in layout). */
export function isolateAgentText() {
	shapeInputsWith(isolateInputs);
}
