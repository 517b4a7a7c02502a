import { m } from '$lib/paraglide/messages';
import type { ShareItem, ShareKind } from '$lib/api/shares';
import type { NotificationFrame } from '$lib/api/schemas/frames';
import { modelReasonSchema, shareMountFrameSchema } from '$lib/api/schemas/shares';
import { nfsShareParts, smbShareParts } from '$lib/api/schemas/share-contract';
import { MOUNT_FAILURE, NOTIFICATION_TYPE } from '$lib/contract';

/**
 * Why a share did not mount, in words with what to check: the server, the share's name, the
 * version, the credentials, the local path. The contract leaves open how an agent says it, so
 * every way is read: a code (the development agent's `Reason`, a refusal's type), a sentence
 * (Windows' and NFS's own error texts), a reason field on the model.
 */

export type MountReason = 'server' | 'share' | 'version' | 'credentials' | 'local-path';

const CODE_REASONS: Readonly<Record<string, MountReason>> = {
	[MOUNT_FAILURE.Unreachable]: 'server',
	[MOUNT_FAILURE.NotFound]: 'share',
	[MOUNT_FAILURE.Version]: 'version',
	[MOUNT_FAILURE.Credentials]: 'credentials',
	[MOUNT_FAILURE.InUse]: 'local-path',
	SHARE_NOT_FOUND: 'share',
	TIMEOUT: 'server',
	HOST: 'server',
	PROTOCOL: 'version',
	ACCESS: 'credentials',
	CREDENTIALS: 'credentials',
	LOGON: 'credentials'
};

/** Sentences as agents and systems say them, most telling first. */
const WORD_REASONS: readonly [RegExp, MountReason][] = [
	[
		/in use|already (mounted|assigned|taken|used)|device is busy|local device name|letter .*(taken|used)/i,
		'local-path'
	],
	[
		/password|log ?on|sign-?in|credential|access (is )?denied|permission denied|authenticat|guest|unauthori[sz]ed|not allowed/i,
		'credentials'
	],
	[/version|dialect|protocol|smb ?1|negotiat|not supported|does not speak|speaks only/i, 'version'],
	[
		/network path was not found|unreachable|did not answer|not respond|timed? ?out|no route|could not resolve|name or service not known|connection refused|could not be reached|offline/i,
		'server'
	],
	[
		/no (such )?share|network name cannot be found|bad network name|not export|no such file or directory|does not exist|not found|unknown share|export/i,
		'share'
	],
	[/server|host/i, 'server']
];

/** The likely reason of a failure from its code, else its words; null when neither tells. */
export function reasonOf(code: string | null | undefined, words: string): MountReason | null {
	const byCode = code ? CODE_REASONS[code.trim().toUpperCase()] : undefined;
	if (byCode) return byCode;
	return WORD_REASONS.find(([re]) => re.test(words))?.[1] ?? null;
}

/** What a share is, as the checks speak of it. */
export type ShareFacts = {
	kind: ShareKind;
	share: string;
	version: string;
	localPath: string;
	isAuthenticated: boolean;
	username: string;
	domain: string;
};

export function factsOf(item: ShareItem): ShareFacts {
	const model = item.model;
	const t = (v: unknown) => (v === null || v === undefined ? '' : String(v));
	return item.kind === 'smb'
		? {
				kind: 'smb',
				share: t(item.model.smbShare),
				version: t(model.version),
				localPath: t(model.localPath),
				isAuthenticated: item.model.isAuthenticated === true,
				username: t(item.model.username),
				domain: t(item.model.domain)
			}
		: {
				kind: 'nfs',
				share: t(item.model.nfsShare),
				version: t(model.version),
				localPath: t(model.localPath),
				isAuthenticated: false,
				username: '',
				domain: ''
			};
}

export type MountCheck = { reason: MountReason; title: string; text: string; likely: boolean };

const ORDER: readonly MountReason[] = ['server', 'share', 'version', 'credentials', 'local-path'];

/**
 * What to check when a share does not mount, one sentence per thing, about this share: the likely
 * one first and marked, then the others in the order a person would look.
 */
export function mountChecks(facts: ShareFacts, likely: MountReason | null): MountCheck[] {
	const smb = facts.kind === 'smb';
	const parts = smb ? smbShareParts(facts.share) : null;
	const nfs = smb ? null : nfsShareParts(facts.share);
	const host = parts?.host ?? nfs?.host ?? m.shares_fallback_server();
	const version = facts.version
		? `${smb ? 'SMB' : 'NFS'} ${facts.version}`
		: m.shares_fallback_version();
	const user = `${facts.domain ? `${facts.domain}\\` : ''}${facts.username || m.shares_fallback_user()}`;
	const words: Record<MountReason, [string, string]> = {
		server: [
			m.shares_check_server_title(),
			smb
				? m.shares_check_server_smb({ host, unc: `\\\\${host}` })
				: m.shares_check_server_nfs({ host })
		],
		share: [
			smb ? m.shares_check_share_title() : m.shares_check_export_title(),
			smb
				? m.shares_check_share_smb({ host, share: parts?.share ?? m.shares_fallback_share_name() })
				: m.shares_check_share_nfs({ host, path: nfs?.path ?? m.shares_fallback_path() })
		],
		version: [
			m.shares_check_version_title(),
			smb
				? m.shares_check_version_smb({ host, version })
				: m.shares_check_version_nfs({ host, version })
		],
		credentials: [
			smb ? m.shares_check_credentials_title() : m.shares_check_access_title(),
			smb
				? facts.isAuthenticated
					? m.shares_check_credentials_user({ user, host })
					: m.shares_check_credentials_guest({ host })
				: m.shares_check_access_nfs({ host })
		],
		'local-path': [
			m.shares_check_local_title(),
			smb
				? m.shares_check_local_smb({ place: facts.localPath || m.shares_fallback_letter() })
				: m.shares_check_local_nfs({ place: facts.localPath || m.shares_fallback_folder() })
		]
	};
	const order = likely ? [likely, ...ORDER.filter((r) => r !== likely)] : ORDER;
	return order.map((reason) => ({
		reason,
		title: words[reason][0],
		text: words[reason][1],
		likely: reason === likely
	}));
}

