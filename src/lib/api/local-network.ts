import { isLoopbackHost } from '$lib/loopback';

/**
 * Chromium's Local Network Access: a page served from a public address (a hosted portal, an
 * intranet on public addresses) may reach apps on the user's own device, such as the agent on
 * localhost, only with the user's permission; a page inside a frame only if the frame delegates
 * it (`<iframe allow="loopback-network">`). A request it refuses fails as a dead port or a CORS
 * refusal do, so after a failure the console asks the browser which it was.
 *
 * The permission is named `loopback-network` (for localhost), `local-network` (for the rest of
 * the local network) and, in older versions, `local-network-access`. A browser that knows none
 * of them does not gate these requests. Only a secure page (HTTPS, or served from this device)
 * can be granted it: a plain-HTTP page from elsewhere is refused without a prompt.
 */

export const LOCAL_NETWORK_PERMISSIONS = [
	'loopback-network',
	'local-network-access',
	'local-network'
] as const;

/**
 * Why the browser refuses: the user (or a policy) said no, the page's frame does not allow it, or
 * the page is not secure (plain HTTP from another host), so the browser cannot even ask.
 */
export type LocalNetworkBlock = 'denied' | 'frame' | 'insecure';

export type LocalNetworkCheck = {
	/** The permission's state, by the first name this browser knows; null where it knows none. */
	state: PermissionState | null;
	framed: boolean;
	/** Whether this document's permissions policy allows it; null where the policy does not say. */
	policyAllows: boolean | null;
	/** Whether the page is a secure context, the only kind the permission can be granted to. */
	secure: boolean;
};

type Policy = { features(): string[]; allowsFeature(feature: string): boolean };

/** The names that gate requests to this device (`local-network` is for the rest of the network). */
const LOOPBACK_GATES: readonly string[] = ['loopback-network', 'local-network-access'];

/** What the portal's `<iframe>` needs: the current name and the older one beside it. */
export const IFRAME_ALLOW = LOOPBACK_GATES.join('; ');

/**
 * The permission's state by the newest name this browser knows, except that a refusal under any
 * name that gates this device wins: Chromium 150 knows `loopback-network` but enforces
 * `local-network-access`, and says `prompt` for the one and `denied` for the other.
 */
async function permissionState(): Promise<PermissionState | null> {
	if (typeof navigator === 'undefined' || !navigator.permissions?.query) return null;
	const states = await Promise.all(
		LOCAL_NETWORK_PERMISSIONS.map(async (name) => {
			try {
				const query = { name } as unknown as PermissionDescriptor;
				return { name, state: (await navigator.permissions.query(query)).state };
			} catch {
				return null; // Not a name this browser knows.
			}
		})
	);
	const known = states.filter((s) => s !== null);
	if (known.some((s) => s.state === 'denied' && LOOPBACK_GATES.includes(s.name))) return 'denied';
	return known[0]?.state ?? null;
}

/** Whether the permissions policy of this document lets it use any of the names. */
function policyAllows(): boolean | null {
	if (typeof document === 'undefined') return null;
	const doc = document as Document & { permissionsPolicy?: Policy; featurePolicy?: Policy };
	const policy = doc.permissionsPolicy ?? doc.featurePolicy;
	if (!policy) return null;
	try {
		const known = policy.features();
		const names = LOCAL_NETWORK_PERMISSIONS.filter((name) => known.includes(name));
		if (names.length === 0) return null;
		return names.some((name) => policy.allowsFeature(name));
	} catch {
		return null;
	}
}

function isFramed(): boolean {
	try {
		return typeof window !== 'undefined' && window.self !== window.top;
	} catch {
		return true;
	}
}

export async function checkLocalNetwork(): Promise<LocalNetworkCheck> {
	return {
		state: await permissionState(),
		framed: isFramed(),
		policyAllows: policyAllows(),
		secure: typeof window === 'undefined' || window.isSecureContext !== false
	};
}

/**
 * Whether the browser's local-network rules explain a request that failed: the frame does not
 * delegate the permission, or the permission was refused. A permission still to be asked does
 * not explain it alone: pages on this device and on private addresses show the same state and
 * are never asked.
 */
export function blockOf(check: LocalNetworkCheck): LocalNetworkBlock | null {
	if (check.framed && check.policyAllows === false) return 'frame';
	if (check.state === 'denied') return check.secure ? 'denied' : 'insecure';
	return null;
}

/**
 * After a failed call: whether the browser's rules stopped it (`block`), else whether the
 * browser may still ask the user (`mayAsk`). Nothing where the browser cannot say.
 */
export async function explainFailure(): Promise<{
	block: LocalNetworkBlock | null;
	mayAsk: boolean;
}> {
	try {
		const check = await checkLocalNetwork();
		const block = blockOf(check);
		return {
			block,
			mayAsk: !block && typeof location !== 'undefined' && mayAsk(check, location.hostname)
		};
	} catch {
		return { block: null, mayAsk: false };
	}
}

/**
 * Whether the browser may still ask the user before this page reaches the agent: the permission
 * is to be asked, and the page is not served from this device (a page from a private address is
 * not asked either, but that cannot be told from here).
 */
export function mayAsk(check: LocalNetworkCheck, pageHost: string): boolean {
	return check.state === 'prompt' && !isLoopbackHost(pageHost);
}
