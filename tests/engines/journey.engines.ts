import type { Server } from 'node:http';
import { mkdir } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { ensureBuild } from '../../scripts/ensure-build.ts';
import { startStaticServer } from '../../scripts/static-server.ts';
import {
	currentTotp,
	DEMO_TOTP_SECRET,
	startSimulator,
	type Simulator
} from '../../simulator/index.ts';
import { closedPort, control, push, tokenKey } from '../agent.ts';
import { framedConsole, portalOn } from '../portal.ts';
import { launch } from './browsers.ts';
import { enginesWanted, type EngineBrowser, type EngineFrame, type EnginePage } from './engine.ts';
import {
	click,
	expectChecked,
	expectCount,
	expectFocused,
	expectText,
	expectUrl,
	expectVisible,
	fill,
	type Target
} from './steps.ts';
import { until } from './until.ts';

/**
 * One journey per engine through what an administrator does, in Firefox ESR and WebKitGTK as in
 * Chromium, against the development agent: each step goes on from where the last one left the
 * console, so the whole list costs a few page loads. The Playwright suite proves each behaviour
 * in depth in Chromium; this proves the engines run them.
 */

ensureBuild();

const FAILURES = 'test-results/engines';

/** A Progress frame of one file's transfer, under way. */
const progress = (id: string, mode: string, bytes: number, size: number, speed: number) => ({
	Type: 1,
	Data: {
		TransferMode: mode,
		Status: 'InProgress',
		Path: `/Projects/${id}.mov`,
		Name: `${id}.mov`,
		StorageName: 'Studio S3',
		Bytes: bytes,
		Size: size,
		Speed: speed,
		Error: null,
		TransferId: id
	}
});

/**
 * What each engine does when the console asks to show notifications, from a click: headless
 * Chromium refuses for good; Firefox puts the question to the user and waits (nobody answers it
 * here); WebKitGTK answers no for this time only, and would ask again.
 */
const NOTIFICATIONS = { chromium: 'refused', firefox: 'asks', webkit: 'declines once' } as const;

/**
 * The local-network permission (for this device) as each engine answers for a page served from
 * this device: Chromium and Firefox know it, say "prompt", and would ask only a page from
 * elsewhere; WebKit has none, and nothing to explain.
 */
const LOCAL_NETWORK = { chromium: 'prompt', firefox: 'prompt', webkit: null } as const;

/** The state of `loopback-network` as the page's browser answers, or null where it knows none. */
const localNetworkPermission = (page: EngineFrame) =>
	page.evaluate(async () => {
		try {
			const name = 'loopback-network' as PermissionName;
			return (await navigator.permissions.query({ name })).state;
		} catch {
			return null;
		}
	});

/**
 * The first tab while a second one is open: Firefox hides it, as a person's browser does; headless
 * Chromium shows every tab; MiniBrowser's second "tab" is a window of its own (see webdriver.ts).
 */
const FIRST_TAB = { chromium: 'visible', firefox: 'hidden', webkit: 'visible' } as const;

const TEAM = '6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f';

/** A link of the main navigation. */
const nav = (name: string): Target => ({
	role: 'link',
	name,
	exact: true,
	within: { role: 'navigation', name: 'Main' }
});

type AgentUser = { username: string; firstname: string; lastname: string };

/** A page of users as the agent itself answers it, to compare the console's with. */
async function agentUsers(sim: Simulator, token: string, page: number) {
	const query = new URLSearchParams({ token, page: String(page), pagesize: '25' });
	const res = await fetch(`${sim.url}/user/get_all_users?${query}`);
	return (await res.json()) as { data: AgentUser[]; total: number };
}

/**
 * Each piece of the first row's address between its break points (after the @, before the dots),
 * with the number of lines it is drawn on, once the table is stacked.
 */
