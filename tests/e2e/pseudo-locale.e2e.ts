import type { Page } from '@playwright/test';
import { expect, signInWithToken, test, visit } from './fixtures.ts';
import { busy, ROUTES, walks, walkTimeout } from './routes.ts';

/**
 * Every route in the pseudo-locale (`src/lib/i18n/pseudo.ts`), at 360 px: each message reads
 * `[!! Šéţţîñĝšîîî !!]`, so any text the console wrote that is not a message shows as plain
 * English. What is left once the messages are taken out must be the agent's own values (every
 * string the development agent holds or answered, and of the frames the test sends) or what Intl wrote (numbers,
 * dates, units); and no control may clip or overflow its longer words.
 */

const LANGUAGE_KEY = 'agent-console:language';

/** Words Intl writes in US English (dates, times, units, lists): formats, not the console's words. */
const INTL_WORDS = new Set(
	[
		...['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August'],
		...['September', 'October', 'November', 'December'],
		...['Jan', 'Feb', 'Mar', 'Apr', 'Jun', 'Jul', 'Aug', 'Sep', 'Sept', 'Oct', 'Nov', 'Dec'],
		...['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
		...['AM', 'PM', 'GMT', 'UTC', 'Coordinated', 'Universal', 'Time'],
		...['sec', 'min', 'hr', 'day', 'days', 'ago', 'in', 'now', 'yesterday', 'tomorrow'],
		...['second', 'seconds', 'minute', 'minutes', 'hour', 'hours', 'week', 'weeks'],
		...['month', 'months', 'year', 'years', 'last', 'next', 'this', 'and', 'or', 'at'],
		...['KB', 'MB', 'GB', 'TB', 'B']
	].map((w) => w.toLowerCase())
);

/**
 * Names that read the same in every language: the cloud services', as the console names the
 * agent's provider numbers.
 */
const BRANDS = ['Amazon S3', 'Wasabi', 'Azure', 'Google Cloud', 'Backblaze B2', 'Backblaze'];

/** What is not words: protocols, file names, addresses, and key combinations (alt+T). */
const NOT_WORDS = [
	/\b(?:SMB|NFS)\b/g,
	/[\p{L}\d_-]+\.[a-z\d]{2,8}\b/gu,
	/\bhttps?:\/\/[^\s"”]+/g,
	/\b(?:alt|ctrl|shift|meta)\+\S+/gi
];

/**
 * Every string the development agent holds or could send: its state, walked (objects, arrays,
 * maps and sets, each once), so the values the page shows are known whichever way they came (an
 * answer, a frame through the shared worker, a cached answer).
 */
function stringsOf(value: unknown, out: Set<string>, seen = new Set<object>()) {
	if (typeof value === 'string') {
		out.add(value);
		return;
	}
	if (!value || typeof value !== 'object' || seen.has(value)) return;
	seen.add(value);
	if (value instanceof Map)
		for (const [key, item] of value) {
			stringsOf(key, out, seen);
			stringsOf(item, out, seen);
		}
	else if (value instanceof Set || Array.isArray(value))
		for (const item of value) stringsOf(item, out, seen);
	else if (!ArrayBuffer.isView(value))
		for (const [key, item] of Object.entries(value)) {
			out.add(key);
			stringsOf(item, out, seen);
		}
}

/** Reads every answer of the agent the page receives; `read()` waits for the last bodies. */
function agentAnswers(page: Page, agentUrl: string) {
	const out = new Set<string>();
	const reading: Promise<void>[] = [];
	page.on('response', (response) => {
		if (!response.url().startsWith(agentUrl)) return;
		reading.push(
			response.json().then(
				(body: unknown) => stringsOf(body, out),
				() => undefined
			)
		);
	});
	return async () => {
		await Promise.allSettled(reading);
		return out;
	};
}

/** What the page says: visible text, the accessible names and hints, the title. */
const visibleText = (page: Page) =>
	page.evaluate(() => {
		const out: string[] = [document.title];
		const shown = (element: Element | null) =>
			!!element && element.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true });
		const walker = document.createTreeWalker(
			document.body,
			NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT
		);
		for (let node: Node | null = walker.currentNode; node; node = walker.nextNode()) {
			if (node.nodeType === Node.TEXT_NODE) {
				const parent = node.parentElement;
				if (!parent || parent.closest('script, style, option[lang], [data-as-sent]')) continue;
				if (!shown(parent) && !parent.closest('.sr-only')) continue;
				const text = node.nodeValue?.trim();
				if (text) out.push(text);
			} else {
				const element = node as Element;
				for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description'])
					if (element.hasAttribute(name)) out.push(element.getAttribute(name) ?? '');
			}
		}
		return out.filter((text) => text.trim());
	});

