import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { startStaticServer } from '../../scripts/static-server.ts';

/**
 * A console deployed the way an administrator does it, for the upgrade tests: the build copied to
 * a folder of its own and served there by the console's own static server on a port of its own;
 * then a newer build put in its place and the server started again on the same port. The newer
 * build is made from the same files, not built again (a build takes minutes): another version, and
 * every hashed file under another name, so each file the old tabs know answers 404, as after a
 * real upgrade. The precompressed copies go, so nothing stale is served.
 */
export type Deployment = {
	url: string;
	/** The version the served build reports (`_app/version.json`). */
	version: string;
	/** Puts a newer build in place of the served one and serves it on the same address. */
	upgrade(): Promise<string>;
	close(): Promise<void>;
};

const textFile = /\.(html|js|css|json|webmanifest)$/;

async function filesOf(dir: string): Promise<string[]> {
	const entries = await readdir(dir, { withFileTypes: true, recursive: true });
	return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

async function versionOf(dir: string): Promise<string> {
	const file = join(dir, '_app', 'version.json');
	return (JSON.parse(await readFile(file, 'utf8')) as { version: string }).version;
}

/** `from` made into the next build: another version, every hashed file renamed. */
async function newerBuild(from: string, to: string): Promise<string> {
	await cp(from, to, { recursive: true });
	const files = await filesOf(to);
	for (const file of files) if (/\.(br|gz)$/.test(file)) await rm(file);
	const old = await versionOf(to);
	const version = String(Number(old) + 1000);
	const renames = new Map<string, string>();
	for (const file of files) {
		if (!file.includes(join('_app', 'immutable')) || /\.(br|gz)$/.test(file)) continue;
		const name = basename(file);
		const dot = name.lastIndexOf('.');
		const next = `${name.slice(0, dot)}n${name.slice(dot)}`;
		renames.set(name, next);
		await rename(file, join(file, '..', next));
	}
	for (const file of await filesOf(to)) {
		if (!textFile.test(file)) continue;
		let text = await readFile(file, 'utf8');
		const before = text;
		// Referred to by path everywhere: `/_app/immutable/…`, `./x.js`, `../chunks/x.js`.
		for (const [name, next] of renames) text = text.split(`/${name}`).join(`/${next}`);
		text = text.split(old).join(version);
		if (text !== before) await writeFile(file, text);
	}
	return version;
}

async function serve(root: string, port = 0) {
	return startStaticServer({ root, host: '127.0.0.1', port });
}

async function stop(server: Server) {
	server.closeAllConnections();
	await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Serves a copy of `build` (made by `npm run build`) from a temporary folder. */
export async function deploy(build = 'build'): Promise<Deployment> {
	const dir = await mkdtemp(join(tmpdir(), 'console-deploy-'));
	const site = join(dir, 'site');
	await cp(build, site, { recursive: true });
	let { server, url } = await serve(site);
	const port = Number(new URL(url).port);
	return {
		url,
		version: await versionOf(site),
		async upgrade() {
			const next = join(dir, 'next');
			const version = await newerBuild(site, next);
			await stop(server);
			await rm(site, { recursive: true });
			await rename(next, site);
			({ server, url } = await serve(site, port));
			return version;
		},
		async close() {
			await stop(server);
			await rm(dir, { recursive: true, force: true });
		}
	};
}