const addressPieces = (page: EngineFrame) =>
	page.evaluate(() => {
		const cell = document.querySelector<HTMLElement>(
			'tbody td[data-label="Username and e-mail"], tbody td[data-label="Username"]'
		);
		if (!cell || getComputedStyle(cell).display !== 'flex') return [];
		const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
		const pieces: { text: string; lines: number }[] = [];
		for (let node = walker.nextNode(); node; node = walker.nextNode()) {
			if (!node.textContent?.trim()) continue;
			const range = document.createRange();
			range.selectNodeContents(node);
			const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
			pieces.push({ text: node.textContent, lines: tops.size });
		}
		return pieces;
	});

const agentStatus = async (sim: Simulator) =>
	(await fetch(`${sim.url}/management/agent_status`)).json() as Promise<unknown>;

/**
 * How light the page's background is drawn, 0 (black) to 1 (white): the body's colour painted on
 * a canvas and read back, whatever colour syntax the engine's computed style uses.
 */
const brightness = (page: EngineFrame) =>
	page.evaluate(() => {
		const canvas = document.createElement('canvas');
		canvas.width = canvas.height = 1;
		const context = canvas.getContext('2d')!;
		context.fillStyle = getComputedStyle(document.body).backgroundColor;
		context.fillRect(0, 0, 1, 1);
		const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
		return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
	});

/**
 * How light the main navigation's scroll bar is drawn (0 to 1), from its `scrollbar-color`; 'auto'
 * where the page leaves it to the browser; 'engine draws its own' where it cannot colour it.
 */
const navBarBrightness = (page: EngineFrame) =>
	page.evaluate(() => {
		if (!CSS.supports('scrollbar-color', 'red blue')) return 'engine draws its own' as const;
		const list = document.querySelector('nav[aria-label="Main"] ul');
		const colour = list ? getComputedStyle(list).scrollbarColor : 'auto';
		const thumb = colour.match(/^(\w+\([^)]*\)|#\w+|\w+)/)?.[1];
		if (!thumb || thumb === 'auto') return 'auto' as const;
		const canvas = document.createElement('canvas');
		canvas.width = canvas.height = 1;
		const context = canvas.getContext('2d')!;
		context.fillStyle = thumb;
		context.fillRect(0, 0, 1, 1);
		const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
		return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
	});

/** Waits until both channels say they are live, so a frame pushed on either one arrives. */
async function bothLive(page: EngineFrame) {
	await expectText(page, { testId: 'notification-status' }, 'Live');
	await expectText(page, { testId: 'statechange-status' }, 'Live');
}

/** What the console keeps in this browser's IndexedDB for the agent (any user), as text. */
const keptText = (page: EngineFrame, agent: string) =>
	page.evaluate(
		(prefix) =>
			new Promise<string>((resolve, reject) => {
				const open = indexedDB.open('agent-console-timeline');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const db = open.result;
					if (!db.objectStoreNames.contains('chunks')) return resolve('');
					const all = db.transaction('chunks').objectStore('chunks').getAll();
					all.onsuccess = () =>
						resolve(
							JSON.stringify(
								(all.result as { agent: string; entries: unknown[] }[])
									.filter((c) => c.agent.startsWith(prefix))
									.map((c) => c.entries)
							)
						);
					all.onerror = () => reject(all.error);
				};
			}),
		`${agent} `
	);