/** The text with every message (innermost first) taken out. */
function withoutMessages(text: string): string {
	let before;
	let out = text;
	do {
		before = out;
		out = out.replace(/\[!! ((?:(?!\[!! )[\s\S])*?) !!\]/g, ' ');
	} while (out !== before);
	return out;
}

const isWordChar = (c: string | undefined) => !!c && /[\p{L}\p{N}]/u.test(c);

/** The text with every whole occurrence of `value` taken out (not inside a longer word). */
function without(text: string, value: string): string {
	let out = '';
	let from = 0;
	for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + 1)) {
		const end = at + value.length;
		if (at < from || isWordChar(text[at - 1]) || isWordChar(text[end])) continue;
		out += `${text.slice(from, at)} `;
		from = end;
	}
	return out + text.slice(from);
}

const wordsIn = (text: string) => text.match(/\p{L}{2,}/gu) ?? [];

/**
 * The console's own words in a text: what is neither a message, an agent value nor Intl's. The
 * console shows parts of the agent's values too (a file name's stem, a path's last folder, a
 * match highlighted in a name): a word that the agent sent, as a word, passes. So does every word
 * of a whole value, which is why the values are not taken out of the text one by one: that found
 * nothing more, and with the agent's 28,000 strings against each text of a busy page it took 7 to
 * 9 s of a walk's step on its own, and 4 times that on a loaded machine.
 */
function untranslated(text: string, agentWords: ReadonlySet<string>): string[] {
	let rest = withoutMessages(text);
	for (const pattern of NOT_WORDS) rest = rest.replace(pattern, ' ');
	for (const value of BRANDS) if (rest.includes(value)) rest = without(rest, value);
	return wordsIn(rest).filter(
		(word) => !INTL_WORDS.has(word.toLowerCase()) && !agentWords.has(word)
	);
}

/** Controls whose words do not fit: clipped inside, or pushing the page sideways. */
const overflowing = (page: Page) =>
	page.evaluate(() => {
		const out: string[] = [];
		const root = document.scrollingElement ?? document.documentElement;
		if (root.scrollWidth > window.innerWidth + 1) {
			const past = [...document.body.querySelectorAll<HTMLElement>('*')].filter(
				(e) => e.getBoundingClientRect().right > window.innerWidth + 1 && e.checkVisibility()
			);
			const first = past[past.length - 1];
			out.push(
				`the page is ${root.scrollWidth} px wide in a ${window.innerWidth} px window: ` +
					`${first?.tagName.toLowerCase()}.${first?.className} “${first?.innerText.slice(0, 60)}”`
			);
		}
		for (const control of document.querySelectorAll<HTMLElement>(
			// Not a select: it shows one choice, and its widths count its longest.
			'button, [role="tab"], [role="button"], label, th'
		)) {
			if (!control.checkVisibility()) continue;
			if (control.scrollWidth > control.clientWidth + 1 && control.clientWidth > 0)
				out.push(`${control.tagName.toLowerCase()} “${control.innerText.slice(0, 60)}” is clipped`);
		}
		return out;
	});

const AUTH_ROUTES = ['/login', '/signup', '/forgot-password'];

test.describe('every route in the pseudo-locale: only messages, agent values and formats', () => {
	test.use({ viewport: { width: 360, height: 800 } });

	test.beforeEach(async ({ context }) => {
		await context.addInitScript((key) => localStorage.setItem(key, 'en-XA'), LANGUAGE_KEY);
	});

	// Walks, each a test that loads the console once and follows links from route to route (a
	// load per route was most of the cost): signed out, then the signed-in routes dealt in two.
	const signedIn = ['/settings', ...ROUTES.map(([route]) => route)];
	for (const routes of [AUTH_ROUTES, ...walks(signedIn, 2)]) {
		test(routes.join(' · '), async ({ page, agent }) => {
			walkTimeout(routes.length);
			const answers = agentAnswers(page, agent.url);
			if (routes !== AUTH_ROUTES) await signInWithToken(page, agent);
			// The frames the events views show, sent once, when the walk first reaches them.
			const frames = new Set<string>();
			for (const [i, route] of routes.entries()) {
				if (i === 0) await page.goto(route);
				else await visit(page, route);
				await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
				if (route.startsWith('/events') && frames.size === 0) {
					// At 360 px the channels' cards fold away once both are live.
					await expect(
						page.locator('[data-testid="notification-status"], [data-testid="statechange-status"]')
					).toHaveCount(0);
					stringsOf(await busy(agent), frames);
				}
				await expect(page.locator('main')).toContainText('[!! ');
				await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
				// The text first, then the answers: a part that draws late (a report, a chart) reads
				// its answer after the answers were gathered, and its words would count as the
				// console's. Every answer behind the text read has its response event by then.
				const shown = await visibleText(page);
				const held = await answers();
				stringsOf(agent, held);
				const agentWords = new Set([...held, ...frames].flatMap(wordsIn));
				const found = shown.flatMap((text) => {
					const words = untranslated(text, agentWords);
					return words.length ? [`“${text.slice(0, 120)}”: ${words.join(', ')}`] : [];
				});
				expect.soft(found, `${route}: text that is not a message`).toEqual([]);
				expect.soft(await overflowing(page), `${route}: controls that do not fit`).toEqual([]);
			}
		});
	}
});
