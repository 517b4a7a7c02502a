import type { EngineFrame } from './engine.ts';
import { until } from './until.ts';

/**
 * What a user sees, found the same way in every engine: by test id, by role and accessible name,
 * by label, or by text, as the Playwright suite finds it. Each question is one script in the page;
 * a click marks the element and leaves the click itself to the browser's input.
 */

export type Role =
	| 'button'
	| 'link'
	| 'checkbox'
	| 'textbox'
	| 'combobox'
	| 'dialog'
	| 'heading'
	| 'status'
	| 'alert'
	| 'navigation'
	| 'row';

/** A pattern that crosses into the page: a RegExp cannot be sent as JSON. */
type Pattern = { source: string; flags: string } | { text: string; exact: boolean };

export type Target = {
	testId?: string;
	role?: Role;
	/** The accessible name: a substring (or `exact`), or a pattern. */
	name?: string | RegExp;
	/** A form control by its label. */
	label?: string;
	/** An element whose own text matches, the innermost one. */
	text?: string | RegExp;
	exact?: boolean;
	/** Only inside the first match of this target. */
	within?: Target;
	/** Which match, when several do: the first unless said. */
	nth?: number;
};

type SentTarget = Omit<Target, 'name' | 'text' | 'within'> & {
	name?: Pattern;
	text?: Pattern;
	within?: SentTarget;
};

/** What the page is asked about a target. */
type Question =
	| { ask: 'text' }
	| { ask: 'count' }
	| { ask: 'mark'; mark: string }
	| { ask: 'fill'; value: string }
	| { ask: 'select'; label: string }
	| { ask: 'focused' }
	| { ask: 'attribute'; name: string }
	| { ask: 'checked' };

const pattern = (p: string | RegExp | undefined, exact = false): Pattern | undefined =>
	p === undefined
		? undefined
		: typeof p === 'string'
			? { text: p, exact }
			: { source: p.source, flags: p.flags };

function sent(target: Target): SentTarget {
	return {
		...target,
		name: pattern(target.name, target.exact),
		text: pattern(target.text, target.exact),
		within: target.within && sent(target.within)
	};
}

/** Says a target in words, for a failure's message. */
function sayTarget(target: Target): string {
	const parts = [
		target.testId && `test id "${target.testId}"`,
		target.role && `${target.role}${target.name ? ` "${String(target.name)}"` : ''}`,
		!target.role && target.name && `name "${String(target.name)}"`,
		target.label && `labelled "${target.label}"`,
		target.text && `text "${String(target.text)}"`,
		target.nth !== undefined && `#${target.nth}`
	].filter(Boolean);
	return parts.join(' ') + (target.within ? ` in ${sayTarget(target.within)}` : '');
}

/**
 * Runs in the page: finds the target among visible elements and answers the question. It must be
 * whole in itself, since it travels as source text.
 */
function inPage(target: SentTarget, question: Question): unknown {
	const ROLES: Record<string, string> = {
		button: 'button, input[type=button], input[type=submit], input[type=reset], [role=button]',
		link: 'a[href], [role=link]',
		checkbox: 'input[type=checkbox], [role=checkbox], [role=switch]',
		textbox:
			'input:not([type]), input[type=text], input[type=email], input[type=password], input[type=search], input[type=tel], input[type=url], input[type=number], textarea, [role=textbox]',
		combobox: 'select, [role=combobox]',
		dialog: 'dialog[open], [role=dialog], [role=alertdialog]',
		heading: 'h1, h2, h3, h4, h5, h6, [role=heading]',
		status: '[role=status], output',
		alert: '[role=alert]',
		navigation: 'nav, [role=navigation]',
		row: 'tr, [role=row]'
	};
	const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
	const matches = (value: string, p: Pattern) => {
		if ('source' in p) return new RegExp(p.source, p.flags).test(value);
		return p.exact ? value === p.text : value.toLowerCase().includes(p.text.toLowerCase());
	};
	const visible = (el: Element) => {
		const html = el as HTMLElement;
		if (html.closest('[inert], [hidden]')) return false;
		if (typeof html.checkVisibility === 'function')
			return html.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions);
		return html.getClientRects().length > 0;
	};
	const labelText = (el: Element): string => {
		const ids = el.getAttribute('aria-labelledby');
		if (ids)
			return squash(
				ids
					.split(/\s+/)
					.map((id) => document.getElementById(id)?.textContent ?? '')
					.join(' ')
			);
		const aria = el.getAttribute('aria-label');
		if (aria) return squash(aria);
		const control = el as HTMLInputElement;
		if (control.labels && control.labels.length)
			return squash([...control.labels].map((l) => l.textContent).join(' '));
		return '';
	};
	const nameOf = (el: Element): string => {
		const label = labelText(el);
		if (label) return label;
		if (el instanceof HTMLInputElement && ['button', 'submit', 'reset'].includes(el.type))
			return squash(el.value);
		return (
			squash((el as HTMLElement).innerText || el.textContent) || squash(el.getAttribute('title'))
		);
	};
	const find = (t: SentTarget, root: ParentNode): Element[] => {
		let scope: ParentNode[] = [root];
		if (t.within) {
			const outer = find(t.within, root)[0];
			if (!outer) return [];
			scope = [outer];
		}
		let found: Element[];
		if (t.testId) found = [...scope[0]!.querySelectorAll(`[data-testid="${t.testId}"]`)];
		else if (t.role) found = [...scope[0]!.querySelectorAll(ROLES[t.role] ?? `[role=${t.role}]`)];
		else if (t.label)
			found = [...scope[0]!.querySelectorAll('input, select, textarea, [role=textbox]')];
		else found = [...scope[0]!.querySelectorAll('body *')];
		if (t.testId && t.role)
			found = found.filter((el) => el.matches(ROLES[t.role!] ?? `[role=${t.role}]`));
		found = found.filter(visible);
		if (t.name) found = found.filter((el) => matches(nameOf(el), t.name!));
		if (t.label) {
			const label = { text: t.label, exact: t.exact ?? false };
			found = found.filter((el) => matches(labelText(el), label));
		}
		if (t.text) {
			found = found.filter((el) => matches(squash((el as HTMLElement).innerText), t.text!));
			// The innermost: an element none of whose children match too.
			found = found.filter((el) => !found.some((other) => other !== el && el.contains(other)));
		}
		return found;
	};
	const all = find(target, document);
	const el = all[target.nth ?? 0] as HTMLElement | undefined;
	switch (question.ask) {
		case 'count':
			return all.length;
		case 'text':
			return el ? squash(el.innerText) : null;
		case 'focused':
			return !!el && (el === document.activeElement || el.contains(document.activeElement));
		case 'attribute':
			return el ? el.getAttribute(question.name) : null;
		case 'checked':
			return el ? (el as HTMLInputElement).checked : null;
		case 'mark':
			if (!el) return false;
			el.scrollIntoView({ block: 'center', inline: 'center' });
			el.setAttribute('data-engine-target', question.mark);
			return true;
		case 'fill': {
			if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) return false;
			el.focus();
			// The value's own setter, as typing does, so the framework sees the input event.
			const proto = Object.getPrototypeOf(el) as object;
			Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, question.value);
			el.dispatchEvent(new Event('input', { bubbles: true }));
			el.dispatchEvent(new Event('change', { bubbles: true }));
			return true;
		}
		case 'select': {
			if (!(el instanceof HTMLSelectElement)) return false;
			const option = [...el.options].find((o) => squash(o.textContent) === question.label);
			if (!option) return false;
			el.value = option.value;
			el.dispatchEvent(new Event('input', { bubbles: true }));
			el.dispatchEvent(new Event('change', { bubbles: true }));
			return true;
		}
	}
}