/** What the agent said about a mount: whether it worked, and why not. */
export type MountNews = {
	shareId: string | null;
	/** The share's name or path as the frame says it, for a frame without an id. */
	about: string;
	ok: boolean;
	reason: MountReason | null;
	message: string;
	/** When the console heard it. */
	at: Date;
};

/** A value shaped enough like a /notification frame for `mountNewsOf` to read. */
export function isNotificationFrame(value: unknown): value is NotificationFrame {
	return typeof value === 'object' && value !== null && 'Type' in value && 'Data' in value;
}

/**
 * A UserNotification about a share's mount, or null: the development agent's (`Operation:
 * "ShareMount"`, `ShareId`, `Reason`), or any whose title or message speaks of a mount.
 */
export function mountNewsOf(frame: NotificationFrame, at = new Date()): MountNews | null {
	if (frame.Type !== NOTIFICATION_TYPE.UserNotification) return null;
	const parsed = shareMountFrameSchema.safeParse(frame.Data);
	if (!parsed.success) return null;
	const d = parsed.data;
	const title = d.Title ?? '';
	const message = d.Message ?? '';
	const about = `${title} ${message}`;
	const named = (d.Operation ?? '').toLowerCase() === 'sharemount' || (d.ShareId ?? null) !== null;
	if (!named && !/\bmount/i.test(about)) return null;
	const failed =
		/error|warning/i.test(d.Severity ?? '') ||
		!!d.Reason ||
		/could not|cannot|can't|failed|unable/i.test(title);
	return {
		shareId: d.ShareId === null || d.ShareId === undefined ? null : String(d.ShareId),
		about,
		ok: !failed,
		reason: failed ? reasonOf(d.Reason, `${message} ${title}`) : null,
		message: message || title,
		at
	};
}

/** Whether news without an id speaks of this share (its name, or where it is). */
export function newsIsAbout(news: MountNews, item: ShareItem): boolean {
	if (news.shareId !== null) return news.shareId === item.id;
	const text = news.about.toLowerCase();
	const facts = factsOf(item);
	const name = String(item.model.name ?? '')
		.trim()
		.toLowerCase();
	return (
		(!!name && text.includes(name)) || (!!facts.share && text.includes(facts.share.toLowerCase()))
	);
}

/**
 * A reason the model itself carries, if the agent puts one there (the contract's shape has none):
 * `error`, `lastError`, `mountError`, `errorMessage` or `reason`, as a sentence or `{message, code}`.
 */
export function modelReason(
	model: Record<string, unknown>
): { message: string; code: string | null } | null {
	for (const key of ['mountError', 'lastError', 'error', 'errorMessage', 'reason']) {
		const parsed = modelReasonSchema.safeParse(model[key]);
		if (!parsed.success) continue;
		const v = parsed.data;
		if (typeof v === 'string') {
			if (v.trim()) return { message: v.trim(), code: null };
			continue;
		}
		const message = (v.message ?? v.Message ?? v.reason ?? '').trim();
		if (message) return { message, code: v.code ?? v.Code ?? null };
	}
	return null;
}

/** Whether a share is mounted, in words and a tone: `active` as the agent sent it. */
export function mountStatus(item: ShareItem): { text: string; tone: 'good' | 'bad' | 'unknown' } {
	const active = item.model.active;
	if (active === true) return { text: m.shares_status_mounted(), tone: 'good' };
	if (active === false) return { text: m.shares_status_not_mounted(), tone: 'bad' };
	return { text: m.shares_status_unknown(), tone: 'unknown' };
}

/**
 * Why this share is not mounted, as far as the console knows: the agent's words (from its news,
 * else a reason on the model) and the likely reason; nothing when it is mounted.
 */
export function mountProblem(
	item: ShareItem,
	news: MountNews | null
): { said: string | null; at: Date | null; reason: MountReason | null } | null {
	if (item.model.active === true) return null;
	if (news && !news.ok) return { said: news.message, at: news.at, reason: news.reason };
	const kept = modelReason(item.model as Record<string, unknown>);
	if (kept) return { said: kept.message, at: null, reason: reasonOf(kept.code, kept.message) };
	return { said: null, at: null, reason: null };
}
