import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { E2E_ORIGIN } from '../../playwright.config.ts';
import {
	AGENT_URL_KEY,
	closedPort,
	control,
	expect,
	signInWithForm,
	stopProcess,
	test
} from './fixtures.ts';

/**
 * `npm start` on another port (flag or PORT): the development agent it starts must allow the origin
 * the console is actually served from, or sign-in would fail as "unreachable".
 */
async function start(args: string[], env: Record<string, string> = {}) {
	// Its own process group, so stopping it stops tsx's node process too.
	const child = spawn('npx', ['tsx', 'scripts/start.ts', ...args], {
		env: { ...process.env, SIM_PORT: '0', ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true
	});
	let output = '';
	child.stdout?.on('data', (d) => (output += d.toString()));
	child.stderr?.on('data', (d) => (output += d.toString()));
	const url = await new Promise<string>((resolve, reject) => {
		const timer = setTimeout(
			() => reject(new Error(`npm start printed no address:\n${output}`)),
			60_000
		);
		const check = () => {
			const match = /Agent console: (http:\/\/\S+)/.exec(output);
			if (match?.[1] && output.includes('Press Ctrl-C to stop.')) {
				clearTimeout(timer);
				resolve(match[1]);
			}
		};
		child.stdout?.on('data', check);
		child.once('exit', () => reject(new Error(`npm start ended:\n${output}`)));
	});
	return { child, url, output: () => output };
}

test.describe('npm start', () => {
	// The console's own agent, not the worker's: the test must use what npm start configured.
	test.beforeEach(async ({ context }) => {
		await context.addInitScript((key) => localStorage.removeItem(key), AGENT_URL_KEY);
	});

	for (const [how, args, env] of [
		['--port', ['--port', ''], {}],
		['PORT', [], { PORT: '' }]
	] as const) {
		test(`serves on the port given by ${how}, and its agent allows that origin`, async ({
			page
		}) => {
			const port = String(await closedPort());
			const site = await start(
				args.map((a) => a || port),
				Object.fromEntries(Object.entries(env).map(([k]) => [k, port]))
			);
			try {
				expect(site.url).toBe(`http://localhost:${port}`);
				// The address and the demo accounts come first, with the user type to choose.
				expect(site.output()).toMatch(/admin@example\.com\s+Desktop admin\s+account owner/);
				expect(site.output()).not.toMatch(/vite|rolldown|chunk/i);
				await page.goto(`${site.url}/login`);
				// With its development agent, npm start serves that agent's own identity provider.
				await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
				await signInWithForm(page, 'admin@example.com');
				await expect(page).toHaveURL(`${site.url}/`);
				await expect(page.getByText('Signed in as admin@example.com')).toBeVisible();
			} finally {
				// The page first: it may still be loading a part of itself from the server going away.
				await page.close();
				await stopProcess(site.child);
			}
		});
	}

	test('with --agent, serves no identity provider: the development one is not the agent’s', async ({
		page,
		agent
	}) => {
		const port = String(await closedPort());
		const site = await start(['--port', port, '--agent', agent.url]);
		try {
			await control(agent, 'cors', { allowOrigins: [E2E_ORIGIN, site.url] });
			const config = (await (await fetch(`${site.url}/config.json`)).json()) as Record<
				string,
				unknown
			>;
			expect(config).toMatchObject({ agentUrl: agent.url });
			expect(config.identityProvider ?? null).toBeNull();
			await page.goto(`${site.url}/login`);
			await expect(page.getByLabel('Username')).toBeVisible();
			await expect(page.getByRole('button', { name: /with Google/ })).toHaveCount(0);
		} finally {
			await page.close();
			await stopProcess(site.child);
		}
	});

	test('with --frame-ancestor, a portal on that origin frames the console', async ({ page }) => {
		const [port, portalPort] = [String(await closedPort()), await closedPort()];
		const portalOrigin = `http://localhost:${portalPort}`;
		const site = await start([
			'--port',
			port,
			'--frame-ancestor',
			portalOrigin,
			'--frame-ancestor',
			'https://portal.example.com'
		]);
		const portal = createServer((_req, res) => {
			res.setHeader('content-type', 'text/html; charset=utf-8');
			res.end(
				`<!doctype html><title>Portal</title><iframe src="${site.url}/login" title="Agent console" width="360" height="640"></iframe>`
			);
		});
		await new Promise<void>((resolve) => portal.listen(portalPort, '127.0.0.1', resolve));
		try {
			const csp = (await fetch(`${site.url}/login`)).headers.get('content-security-policy');
			expect(csp).toContain(`frame-ancestors 'self' ${portalOrigin} https://portal.example.com;`);
			expect(site.output()).toContain(`May be framed by: ${portalOrigin}`);
			await page.goto(portalOrigin);
			const frame = page.frameLocator('iframe[title="Agent console"]');
			await expect(frame.getByLabel('Username')).toBeVisible();
			await expect(frame.getByTestId('framed-notice')).toBeVisible();
		} finally {
			await page.close();
			await new Promise((resolve) => portal.close(resolve));
			await stopProcess(site.child);
		}
	});

	test('refuses a --frame-ancestor that is not an origin', async () => {
		const child = spawn('npx', ['tsx', 'scripts/start.ts', '--frame-ancestor', 'portal.example'], {
			env: { ...process.env, SIM_PORT: '0' },
			stdio: ['ignore', 'pipe', 'pipe']
		});
		let output = '';
		child.stderr?.on('data', (d) => (output += d.toString()));
		const code = await new Promise((resolve) => child.once('exit', resolve));
		expect(code).toBe(1);
		expect(output).toContain('--frame-ancestor portal.example: give an origin');
	});
});