const ask = <T>(frame: EngineFrame, target: Target, question: Question) =>
	frame.evaluate(inPage, sent(target), question) as Promise<T>;

const test = (expected: string | RegExp) => (text: string | null) =>
	text !== null && (typeof expected === 'string' ? text.includes(expected) : expected.test(text));

/** The target's text once it contains `expected` (or matches it). */
export const expectText = (
	frame: EngineFrame,
	target: Target,
	expected: string | RegExp,
	timeout?: number
) =>
	until(
		`${sayTarget(target)} to say ${String(expected)}`,
		() => ask<string | null>(frame, target, { ask: 'text' }),
		test(expected),
		timeout
	);

/** Waits until the target is on screen. */
export const expectVisible = (frame: EngineFrame, target: Target, timeout?: number) =>
	until(
		`${sayTarget(target)} to be on screen`,
		() => ask<number>(frame, target, { ask: 'count' }),
		(n) => n > 0,
		timeout
	);

/** Waits until as many of the target are on screen. */
export const expectCount = (frame: EngineFrame, target: Target, count: number) =>
	until(
		`${count} of ${sayTarget(target)}`,
		() => ask<number>(frame, target, { ask: 'count' }),
		(n) => n === count
	);

/** Waits until the target has the keyboard focus. */
export const expectFocused = (frame: EngineFrame, target: Target) =>
	until(
		`${sayTarget(target)} to have the focus`,
		() => ask<boolean>(frame, target, { ask: 'focused' }),
		(focused) => focused
	);

/** Waits until the checkbox is checked, or not. */
export const expectChecked = (frame: EngineFrame, target: Target, checked: boolean) =>
	until(
		`${sayTarget(target)} to be ${checked ? 'checked' : 'unchecked'}`,
		() => ask<boolean | null>(frame, target, { ask: 'checked' }),
		(c) => c === checked
	);

let marks = 0;

/** Clicks the target with the browser's own input, once it is on screen. */
export async function click(frame: EngineFrame, target: Target) {
	const mark = `m${++marks}`;
	await until(
		`${sayTarget(target)} to click`,
		() => ask<boolean>(frame, target, { ask: 'mark', mark }),
		(marked) => marked
	);
	await frame.click(`[data-engine-target="${mark}"]`);
}

/** Puts a value in a text field as typing would (the field gets the focus and an input event). */
export async function fill(frame: EngineFrame, target: Target, value: string) {
	await until(
		`${sayTarget(target)} to fill`,
		() => ask<boolean>(frame, target, { ask: 'fill', value }),
		(done) => done
	);
}

/** The document's address, as the page sees it. */
export const locationOf = (frame: EngineFrame) => frame.evaluate(() => location.href);

/** Waits until the page's address matches. */
export const expectUrl = (frame: EngineFrame, expected: RegExp) =>
	until(
		`the address to match ${String(expected)}`,
		() => locationOf(frame),
		(href) => expected.test(href)
	);