describe.each(enginesWanted())('%s', (engine) => {
	let sim: Simulator;
	let site: { server: Server; url: string };
	let browser: EngineBrowser;
	let page: EnginePage;

	beforeAll(async () => {
		sim = await startSimulator({ port: 0, log: false, eventsPerSecond: 0, allowOrigins: [] });
		// The console's own default agent is this one, as a deployment's config.json would name it.
		site = await startStaticServer({
			root: 'build',
			host: '127.0.0.1',
			port: 0,
			configOverrides: { agentUrl: sim.url }
		});
		await control(sim, 'cors', { allowOrigins: [site.url] });
		browser = await launch(engine);
		page = await browser.newPage();
		console.log(`${engine}: ${browser.version}`);
	});

	// What the page showed when a step failed, beside Playwright's own results.
	afterEach(async ({ task }) => {
		if (task.result?.state !== 'fail' || !page) return;
		await mkdir(FAILURES, { recursive: true });
		const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
		await page.screenshot(`${FAILURES}/${engine}-${name}.png`).catch(() => undefined);
	});

	afterAll(async () => {
		await browser?.close();
		await new Promise((resolve) => site?.server.close(resolve));
		await sim?.close();
	});

	test('signs in with the keyboard alone and a TOTP code', async () => {
		await page.goto(`${site.url}/?from=bookmark`);
		await expectUrl(page, /\/login\?next=/);
		await expectFocused(page, { label: 'Username' });
		await page.type('mfa@example.com');
		await page.press('Tab');
		await expectFocused(page, { label: 'Password', exact: true });
		await page.type('Passw0rd!');
		await page.press('Enter');
		await expectUrl(page, /\/login\/mfa$/);
		await expectFocused(page, { label: 'Verification code' });
		await page.type(currentTotp(DEMO_TOTP_SECRET));
		await expectUrl(page, /\/\?from=bookmark$/);
		await expectText(page, { testId: 'overview-session' }, 'Signed in as mfa@example.com');
	});

	test('the overview shows live figures from the channels', async () => {
		await expectText(
			page,
			{ testId: 'notification-status', within: { testId: 'overview-channels' } },
			'Live'
		);
		await push(sim, 'notification', progress('up', 'Upload', 1_000_000, 11_000_000, 2_000_000));
		await push(sim, 'notification', progress('down', 'Download', 0, 40_000_000, 3_000_000));
		await expectText(page, { testId: 'activity-active' }, '2');
		await expectText(page, { testId: 'activity-upload' }, '1.9 MB/s');
		await expectText(page, { testId: 'activity-download' }, '2.9 MB/s');
	});

	test('browser notifications are asked for from a click, and the browser’s answer said', async () => {
		const toggle: Target = { role: 'checkbox', name: 'Alert me with a browser notification' };
		const words: Target = { testId: 'notify-words' };
		if (NOTIFICATIONS[engine] === 'refused') {
			await expectText(page, words, 'The browser blocks notifications for this page');
			return;
		}
		await click(page, toggle);
		if (NOTIFICATIONS[engine] === 'asks')
			await expectText(
				page,
				words,
				'Your browser is asking whether this page may show notifications'
			);
		else {
			await expectText(
				page,
				words,
				'The browser did not allow notifications: turn this on to be asked again.'
			);
			await expectChecked(page, toggle, false);
		}
		expect(await page.evaluate(() => Notification.permission)).toBe('default');
	});

	test('events arrive on both channels, a reload keeps them, and two tabs share the sockets', async () => {
		await click(page, nav('Events'));
		await bothLive(page);
		await push(sim, 'notification', {
			Type: 2,
			Data: { Title: 'Storage almost full', Message: `Studio S3 is 91% full in ${engine}.` }
		});
		await push(sim, 'statechange', { Path: `/Projects/${engine}.psd`, StorageName: 'S', State: 4 });
		await expectText(page, { testId: 'timeline' }, `Studio S3 is 91% full in ${engine}.`);
		await expectText(page, { testId: 'timeline' }, `/Projects/${engine}.psd`);
		// Kept in IndexedDB by the worker (a trickle within 5 s, after the hub's batch): a reload
		// shows them again. These two, not any two: the agent's own traffic is kept too.
		await until(
			'the two events to be kept',
			() => keptText(page, sim.url),
			(kept) => kept.includes(`/Projects/${engine}.psd`) && kept.includes(`91% full in ${engine}`),
			20_000
		);
		await page.reload();
		await bothLive(page);
		await expectText(page, { testId: 'timeline' }, `/Projects/${engine}.psd`);
		await expectText(page, { testId: 'timeline' }, `Studio S3 is 91% full in ${engine}.`);

		// A second tab of the same browser, signed in to the same agent, as opening a link does.
		const shared = await page.evaluate(() => typeof SharedWorker !== 'undefined');
		const token = await page.evaluate((key) => sessionStorage.getItem(key), tokenKey(sim.url));
		const second = await browser.newPage();
		await second.goto(`${site.url}/settings`);
		await second.evaluate(
			(key, value) => sessionStorage.setItem(key, value ?? ''),
			tokenKey(sim.url),
			token
		);
		await second.goto(`${site.url}/events`);
		await bothLive(second);
		const reader = shared
			? /^Read in a worker shared by all tabs/
			: /^Read in this tab's own worker/;
		for (const tab of [page, second])
			await expectText(tab, { testId: 'statechange-reader' }, reader);
		expect(sim.live.clientCount('notification')).toBe(shared ? 1 : 2);
		expect(sim.live.clientCount('statechange')).toBe(shared ? 1 : 2);
		await push(sim, 'statechange', { Path: '/Projects/both-tabs.psd', StorageName: 'S', State: 4 });
		await expectText(second, { testId: 'timeline' }, '/Projects/both-tabs.psd');
		// Where the new tab hides the first (Firefox), that one holds what arrives until shown again.
		expect(await page.evaluate(() => document.visibilityState)).toBe(FIRST_TAB[engine]);
		await second.close();
		await expectText(page, { testId: 'timeline' }, '/Projects/both-tabs.psd');
	});

	test('the users list pages on the agent, and a user opens in a panel', async () => {
		await click(page, nav('Users'));
		const token = await page.evaluate((key) => sessionStorage.getItem(key), tokenKey(sim.url));
		const second = await agentUsers(sim, token ?? '', 2);
		await expectText(page, { testId: 'users-range' }, `Showing 1 to 25 of ${second.total}`);
		await click(page, { role: 'link', name: 'Next page' });
		await expectText(page, { testId: 'users-range' }, `Showing 26 to 50 of ${second.total}`);
		await expectUrl(page, /[?&]page=2\b/);
		const user = second.data[0]!;
		const name = `${user.firstname} ${user.lastname}`;
		await click(page, { role: 'button', name, exact: true });
		const panel: Target = { role: 'dialog', name, exact: true };
		await expectText(page, panel, user.username);
		await expectText(page, panel, 'User type');
		await expectFocused(page, { role: 'button', name: 'Close', within: panel });
		await page.press('Escape');
		await expectCount(page, panel, 0);
		await expectFocused(page, { role: 'button', name, exact: true });

		// Narrow, each row is stacked: an address breaks only after the @ and before the dots.
		await page.resize(360, 800);
		try {
			await until(
				'the rows to be stacked',
				() => addressPieces(page),
				(p) => p.length > 0
			);
			const broken = (await addressPieces(page)).filter((p) => p.lines !== 1);
			expect(broken, 'pieces of the address drawn over more than one line').toEqual([]);
		} finally {
			await page.resize(1280, 900);
		}
	});

	test('a drive page shows its health as the agent reports it', async () => {
		await click(page, nav('Drives'));
		await click(page, { role: 'link', name: 'Team Drive', exact: true });
		await expectText(page, { testId: 'drive-or-backup-name' }, 'Team Drive');
		const health = (await (
			await fetch(`${sim.url}/drivereport/sync_health/${TEAM}`)
		).json()) as Record<string, number>;
		await expectText(
			page,
			{ testId: 'health-FilesNormal' },
			health.FilesNormal!.toLocaleString('en-US')
		);
		await expectText(
			page,
			{ testId: 'health-completion' },
			`${health.OverallSyncCompletionPercent} %`
		);
	});

	test('a command is confirmed first, then followed through', async () => {
		await click(page, nav('Overview'));
		const status: Target = { role: 'status', within: { testId: 'agent-status' } };
		await expectText(page, status, 'Running');
		const dialog: Target = { testId: 'confirm-dialog' };
		await click(page, {
			role: 'button',
			name: 'Pause',
			exact: true,
			within: { testId: 'agent-actions' }
		});
		await expectText(page, dialog, 'Pause the agent?');
		await click(page, { role: 'button', name: 'Cancel', within: dialog });
		await expectCount(page, dialog, 0);
		expect(await agentStatus(sim)).toBe(1);
		await click(page, {
			role: 'button',
			name: 'Pause',
			exact: true,
			within: { testId: 'agent-actions' }
		});
		await click(page, { role: 'button', name: 'Pause the agent', within: dialog });
		await expectText(page, status, 'Paused');
		await expectText(page, { testId: 'agent-paused' }, /Paused since \d\d:\d\d/);
		expect(await agentStatus(sim)).toBe(4);
		await click(page, {
			role: 'button',
			name: 'Resume',
			exact: true,
			within: { testId: 'agent-actions' }
		});
		await click(page, { role: 'button', name: 'Resume the agent', within: dialog });
		await expectText(page, { testId: 'command-outcome' }, 'The agent is running again.');
		await expectText(page, status, 'Running');
		expect(await agentStatus(sim)).toBe(1);
	});

	test('Settings tests the connection and says what answered', async () => {
		await click(page, nav('Settings'));
		await click(page, { role: 'button', name: 'Test connection' });
		await expectText(
			page,
			{ testId: 'connection-result' },
			`Connected. The agent at ${sim.url} answers; its status is Started: running with a signed-in user.`
		);
		// What the browser knows of local-network permissions, and that a dead address is only that.
		expect(await localNetworkPermission(page)).toBe(LOCAL_NETWORK[engine]);
		const port = await closedPort();
		await fill(page, { label: 'Address', exact: true }, `http://127.0.0.1:${port}`);
		await click(page, { role: 'button', name: 'Test connection' });
		await expectText(
			page,
			{ testId: 'connection-result' },
			`Unreachable. Nothing answers at http://127.0.0.1:${port}.`
		);
		await expectCount(page, { testId: 'local-network-advice' }, 0);
		await expectCount(page, { testId: 'local-network-ask' }, 0);
	});

	test('the dark theme is chosen, drawn dark and remembered', async () => {
		await click(page, { role: 'button', name: /System theme/ });
		await click(page, { role: 'button', name: /Light theme/ });
		await expectVisible(page, { role: 'button', name: /Dark theme/ });
		await until(
			'the page to be drawn dark',
			() => brightness(page),
			(b) => b < 0.2
		);
		await page.reload();
		await expectVisible(page, { role: 'button', name: /Dark theme/ });
		expect(await brightness(page)).toBeLessThan(0.2);
		// The bar that scrolls the header's pages where they do not fit is dark too, where the
		// engine lets a page colour it (not WebKit).
		const bar = await navBarBrightness(page);
		if (bar !== 'engine draws its own') expect(bar).toBeLessThan(0.4);
	});

	test('works inside a portal’s frame, and says what a frame cannot do', async () => {
		const { site: framed, port } = await framedConsole(sim.url, (p) => [`http://localhost:${p}`]);
		const portal = await portalOn(String(port), 'localhost', `${framed.url}/login`);
		try {
			await control(sim, 'cors', { allowOrigins: [site.url, framed.url] });
			await page.goto(portal.url);
			await page.inFrame('iframe[title="Agent console"]', async (frame) => {
				await expectText(
					frame,
					{ testId: 'framed-notice' },
					'The console is open inside another page'
				);
				await click(frame, { label: 'Username' });
				await page.type('admin@example.com');
				await page.press('Tab');
				await page.type('Passw0rd!');
				await page.press('Enter');
				await expectVisible(frame, { role: 'heading', name: 'Overview', exact: true });
				await expectText(
					frame,
					{ testId: 'problems-notify-framed' },
					'not available inside another page'
				);
			});
		} finally {
			portal.server.close();
			framed.server.close();
		}
	});
});
