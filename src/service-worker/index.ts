import { base, build, files, version } from '$service-worker';
import {
	cacheName,
	hashedFilesOf,
	serverAnswered,
	staleCaches,
	strategyFor,
	type Strategy
} from '$lib/offline/requests';

/**
 * Keeps a copy of this build of the console, so it opens while its own server is down. The agent
 * is never answered here: its requests pass to the network untouched (see requests.ts).
 */
const worker = self as unknown as ServiceWorkerGlobalScope;
const CACHE = cacheName(base, version);
/** Every page of the SPA is the same file: it is kept once, under the base path's own address. */
const PAGE = `${base}/`;
const scope = {
	origin: worker.location.origin,
	base,
	files: new Set(files.map((file) => file.slice(base.length)))
};

async function keepThisBuild() {
	const cache = await caches.open(CACHE);
	await cache.addAll([...build, ...files]);
	const page = await fetch(PAGE, { cache: 'no-cache' });
	if (!page.ok) throw new Error(`The console's page answered ${page.status}`);
	const named = hashedFilesOf(await page.clone().text(), page.url);
	await Promise.all([cache.put(PAGE, page), cache.addAll(named.filter((f) => !build.includes(f)))]);
}

worker.addEventListener('install', (event) => {
	// A newer build takes over at once: its pages are fetched from the server anyway, and an old
	// tab's missing file is a reload, as it would be without a worker.
	event.waitUntil(keepThisBuild().then(() => worker.skipWaiting()));
});

worker.addEventListener('activate', (event) => {
	event.waitUntil(
		caches
			.keys()
			.then((names) => Promise.all(staleCaches(names, base, version).map((n) => caches.delete(n))))
	);
});

async function keep(request: Request | string, response: Response) {
	if (!response.ok || response.type !== 'basic' || response.redirected) return;
	const cache = await caches.open(CACHE);
	await cache.put(request, response);
}

async function answer(event: FetchEvent, strategy: Exclude<Strategy, 'pass'>): Promise<Response> {
	const { request } = event;
	const kept = () => caches.match(strategy === 'page' ? PAGE : request, { cacheName: CACHE });
	if (strategy === 'hashed') {
		const copy = await kept();
		if (copy) return copy;
		const response = await fetch(request);
		event.waitUntil(keep(request, response.clone()));
		return response;
	}
	let response: Response | undefined;
	try {
		response = await fetch(request);
	} catch (error) {
		const copy = await kept();
		if (copy) return copy;
		throw error;
	}
	if (!serverAnswered(response.status)) return (await kept()) ?? response;
	if (strategy === 'page') {
		if (response.headers.get('content-type')?.startsWith('text/html'))
			event.waitUntil(keep(PAGE, response.clone()));
	} else event.waitUntil(keep(request, response.clone()));
	return response;
}

worker.addEventListener('fetch', (event) => {
	const strategy = strategyFor(event.request, scope);
	if (strategy !== 'pass') event.respondWith(answer(event, strategy));
});
