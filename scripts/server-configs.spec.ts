import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request, type Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRelease } from './release.ts';
import {
	CACHE_IMMUTABLE,
	CACHE_REVALIDATE,
	DEFAULT_PORT,
	DEFAULT_ROOT,
	nginxConfig
} from './server-configs.ts';
import { securityHeaders, startStaticServer } from './static-server.ts';

/**
 * The release archive's configurations, tried for real: a build shaped as `npm run build` makes it
 * is packed by `makeRelease`, unpacked, and served by nginx and by Caddy with the archive's own
 * files (only the port and the folder put in), bound to 127.0.0.1 in a temporary folder; their
 * answers are compared with the console's own server serving the same build. IIS cannot run here:
 * its web.config is read as XML for the same rules. nginx and Caddy come from Debian
 * (scripts/ensure-servers.sh, run by `npm test`); where one is missing its part is skipped.
 */

const CONFIG = {
	agentUrl: 'http://localhost:29123',
	allowedAgentHosts: ['agent.example.com:8443'],
	frameAncestors: ['https://portal.example.com'],
	basePath: ''
};
const ASSET = '/_app/immutable/entry/app.B3xq9_aZ.js';

/** The files of a build that the rules tell apart, with the .gz and .br the build writes. */
async function writeBuild(dir: string) {
	const files: Record<string, string> = {
		'index.html': `<!doctype html><title>console</title>${'<!-- page -->'.repeat(60)}`,
		'config.json': JSON.stringify(CONFIG, null, '\t'),
		'_app/version.json': '{"version":"1764384000000"}',
		[ASSET.slice(1)]: 'export const app = "console";\n'.repeat(40),
		'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>'
	};
	for (const [path, text] of Object.entries(files)) {
		await mkdir(join(dir, path, '..'), { recursive: true });
		await writeFile(join(dir, path), text);
		if (text.length >= 512) {
			await writeFile(join(dir, `${path}.gz`), gzipSync(text));
			await writeFile(join(dir, `${path}.br`), brotliCompressSync(text));
		}
	}
}

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = createServer();
		probe.once('error', reject);
		probe.listen(0, '127.0.0.1', () => {
			const address = probe.address();
			probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
		});
	});
}

type Answer = { status: number; headers: Record<string, string | undefined>; body: string };

/** One GET as a browser sends it (gzip accepted), the answer undecoded; redirects not followed. */
function get(port: number, path: string): Promise<Answer> {
	return new Promise((resolve, reject) => {
		const req = request(
			{ host: '127.0.0.1', port, path, headers: { 'accept-encoding': 'gzip' } },
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (chunk: Buffer) => chunks.push(chunk));
				res.on('end', () => {
					const headers: Answer['headers'] = {};
					for (const [k, v] of Object.entries(res.headers)) headers[k] = String(v);
					resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString() });
				});
			}
		);
		req.on('error', reject);
		req.end();
	});
}

/** Waits, within a deadline, until the server answers on its port; fails with its output if not. */
async function answering(port: number, child: ChildProcess, output: () => string) {
	const deadline = performance.now() + 10_000;
	for (;;) {
		if (child.exitCode !== null) throw new Error(`It ended (${child.exitCode}):\n${output()}`);
		try {
			await get(port, '/favicon.svg');
			return;
		} catch {
			if (performance.now() > deadline) throw new Error(`No answer on ${port}:\n${output()}`);
			await new Promise((r) => setTimeout(r, 25));
		}
	}
}

const started: ChildProcess[] = [];

/** Starts a server process of the test's own, and waits until it answers. */
async function run(command: string, args: string[], port: number, env?: NodeJS.ProcessEnv) {
	let output = '';
	const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: 'pipe' });
	started.push(child);
	child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	await answering(port, child, () => output);
}

function installed(name: string): string | undefined {
	const found = spawnSync('sh', ['-c', `command -v ${name} || ls /usr/sbin/${name}`], {
		encoding: 'utf8'
	});
	const path = found.stdout.trim().split('\n')[0];
	return found.status === 0 && path && existsSync(path) ? path : undefined;
}
const NGINX = installed('nginx');
const CADDY = installed('caddy');
if (!NGINX || !CADDY) {
	console.warn(
		`Not installed: ${[!NGINX && 'nginx', !CADDY && 'caddy'].filter(Boolean).join(', ')}. ` +
			'The release configurations are checked by reading them only for it: ' +
			'`bash scripts/ensure-servers.sh` (as root) installs Debian packages.'
	);
}

