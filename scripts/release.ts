import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { caddyfile, iisWebConfig, nginxConfig } from './server-configs.ts';

/**
 * `npm run release`: the built console as an archive an administrator drops on a web server,
 * `release/agent-console-<version>.tar.gz`, holding one folder:
 *
 *   build/          the console as built, config.json in it (built for a sub-path: build/<path>/)
 *   configs/        nginx.conf, Caddyfile and web.config, written now from the console's own
 *                   server's headers and rules (scripts/server-configs.ts)
 *   SHA256SUMS      every file's SHA-256, as `sha256sum -c SHA256SUMS` reads it
 *   README.txt      what is where, and where the deployment document is
 */

export type ReleaseOptions = {
	/** The built console (`npm run build`'s build/). */
	build: string;
	/** The sub-path it was built for (`BASE_PATH`), e.g. `/admin`; empty for the root. */
	base?: string;
	version: string;
	/** A config.json to ship instead of the build's; the configurations' CSP follows it. */
	config?: string;
	/** Where the archive goes. */
	outDir: string;
};

export type Release = { path: string; bytes: number; sha256: string; files: number };

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function filesUnder(dir: string): Promise<string[]> {
	const entries = await readdir(dir, { withFileTypes: true, recursive: true });
	return entries
		.filter((entry) => entry.isFile())
		.map((entry) => relative(dir, join(entry.parentPath, entry.name)))
		.sort();
}

function readme(name: string, base: string): string {
	const site = `build${base}`;
	return `${name}: the agent console, built and ready to serve.

build/          the console; ${site}/config.json is its runtime configuration (agent address,
                allowed agent hosts, frame ancestors), read by the browser at every start
configs/        ready server configurations that send the headers, cache rules and page
                fallback of the console's own server:
                  nginx.conf  include in nginx's http block; set root and listen
                  Caddyfile   caddy run --config configs/Caddyfile --adapter caddyfile
                  web.config  IIS (with URL Rewrite): copy into build/
SHA256SUMS      check the files with: sha256sum -c SHA256SUMS

The Content-Security-Policy in each configuration allows the agent hosts and frame ancestors of
the config.json shipped here: change one, change the other.${base ? `\nBuilt for the sub-path ${base}: serve build/ at the site's root; the console answers at ${base}/.` : ''}
More: docs/DEPLOYMENT.md in the console's source ("A release archive").
`;
}

export async function makeRelease(options: ReleaseOptions): Promise<Release> {
	const base = (options.base ?? '').replace(/\/+$/, '');
	const name = `agent-console-${options.version}${base.replace(/\//g, '-')}`;
	const stage = await mkdtemp(join(tmpdir(), 'console-release-'));
	try {
		const top = join(stage, name);
		const site = join(top, 'build', base);
		await cp(options.build, site, { recursive: true });
		if (options.config) {
			await cp(options.config, join(site, 'config.json'));
			for (const stale of ['config.json.gz', 'config.json.br']) {
				await rm(join(site, stale), { force: true });
			}
		}
		const config = JSON.parse(await readFile(join(site, 'config.json'), 'utf8')) as object;
		await mkdir(join(top, 'configs'));
		await writeFile(join(top, 'configs', 'nginx.conf'), nginxConfig({ config, base }));
		await writeFile(join(top, 'configs', 'Caddyfile'), caddyfile({ config, base }));
		await writeFile(join(top, 'configs', 'web.config'), iisWebConfig({ config, base }));
		await writeFile(join(top, 'README.txt'), readme(name, base));
		const files = await filesUnder(top);
		const sums = await Promise.all(
			files.map(async (file) => `${sha256(await readFile(join(top, file)))}  ${file}\n`)
		);
		await writeFile(join(top, 'SHA256SUMS'), sums.join(''));

		await mkdir(options.outDir, { recursive: true });
		const path = resolve(options.outDir, `${name}.tar.gz`);
		const tar = spawnSync('tar', ['-czf', path, '-C', stage, name], { encoding: 'utf8' });
		if (tar.status !== 0) throw new Error(`tar failed: ${tar.stderr || tar.error?.message}`);
		const archive = await readFile(path);
		const digest = sha256(archive);
		await writeFile(`${path}.sha256`, `${digest}  ${name}.tar.gz\n`);
		return { path, bytes: (await stat(path)).size, sha256: digest, files: files.length + 1 };
	} finally {
		await rm(stage, { recursive: true, force: true });
	}
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const { values } = parseArgs({
		options: {
			base: { type: 'string', default: '' },
			build: { type: 'string' },
			config: { type: 'string' }
		}
	});
	const base = values.base.replace(/\/+$/, '');
	if (base && base !== '/admin' && !values.build) {
		console.error(`Name the console built for ${base}: --build DIR (see docs/DEPLOYMENT.md).`);
		process.exit(1);
	}
	const pkg = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
	const release = await makeRelease({
		build: values.build ?? (base ? 'build-admin' : 'build'),
		base,
		config: values.config,
		version: pkg.version,
		outDir: 'release'
	});
	const kib = release.bytes / 1024;
	const size = `${kib < 1024 ? `${kib.toFixed(1)} KiB` : `${(kib / 1024).toFixed(2)} MiB`} (${release.bytes} bytes)`;
	console.log(`${relative('.', release.path)}
  size:    ${size}, ${release.files} files
  sha256:  ${release.sha256}  (also in ${relative('.', release.path)}.sha256)`);
}
