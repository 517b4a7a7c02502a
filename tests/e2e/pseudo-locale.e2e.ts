import type { Page } from '@playwright/test';
import { bothLive, expect, signInWithToken, test } from './fixtures.ts';
import { busy, ROUTES } from './routes.ts';

/**
 * Every route in the pseudo-locale (`src/lib/i18n/pseudo.ts`), at 360 px: each message reads
 * `[!! Šéţţîñĝšîîî !!]`, so any text the console wrote that is not a message shows as plain
 * English. What is left once the messages are taken out must be the agent's own values (every
 * string of its answers on the way, and of the frames the test sends) or what Intl wrote (numbers,
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
		...['month', 'months', 'year', 'years', 'last', 'next', 'this', 'and', 'or'],
		...['KB', 'MB', 'GB', 'TB', 'B']
	].map((w) => w.toLowerCase())
);

/** Every string in a JSON value. */
function stringsOf(value: unknown, out: Set<string>) {
	if (typeof value === 'string') out.add(value);
	else if (Array.isArray(value)) for (const item of value) stringsOf(item, out);
	else if (value && typeof value === 'object')
		for (const [key, item] of Object.entries(value)) {
			out.add(key);
			stringsOf(item, out);
		}
}

/** Collects every string of the agent's answers the page receives. */
function agentStrings(page: Page, agentUrl: string): Set<string> {
	const out = new Set<string>();
	page.on('response', async (response) => {
		if (!response.url().startsWith(agentUrl)) return;
		try {
			stringsOf(await response.json(), out);
		} catch {
			// Not JSON, or the page went on before the body was read.
		}
	});
	return out;
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

/** The console's own words in a text: what is neither a message, an agent value nor Intl's. */
function untranslated(text: string, agent: readonly string[]): string[] {
	let rest = withoutMessages(text);
	for (const value of agent) if (rest.includes(value)) rest = rest.split(value).join(' ');
	return (rest.match(/\p{L}{2,}/gu) ?? []).filter((word) => !INTL_WORDS.has(word.toLowerCase()));
}

/** Controls whose words do not fit: clipped inside, or pushing the page sideways. */
const overflowing = (page: Page) =>
	page.evaluate(() => {
		const out: string[] = [];
		const root = document.scrollingElement ?? document.documentElement;
		if (root.scrollWidth > window.innerWidth + 1)
			out.push(`the page is ${root.scrollWidth} px wide in a ${window.innerWidth} px window`);
		for (const control of document.querySelectorAll<HTMLElement>(
			'button, select, [role="tab"], [role="button"], label, th'
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

	for (const route of [...AUTH_ROUTES, '/settings', ...ROUTES.map(([r]) => r)]) {
		test(route, async ({ page, agent }) => {
			const received = agentStrings(page, agent.url);
			if (!AUTH_ROUTES.includes(route)) await signInWithToken(page, agent);
			await page.goto(route);
			await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
			const frames = new Set<string>();
			if (route.startsWith('/events')) {
				await bothLive(page);
				stringsOf(await busy(agent), frames);
			}
			await expect(page.locator('main')).toContainText('[!! ');
			await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
			const agentValues = [...received, ...frames]
				.filter((value) => value.trim().length > 1)
				.sort((a, b) => b.length - a.length);
			const found = (await visibleText(page)).flatMap((text) => {
				const words = untranslated(text, agentValues);
				return words.length ? [`“${text.slice(0, 120)}”: ${words.join(', ')}`] : [];
			});
			expect(found, `${route}: text that is not a message`).toEqual([]);
			expect(await overflowing(page), `${route}: controls that do not fit`).toEqual([]);
		});
	}
});