type Xml = { name: string; attributes: Record<string, string | undefined>; children: Xml[] };
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * A strict reader for the XML that web.config is: elements with double-quoted attributes, comments
 * and the declaration; anything else (text, a stray `<`, an unclosed element) is an error.
 */
function parseXml(text: string): Xml {
	const document: Xml = { name: '', attributes: {}, children: [] };
	const open = [document];
	const token =
		/<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<(\/?)([\w.:-]+)((?:\s+[\w.:-]+="[^"<]*")*)\s*(\/?)>|\s+/y;
	while (token.lastIndex < text.length) {
		const at = token.lastIndex;
		const m = token.exec(text);
		if (!m) throw new Error(`Not XML at ${at}: ${text.slice(at, at + 40)}`);
		const [, closing, name, attributes, selfClosing] = m;
		if (!name) continue;
		const parent = open.at(-1) ?? document;
		if (closing) {
			if (parent.name !== name) throw new Error(`</${name}> closes <${parent.name}>`);
			open.pop();
			continue;
		}
		const element: Xml = { name, attributes: {}, children: [] };
		for (const [, key = '', value = ''] of (attributes ?? '').matchAll(/([\w.:-]+)="([^"]*)"/g)) {
			element.attributes[key] = value.replace(/&(\w+);/g, (e, n: string) => ENTITIES[n] ?? e);
		}
		parent.children.push(element);
		if (!selfClosing) open.push(element);
	}
	if (open.length !== 1) throw new Error(`<${open.at(-1)?.name}> is not closed`);
	return document;
}
const childrenOf = (element: Xml, name: string) => element.children.filter((c) => c.name === name);
const below = (element: Xml, name: string): Xml[] =>
	element.children.flatMap((c) => [...(c.name === name ? [c] : []), ...below(c, name)]);

/** The paths compared, under the base the build was made for. */
const PATHS = [
	'/',
	'/users/42/history?page=2',
	'/config.json',
	ASSET,
	'/_app/immutable/entry/app.gone1234.js',
	'/_app/immutable/',
	'/_app/version.json',
	'/favicon.svg'
];

