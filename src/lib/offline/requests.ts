/**
 * Which requests the console's service worker answers, and how (docs/DEPLOYMENT.md, "Installed,
 * and open while its server is down"). Plain functions, so the choices are tested without a worker.
 */

/**
 * - `pass`: not the console's own (the agent, another origin, a path outside the base path, the
 *   version check): the worker does not answer, the browser fetches it as if there were none.
 * - `page`: a page of the console: the server first, so an upgrade is seen at once; the kept page
 *   only when the server does not answer.
 * - `hashed`: a file whose name changes with its content: the kept copy, fetched once.
 * - `fresh`: config.json and the files of `static/`: the server first, the kept copy when it fails.
 */
export type Strategy = 'pass' | 'page' | 'hashed' | 'fresh';

export type Scope = {
	/** The console's origin, `location.origin` of the worker. */
	origin: string;
	/** The base path the console was built for, `''` or e.g. `/admin`. */
	base: string;
	/** The files of `static/`, as paths below the base path (`/favicon.svg`). */
	files: ReadonlySet<string>;
};

type RequestLike = { method: string; url: string; mode: string };

export function strategyFor(request: RequestLike, scope: Scope): Strategy {
	if (request.method !== 'GET') return 'pass';
	let url: URL;
	try {
		url = new URL(request.url);
	} catch {
		return 'pass';
	}
	if (url.origin !== scope.origin || !url.pathname.startsWith(`${scope.base}/`)) return 'pass';
	const path = url.pathname.slice(scope.base.length);
	if (path.startsWith('/_app/immutable/')) return 'hashed';
	// The version check and anything else of Kit's must reach the server, or no upgrade is seen.
	if (path.startsWith('/_app/') || path === '/service-worker.js') return 'pass';
	if (path === '/config.json' || scope.files.has(path)) return 'fresh';
	// A page is any path the server answers with the app's page; a name with a dot in its last part
	// is a file (something else hosted beside the console), never given the console's page.
	if (request.mode === 'navigate' && !/\.[^/]*$/.test(path)) return 'page';
	return 'pass';
}

/**
 * Whether the console's server answered. A proxy in front of it answers 502 to 504 when the
 * console's own server behind it is down: that is no answer from the console either.
 */
export const serverAnswered = (status: number) => status < 502 || status > 504;

/**
 * The cache of one build of the console at one base path. Caches belong to the origin, not to the
 * worker's scope: two consoles at `/admin` and `/` of one host each keep and clear only their own.
 */
export const cacheName = (base: string, version: string) =>
	`agent-console ${base || '/'} ${version}`;

/** The caches of this base path's older builds, to delete once a newer worker is active. */
export const staleCaches = (names: readonly string[], base: string, version: string) =>
	names.filter(
		(name) => name.startsWith(`agent-console ${base || '/'} `) && name !== cacheName(base, version)
	);

/**
 * The hashed files a page names (its boot script, stylesheet, preloaded modules), as absolute
 * paths: the boot script is written after the build lists its files, so only the page names it.
 */
export function hashedFilesOf(html: string, pageUrl: string): string[] {
	const found = new Set<string>();
	for (const match of html.matchAll(/(?:src|href)="([^"]*_app\/immutable\/[^"]+)"/g)) {
		try {
			const url = new URL(match[1] ?? '', pageUrl);
			if (url.origin === new URL(pageUrl).origin) found.add(url.pathname);
		} catch {
			// Not a link: nothing to keep.
		}
	}
	return [...found];
}
