/**
 * How long a download link lasts: the contract says 24 hours; the link itself may say (S3's and
 * Google's `Expires` in seconds, Azure's start and end). Counted from when the console got it, on
 * the browser's clock, so a clock that differs from the agent's does not move the end.
 */

export const LINK_LIFETIME_MS = 24 * 3600_000;
/** Longest a link may claim to last (S3's own limit is 7 days). */
const LONGEST_MS = 7 * 24 * 3600_000;

export function linkLifetime(link: string): number {
	let params: URLSearchParams;
	try {
		params = new URL(link).searchParams;
	} catch {
		return LINK_LIFETIME_MS;
	}
	const seconds = Number(params.get('X-Amz-Expires') ?? params.get('X-Goog-Expires') ?? NaN);
	let ms = Number.isFinite(seconds) ? seconds * 1000 : NaN;
	if (!Number.isFinite(ms)) {
		const start = Date.parse(params.get('st') ?? '');
		const end = Date.parse(params.get('se') ?? '');
		ms = end - start;
	}
	return Number.isFinite(ms) && ms > 0 && ms <= LONGEST_MS ? ms : LINK_LIFETIME_MS;
}

/** The path of a file relative to the drive's folder, in the machine's own form. */
export function relativePath(root: string, path: string): string {
	const strip = (p: string) => p.replace(/[\\/]+$/, '');
	const base = strip(root);
	return path.slice(base.length).replace(/^[\\/]+/, '');
}