for (const base of ['', '/admin']) {
	describe(`the release archive${base ? ` for ${base}` : ''}`, () => {
		let tmp: string;
		let top: string;
		let reference: Server;
		let referencePort: number;
		const configs: Record<string, string> = {};

		beforeAll(async () => {
			tmp = await mkdtemp(join(tmpdir(), 'console-release-test-'));
			// nginx's workers run as nobody when the test runs as root: they must read the build.
			await chmod(tmp, 0o755);
			await writeBuild(join(tmp, 'built'));
			// Under /admin, the deployment's own config.json replaces the built one.
			const deployed = join(tmp, 'deployed.json');
			if (base) {
				await writeFile(join(tmp, 'built', 'config.json'), '{"agentUrl":"http://localhost:1"}');
				await writeFile(deployed, JSON.stringify(CONFIG));
			}
			const release = await makeRelease({
				build: join(tmp, 'built'),
				base,
				config: base ? deployed : undefined,
				version: '9.8.7',
				outDir: join(tmp, 'out')
			});
			expect(release.path).toBe(
				join(tmp, 'out', `agent-console-9.8.7${base.replace('/', '-')}.tar.gz`)
			);
			const untar = spawnSync('tar', ['-xzf', release.path, '-C', tmp], { encoding: 'utf8' });
			expect(untar.status, untar.stderr).toBe(0);
			top = join(tmp, `agent-console-9.8.7${base.replace('/', '-')}`);
			for (const name of ['nginx.conf', 'Caddyfile', 'web.config']) {
				configs[name] = await readFile(join(top, 'configs', name), 'utf8');
			}
			({ server: reference } = await startStaticServer({
				root: join(top, 'build', base),
				host: '127.0.0.1',
				port: 0,
				base
			}));
			const address = reference.address();
			referencePort = typeof address === 'object' && address ? address.port : 0;
		});

		afterAll(async () => {
			await Promise.all(
				started.splice(0).map(
					(child) =>
						new Promise<void>((resolve) => {
							if (child.exitCode !== null || !child.pid) return resolve();
							child.once('exit', () => resolve());
							process.kill(child.pid, 'SIGTERM');
						})
				)
			);
			reference?.close();
			if (tmp) await rm(tmp, { recursive: true, force: true });
		});

		it('holds the build, its config.json, the configurations and a checksum of every file', async () => {
			// As `sha256sum -c SHA256SUMS` reads it: every file but itself, each with its digest.
			const sums = await readFile(join(top, 'SHA256SUMS'), 'utf8');
			const listed = sums
				.trimEnd()
				.split('\n')
				.map((line) => /^([0-9a-f]{64}) {2}(\S.*)$/.exec(line));
			const files = (await readdir(top, { recursive: true, withFileTypes: true }))
				.filter((entry) => entry.isFile() && entry.name !== 'SHA256SUMS')
				.map((entry) => relative(top, join(entry.parentPath, entry.name)));
			expect(listed.map((m) => m?.[2]).sort()).toEqual(files.sort());
			for (const m of listed) {
				const digest = createHash('sha256')
					.update(await readFile(join(top, m?.[2] ?? '')))
					.digest('hex');
				expect(digest, m?.[2]).toBe(m?.[1]);
			}
			for (const file of [
				`build${base}/index.html`,
				`build${base}/config.json`,
				`build${base}${ASSET}.br`,
				'configs/nginx.conf',
				'configs/Caddyfile',
				'configs/web.config',
				'README.txt'
			]) {
				expect(sums).toMatch(new RegExp(`^[0-9a-f]{64}  ${file.replace(/\./g, '\\.')}$`, 'm'));
			}
		});

		/** Serves the archive's build with a configuration, answering on a loopback port. */
		const servers: Record<string, () => Promise<number>> = {
			async nginx() {
				const port = await freePort();
				const site = configs['nginx.conf']
					?.replace(`listen ${DEFAULT_PORT};`, `listen 127.0.0.1:${port};`)
					.replace(`root ${DEFAULT_ROOT};`, `root ${join(top, 'build')};`);
				const prefix = join(tmp, `nginx-${port}`);
				await mkdir(prefix, { mode: 0o755 });
				await writeFile(join(prefix, 'site.conf'), site ?? '');
				await writeFile(
					join(prefix, 'nginx.conf'),
					`daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log;
events { worker_connections 64; }
http {
    include /etc/nginx/mime.types;
    access_log off;
    client_body_temp_path ${prefix}/body;
    proxy_temp_path ${prefix}/proxy;
    fastcgi_temp_path ${prefix}/fastcgi;
    uwsgi_temp_path ${prefix}/uwsgi;
    scgi_temp_path ${prefix}/scgi;
    include ${prefix}/site.conf;
}
`
				);
				await run(
					NGINX ?? 'nginx',
					['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log')],
					port
				);
				return port;
			},
			async caddy() {
				const port = await freePort();
				const home = join(tmp, `caddy-${port}`);
				await mkdir(home);
				const site = configs['Caddyfile']
					?.replace(`:${DEFAULT_PORT} {`, `:${port} {\n\tbind 127.0.0.1`)
					.replace(`root * ${DEFAULT_ROOT}`, `root * ${join(top, 'build')}`);
				const file = join(home, 'Caddyfile');
				await writeFile(file, `{\n\tadmin off\n}\n\n${site ?? ''}`);
				await run(CADDY ?? 'caddy', ['run', '--config', file, '--adapter', 'caddyfile'], port, {
					HOME: home,
					XDG_CONFIG_HOME: join(home, 'config'),
					XDG_DATA_HOME: join(home, 'data')
				});
				return port;
			}
		};

		const paths = base ? ['/', '/admin', '/elsewhere', ...PATHS.map((p) => base + p)] : PATHS;

		for (const [name, installed] of [
			['nginx', NGINX],
			['caddy', CADDY]
		] as const) {
			it.skipIf(!installed)(`served by ${name}, answers as the console's server does`, async () => {
				const port = await servers[name]?.();
				const expected = securityHeaders(CONFIG);
				for (const path of paths) {
					const [want, got] = await Promise.all([get(referencePort, path), get(port ?? 0, path)]);
					const seen = (answer: Answer) => ({
						status: answer.status,
						location: answer.headers.location,
						// An error or a redirect is kept by nothing: the console's server names no rule for it.
						cacheControl:
							answer.headers['cache-control'] ??
							(answer.status >= 300 ? CACHE_REVALIDATE : undefined),
						contentEncoding: answer.headers['content-encoding'],
						json: !!answer.headers['content-type']?.startsWith('application/json'),
						page: answer.body.includes('<title>console</title>'),
						...Object.fromEntries(Object.keys(expected).map((h) => [h, answer.headers[h]]))
					});
					expect(seen(got), `${name} ${path}`).toEqual(seen(want));
				}
				// What was compared is what the console's server is known to send.
				const page = await get(port ?? 0, `${base}/users/42`);
				expect(page.headers['content-security-policy']).toBe(expected['content-security-policy']);
				expect(page.headers['content-security-policy']).toContain('https://agent.example.com:8443');
				expect(page.headers['cache-control']).toBe(CACHE_REVALIDATE);
				expect((await get(port ?? 0, base + ASSET)).headers['cache-control']).toBe(CACHE_IMMUTABLE);
			});
		}

		it("IIS's web.config has the same headers, fallback and cache rules", () => {
			const document = parseXml(configs['web.config'] ?? '');
			const headers = Object.fromEntries(
				below(document, 'customHeaders')
					.flatMap((list) => childrenOf(list, 'add'))
					.map((e) => [e.attributes.name?.toLowerCase(), e.attributes.value])
			);
			expect(headers).toEqual(securityHeaders(CONFIG));

			// IIS's URL Rewrite: the first rule whose url pattern (without the leading slash) matches.
			const rulesIn = (list: string) =>
				below(document, list).flatMap((rules) => childrenOf(rules, 'rule'));
			const rules = rulesIn('rules').map((rule) => {
				const match = childrenOf(rule, 'match')[0]?.attributes;
				return {
					pattern: new RegExp(match?.url ?? '$^'),
					negate: match?.negate === 'true',
					unlessFile: below(rule, 'add').some(
						(c) => c.attributes.matchType === 'IsFile' && c.attributes.negate === 'true'
					),
					action: childrenOf(rule, 'action')[0]?.attributes ?? {}
				};
			});
			const files = new Set([`${base}/index.html`, `${base}/config.json`, `${base}${ASSET}`]);
			const served = (path: string) => {
				const url = path.slice(1).split('?')[0] ?? '';
				const rule = rules.find(
					(r) => r.pattern.test(url) !== r.negate && !(r.unlessFile && files.has(`/${url}`))
				);
				const action = rule?.action ?? {};
				if (action.type === 'Rewrite') return `page ${action.url}`;
				if (action.type === 'Redirect') return `302 ${action.url}`;
				if (action.type === 'CustomResponse') return action.statusCode;
				return files.has(path) ? 'file' : '404';
			};
			expect(served(`${base}/users/42/history?page=2`)).toBe(`page ${base}/index.html`);
			expect(served(`${base}/`)).toBe(`page ${base}/index.html`);
			expect(served(`${base}/config.json`)).toBe('file');
			expect(served(`${base}${ASSET}`)).toBe('file');
			expect(served(`${base}/_app/immutable/entry/app.gone1234.js`)).toBe('404');
			if (base) {
				expect(served('/')).toBe(`302 ${base}/`);
				expect(served(base)).toBe(`302 ${base}/`);
				expect(served('/elsewhere')).toBe('404');
			}

			// Outbound: the first rule whose conditions all hold sets Cache-Control.
			const outbound = rulesIn('outboundRules').map((rule) => ({
				conditions: below(rule, 'add').map((c) => ({
					input: c.attributes.input,
					pattern: new RegExp(c.attributes.pattern ?? '$^')
				})),
				value: childrenOf(rule, 'action')[0]?.attributes.value
			}));
			const cacheControl = (status: number, uri: string) =>
				outbound.find((rule) =>
					rule.conditions.every((c) =>
						c.pattern.test(c.input === '{RESPONSE_STATUS}' ? String(status) : uri)
					)
				)?.value;
			expect(cacheControl(200, `${base}${ASSET}`)).toBe(CACHE_IMMUTABLE);
			expect(cacheControl(304, `${base}${ASSET}`)).toBe(CACHE_IMMUTABLE);
			expect(cacheControl(404, `${base}/_app/immutable/missing.js`)).toBe(CACHE_REVALIDATE);
			for (const uri of ['/index.html', '/config.json', '/_app/version.json', '/users/42']) {
				expect(cacheControl(200, base + uri), uri).toBe(CACHE_REVALIDATE);
			}
		});
	});
}

describe('the nginx configuration, read', () => {
	it('sets every header at server level, none in a location, where it would drop them all', () => {
		for (const base of ['', '/admin']) {
			const conf = nginxConfig({ config: CONFIG, base });
			const locations = [...conf.matchAll(/^\s*location\b[^{]*\{([^}]*)\}/gm)].map((m) => m[1]);
			expect(locations.length, base).toBeGreaterThanOrEqual(2);
			for (const body of locations) expect(body).not.toMatch(/add_header/);
			for (const [name, value] of Object.entries(securityHeaders(CONFIG))) {
				expect(conf.toLowerCase()).toContain(`add_header ${name} "${value.toLowerCase()}" always;`);
			}
			expect(conf).toContain('add_header Cache-Control $console_cache_control always;');
		}
	});
});
