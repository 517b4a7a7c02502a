import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { E2E_ORIGIN } from '../../playwright.config.ts';
import { closedPort, control, expect, stopProcess, test } from './fixtures.ts';

/** Every file of a build that a browser reads as text (not the precompressed copies). */
async function textFiles(dir: string): Promise<string[]> {
	const entries = await readdir(dir, { withFileTypes: true, recursive: true });
	return entries
		.filter((e) => e.isFile() && /\.(html|js|css|json|svg|txt|webmanifest)$/.test(e.name))
		.map((e) => join(e.parentPath, e.name));
}

/** `scripts/serve.ts` as one would host the console with it, on a port of its own. */
async function serve(args: string[]): Promise<{ child: ChildProcess; url: string }> {
	const child = spawn('npx', ['tsx', 'scripts/serve.ts', ...args], {
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true
	});
	let output = '';
	child.stderr?.on('data', (d) => (output += d.toString()));
	const url = await new Promise<string>((resolve, reject) => {
		child.stdout?.on('data', (d) => {
			output += d.toString();
			const match = /Console served at (http:\/\/\S+)/.exec(output);
			if (match?.[1]) resolve(match[1]);
		});
		child.once('exit', () => reject(new Error(`serve.ts ended:\n${output}`)));
	});
	return { child, url };
}

test.describe('development settings stay out of builds', () => {
	test('the build names no identity provider and nothing of the development agent', async () => {
		const config = JSON.parse(await readFile('build/config.json', 'utf8')) as Record<
			string,
			unknown
		>;
		expect(config.identityProvider ?? null).toBeNull();
		const files = await textFiles('build');
		expect(files.length).toBeGreaterThan(10);
		for (const file of files) {
			expect(await readFile(file, 'utf8'), file).not.toMatch(/__sim|agent-console-dev/);
		}
	});

	test('hosted with serve.ts, sign-in offers no provider; the tests’ server adds the development one', async ({
		page,
		agent
	}) => {
		const site = await serve(['--port', String(await closedPort())]);
		try {
			await control(agent, 'cors', { allowOrigins: [E2E_ORIGIN, site.url] });
			const hosted = (await (await fetch(`${site.url}/config.json`)).json()) as Record<
				string,
				unknown
			>;
			expect(hosted.identityProvider ?? null).toBeNull();
			await page.goto(`${site.url}/login`);
			await expect(page.getByLabel('Username')).toBeVisible();
			await expect(page.getByRole('button', { name: /with Google/ })).toHaveCount(0);
			await expect(page.getByText('Paste an ID token instead')).toHaveCount(0);

			const tests = (await (await fetch(`${E2E_ORIGIN}/config.json`)).json()) as {
				identityProvider?: { authorizeUrl?: string; clientId?: string };
			};
			expect(tests.identityProvider).toMatchObject({
				authorizeUrl: '{agentUrl}/__sim/oidc/authorize',
				clientId: 'agent-console-dev'
			});
		} finally {
			await page.close();
			await stopProcess(site.child);
		}
	});
});
