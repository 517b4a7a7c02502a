import type { AgentHttpError, FieldErrors } from '$lib/api/errors';
import type { NfsBody, ShareItem, ShareKind, SmbBody } from '$lib/api/shares';
import {
	SHARE_CONFIG,
	mountFolder,
	nfsShareParts,
	shareLetter,
	smbShareParts
} from '$lib/api/schemas/share-contract';
import { folderConcern } from '$lib/folders/folder-concerns';
import { isAbsolutePath, relatePaths, shortNameIn } from '$lib/folders/paths';
import {
	changedSince as changesBetween,
	fieldOf,
	labelOf,
	nextFreeLetter,
	placeRefusal,
	runChecks,
	type Change,
	type FieldTable
} from '$lib/config-form/config-form';
import { textProblems } from '$lib/form/validation';
import { words } from '$lib/i18n/words';
import { m } from '$lib/paraglide/messages';
import { reasonOf, type MountReason } from './mount-advice';

/**
 * The form of a network share, and what it becomes on the wire: pure functions, so every rule is
 * tested without a page. Field errors are keyed by the wire's field names, so the console's checks
 * and the agent's refusals land beside the same fields. The password is typed, sent once in a
 * body, and never read back: the form knows only whether the agent keeps one.
 */

export type ShareForm = {
	kind: ShareKind;
	/** The stored id when changing; null for a new share. */
	id: string | null;
	name: string;
	/** `\\server\share` for SMB, `server:/path` for NFS, as typed. */
	share: string;
	version: string;
	/** SMB: the drive letter ("Z"); NFS: the folder it is mounted on. */
	localPath: string;
	/** SMB: signs in with a user name and password; false is guest access. */
	isAuthenticated: boolean;
	username: string;
	domain: string;
	/** Typed, sent once, then emptied: never stored. */
	password: string;
};

/** How a share is written, said in the checks and the form's hints. */
const SMB_SHAPE = '\\\\server\\share';
const NFS_SHAPE = 'server:/path';
export const shareShape = (kind: ShareKind) => (kind === 'smb' ? SMB_SHAPE : NFS_SHAPE);

/** The wire's field of each part of the form. */
export const shareField = (kind: ShareKind) => (kind === 'smb' ? 'smbShare' : 'nfsShare');

export const SHARE_KIND_NAMES: Readonly<Record<ShareKind, string>> = words({
	smb: m.shares_kind_smb,
	nfs: m.shares_kind_nfs
});

/** What each kind is, in a sentence, for the empty list and the choice of kind. */
export const SHARE_KIND_WORDS: Readonly<Record<ShareKind, string>> = words({
	smb: m.shares_kind_smb_words,
	nfs: m.shares_kind_nfs_words
});

export const versionsOf = (kind: ShareKind): readonly string[] =>
	kind === 'smb' ? SHARE_CONFIG.smbVersions : SHARE_CONFIG.nfsVersions;

export const versionWords = (kind: ShareKind, version: string) =>
	`${kind === 'smb' ? 'SMB' : 'NFS'} ${version}`;

/**
 * The letter a new SMB share takes: the last free one, as Windows maps network drives from Z
 * down. Null when none is free, or the agent did not list them.
 */
export const nextShareLetter = (free: readonly string[] | null) =>
	nextFreeLetter(free, [...SHARE_CONFIG.letters].reverse());

export function newShareForm(kind: ShareKind, freeLetters: readonly string[] | null): ShareForm {
	return {
		kind,
		id: null,
		name: '',
		share: '',
		version: kind === 'smb' ? '3.1.1' : '4',
		localPath: kind === 'smb' ? (nextShareLetter(freeLetters) ?? '') : '',
		isAuthenticated: kind === 'smb',
		username: '',
		domain: '',
		password: ''
	};
}

const text = (v: unknown) =>
	typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);

/** A stored share as the form shows it; the password field starts empty. */
export function fromModel(item: ShareItem): ShareForm {
	const model = item.model;
	const stored = text(model.localPath);
	if (item.kind === 'nfs')
		return {
			kind: 'nfs',
			id: item.id,
			name: text(model.name),
			share: text(item.model.nfsShare),
			version: text(model.version),
			localPath: stored,
			isAuthenticated: false,
			username: '',
			domain: '',
			password: ''
		};
	return {
		kind: 'smb',
		id: item.id,
		name: text(model.name),
		share: text(item.model.smbShare),
		version: text(model.version),
		localPath: shareLetter(stored) ?? stored,
		isAuthenticated: item.model.isAuthenticated === true,
		username: text(item.model.username),
		domain: text(item.model.domain),
		password: ''
	};
}

/**
 * A share as typed in the forms people know: `smb://nas/media`, `//nas/media` and `\\nas/media`
 * become `\\nas\media`; `nfs://nas/media` becomes `nas:/media`. Anything else stays as typed.
 */
export function normaliseShare(kind: ShareKind, typed: string): string {
	const t = typed.trim();
	if (kind === 'nfs') {
		const url = /^nfs:\/\/([^/]+)(\/.*)?$/i.exec(t);
		return url ? `${url[1]}:${url[2] ?? '/'}` : t;
	}
	const rest = /^(?:smb:\/\/|\/\/|\\\\)(.+)$/i.exec(t)?.[1];
	return rest === undefined ? t : `\\\\${rest.replace(/\//g, '\\')}`;
}

/** The server a share names, lower case, or '' when it names none. */
export function serverOf(kind: ShareKind, share: string): string {
	const s = normaliseShare(kind, share);
	return (kind === 'smb' ? smbShareParts(s)?.host : nfsShareParts(s)?.host)?.toLowerCase() ?? '';
}

/**
 * What happens to the password: `guest` (none: guest access), `new` (the one typed replaces it),
 * `kept` (empty: the agent keeps the stored one), `again` (the share now signs in to another
 * server or as another user: the development agent asks for it again), `needed` (none stored).
 */
export type PasswordState = 'guest' | 'new' | 'kept' | 'again' | 'needed';

export function passwordState(form: ShareForm, stored: ShareItem | null): PasswordState {
	if (form.kind !== 'smb' || !form.isAuthenticated) return 'guest';
	if (form.password !== '') return 'new';
	if (stored?.kind !== 'smb' || stored.model.isAuthenticated !== true) return 'needed';
	const sameServer = serverOf('smb', text(stored.model.smbShare)) === serverOf('smb', form.share);
	const sameUser =
		text(stored.model.username).trim().toLowerCase() === form.username.trim().toLowerCase();
	return sameServer && sameUser ? 'kept' : 'again';
}

/** The sentence under the password field for each state. */
export function passwordHint(state: PasswordState, editing: boolean): string {
	switch (state) {
		case 'kept':
			return m.shares_hint_kept();
		case 'again':
			return m.shares_hint_again();
		case 'new':
			return editing ? m.shares_hint_replaces() : m.shares_hint_new();
		case 'needed':
			return m.shares_hint_needed();
		case 'guest':
			return '';
	}
}

/** The share as its body goes to the agent; the password only when one was typed. */
export function toBody(form: ShareForm): SmbBody | NfsBody {
	const common = {
		name: form.name.trim(),
		version: form.version,
		localPath:
			form.kind === 'smb'
				? `${shareLetter(form.localPath) ?? form.localPath.trim()}:`.replace(/::$/, ':')
				: form.localPath.trim()
	};
	if (form.kind === 'nfs') return { ...common, nfsShare: normaliseShare('nfs', form.share) };
	const auth = form.isAuthenticated;
	return {
		...common,
		smbShare: normaliseShare('smb', form.share),
		isAuthenticated: auth,
		username: auth ? form.username.trim() : '',
		domain: auth ? form.domain.trim() : '',
		...(auth && form.password !== '' ? { password: form.password } : {})
	};
}

/**
 * A change's body: the share as it is now (`current`, fields this console does not know
 * included) with the fields the user edited since `base` (the share the form opened with), and
 * the password only when one was typed. A change made elsewhere to other fields stays.
 */
export function toChangeBody(
	form: ShareForm,
	current: ShareItem,
	base: ShareItem = current
): Record<string, unknown> {
	const mine = toBody(form) as Record<string, unknown>;
	// `current` was read masked: changeShare puts its credentials back (write-back.ts).
	const body: Record<string, unknown> = { ...current.model };
	for (const { field } of edits(base, form)) {
		if (field === 'isAuthenticated')
			for (const f of ['isAuthenticated', 'username', 'domain']) body[f] = mine[f];
		else if (field !== 'password') body[field] = mine[field];
	}
	if (mine.password !== undefined) body.password = mine.password;
	return body;
}

export type CheckContext = {
	/** Every other share the agent has. */
	others: readonly ShareItem[];
	/** `list_available_drives`; null when the agent did not list them (it checks when saving). */
	freeLetters: readonly string[] | null;
	/** The share being changed; null for a new one. */
	stored: ShareItem | null;
};

/** Two mount points in any spelling of one folder, or one inside the other. */
const overlaps = (a: string, b: string) => relatePaths(a, b) !== null;

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const USERNAME_REFUSED = /["/[\]:;|=,+*?<>`&$%]/;

/**
 * Whether a user name holds a character the mount command should not see: any of
 * `USERNAME_REFUSED`, or a backslash other than one `DOMAIN\user` separator between two names.
 */
function usernameRefused(username: string): boolean {
	if (USERNAME_REFUSED.test(username)) return true;
	const parts = username.trim().split('\\');
	return parts.length > 2 || (parts.length === 2 && parts.some((p) => !p.trim()));
}
const DOMAIN_SHAPE = /^[\p{L}\p{N}._-]*$/u;

/**
 * What is wrong with text that reaches the agent's mount command (the user name, the domain, the
 * name): a line break would start another line of it, and other control characters hide there.
 */
function commandTextProblems(value: string): string[] | undefined {
	if (/[\r\n\u2028\u2029]/.test(value)) return [m.shares_line_break()];
	if (CONTROL.test(value)) return [m.shares_control_chars()];
	return undefined;
}

const isSmb = (f: ShareForm) => f.kind === 'smb';
const signsIn = (f: ShareForm) => f.kind === 'smb' && f.isAuthenticated;

function nameProblems(form: ShareForm, { others }: CheckContext) {
	const problems =
		textProblems(form.name, m.shares_enter_name(), SHARE_CONFIG.nameMax) ??
		commandTextProblems(form.name);
	if (problems) return problems;
	const twin = others.find(
		(s) => text(s.model.name).trim().toLowerCase() === form.name.trim().toLowerCase()
	);
	return twin ? [m.shares_name_taken({ name: text(twin.model.name) })] : undefined;
}

function shareProblems(form: ShareForm) {
	const share = normaliseShare(form.kind, form.share);
	if (!share) return [m.shares_enter_share({ shape: shareShape(form.kind) })];
	if (form.kind === 'smb' ? smbShareParts(share) : nfsShareParts(share)) return undefined;
	return [
		form.kind === 'smb'
			? m.shares_share_shape_smb({
					shape: SMB_SHAPE,
					example: '\\\\nas\\media',
					url: 'smb://nas/media'
				})
			: m.shares_share_shape_nfs({ shape: NFS_SHAPE, example: 'nas.example.com:/media' })
	];
}

/**
 * A stored user name or domain is not judged again (as a stored folder is not): the agent already
 * mounts with it, and a rename should not wait on it.
 */
function storedAs(value: string, field: 'username' | 'domain', stored: ShareItem | null) {
	return stored?.kind === 'smb' && value.trim() === text(stored.model[field]).trim();
}

function usernameProblems(form: ShareForm, { stored }: CheckContext) {
	return (
		textProblems(form.username, m.shares_enter_username(), SHARE_CONFIG.usernameMax) ??
		(storedAs(form.username, 'username', stored)
			? undefined
			: (commandTextProblems(form.username) ??
				(usernameRefused(form.username) ? [m.shares_username_chars()] : undefined)))
	);
}

function domainProblems(form: ShareForm, { stored }: CheckContext) {
	const domain = form.domain.trim();
	if (form.domain.length > SHARE_CONFIG.domainMax)
		return [m.shares_at_most({ max: String(SHARE_CONFIG.domainMax) })];
	if (storedAs(form.domain, 'domain', stored)) return undefined;
	return (
		commandTextProblems(form.domain) ??
		(!DOMAIN_SHAPE.test(domain) || /\.\./.test(domain) ? [m.shares_domain_chars()] : undefined)
	);
}

function passwordProblems(form: ShareForm, { stored }: CheckContext) {
	const state = passwordState(form, stored);
	if (state === 'needed') return [m.shares_enter_password()];
	if (state === 'again') return [m.shares_enter_password_again()];
	if (form.password.length > SHARE_CONFIG.passwordMax)
		return [m.shares_at_most({ max: String(SHARE_CONFIG.passwordMax) })];
	return undefined;
}

/**
 * A share's fields as the configuration-form recipe takes them (`src/lib/config-form/`): label,
 * card and checks. A share has no field the agent will not change; its kind is chosen
 * only when it is added.
 */
const SHARE_FIELDS: FieldTable<ShareForm, CheckContext> = [
	{
		key: 'name',
		label: m.shares_field_name,
		section: 'share',
		check: nameProblems
	},
	{
		key: 'smbShare',
		label: m.shares_field_share,
		section: 'share',
		shown: isSmb,
		check: shareProblems
	},
	{
		key: 'nfsShare',
		label: m.shares_field_share,
		section: 'share',
		shown: (f) => !isSmb(f),
		check: shareProblems
	},
	{
		key: 'version',
		label: m.shares_field_version,
		section: 'share',
		check: (form) =>
			versionsOf(form.kind).includes(form.version)
				? undefined
				: [
						m.shares_choose_version({
							versions: versionsOf(form.kind)
								.map((v) => versionWords(form.kind, v))
								.join(', ')
						})
					]
	},
	{
		key: 'localPath',
		label: m.shares_field_local,
		section: 'share',
		check: (form, context) =>
			form.kind === 'smb' ? letterProblems(form, context) : folderProblems(form, context.others)
	},
	{
		key: 'isAuthenticated',
		label: m.shares_field_sign_in,
		section: 'sign-in',
		shown: isSmb
	},
	{
		key: 'username',
		label: m.shares_field_username,
		section: 'sign-in',
		shown: signsIn,
		check: usernameProblems
	},
	{
		key: 'domain',
		label: m.shares_field_domain,
		section: 'sign-in',
		shown: signsIn,
		check: domainProblems
	},
	{
		key: 'password',
		label: m.shares_field_password,
		section: 'sign-in',
		shown: signsIn,
		check: passwordProblems
	},
	{ key: 'active', label: m.shares_field_mounted }
];

/** The fields the form shows (those with a card): the agent's field errors are matched to them. */
const FORM_FIELDS = SHARE_FIELDS.filter((f) => f.section).map((f) => f.key);

/** What the console can tell before sending: the contract's limits and shapes, and what is in use. */
export const checks = (form: ShareForm, context: CheckContext) =>
	runChecks(SHARE_FIELDS, form, context);

function letterProblems(form: ShareForm, { others, freeLetters, stored }: CheckContext) {
	const letter = shareLetter(form.localPath);
	if (!letter) return [m.shares_choose_letter({ first: String(SHARE_CONFIG.letters[0]) })];
	const share = others.find(
		(s) => s.kind === 'smb' && shareLetter(text(s.model.localPath)) === letter
	);
	if (share) return [m.shares_letter_share({ letter, name: text(share.model.name) })];
	const own = stored?.kind === 'smb' && shareLetter(text(stored.model.localPath)) === letter;
	if (!own && freeLetters && !freeLetters.some((l) => shareLetter(l) === letter))
		return [m.shares_letter_computer({ letter })];
	return undefined;
}

/**
 * What is wrong with an NFS mount point: a path that is not absolute (the agent would read it from
 * its own working folder), its shape (the contract's), then the folder as the
 * machine reads it (a name of only dots and spaces is `.` or `..` to Windows, a short name cannot
 * be read), a system folder or a whole profile it would hide, and a share already mounted there.
 */
function folderProblems(form: ShareForm, others: readonly ShareItem[]) {
	const typed = form.localPath.trim();
	if (typed && !isAbsolutePath(typed)) return [m.shares_folder_relative({ path: typed })];
	const folder = mountFolder(form.localPath);
	if ('problem' in folder) return [folder.problem];
	if (folder.path.split(/[\\/]/).some((name) => /^[. ]+$/.test(name)))
		return [m.shares_folder_dots()];
	const short = shortNameIn(folder.path);
	if (short) return [m.shares_folder_short_name({ name: short })];
	const concern = folderConcern(folder.path);
	if (concern?.kind === 'system')
		return [m.shares_folder_system({ path: folder.path, folder: concern.folder })];
	if (concern?.kind === 'profile-root')
		return [m.shares_folder_profile({ path: folder.path, folder: concern.folder })];
	const other = others.find(
		(s) => s.kind === 'nfs' && overlaps(text(s.model.localPath), folder.path)
	);
	if (other)
		return [
			m.shares_folder_share({
				path: folder.path,
				name: text(other.model.name),
				local: text(other.model.localPath)
			})
		];
	return undefined;
}

// ---- words for what is stored and what changes ----

/** A field's label; one this console does not know is "name (as sent)". */
export const shareFieldLabel = (field: string) =>
	labelOf(SHARE_FIELDS, field, (f) => m.shares_field_as_sent({ field: f }));

/** How the share signs in, in words: "As STUDIO\ann", or guest access. */
export function signInWords(isAuthenticated: unknown, username: unknown, domain: unknown): string {
	if (isAuthenticated !== true) return m.shares_guest_no_user();
	const account = accountOf(username, domain);
	return account ? m.shares_as_user({ account }) : m.shares_user_not_shown();
}

/** The account a share signs in with, "STUDIO\\ann" or "ann"; '' without a user name. */
export function accountOf(username: unknown, domain: unknown): string {
	const user = text(username).trim();
	const where = text(domain).trim();
	return user ? `${where ? `${where}\\` : ''}${user}` : '';
}

/** The rows of "What the agent stored": the model in words, the password said, never shown. */
export function storedRows(item: ShareItem): { field: string; label: string; value: string }[] {
	const model = item.model as Record<string, unknown>;
	const rows = [
		{ field: 'name', value: text(model.name) || '—' },
		{ field: shareField(item.kind), value: text(model[shareField(item.kind)]) || '—' },
		{
			field: 'version',
			value:
				model.version === undefined || model.version === null
					? '—'
					: versionWords(item.kind, text(model.version))
		},
		{ field: 'localPath', value: text(model.localPath) || '—' }
	];
	if (item.kind === 'smb')
		rows.push(
			{
				field: 'isAuthenticated',
				value: signInWords(model.isAuthenticated, model.username, model.domain)
			},
			{
				field: 'password',
				value:
					model.isAuthenticated === true
						? m.shares_password_stored()
						: m.shares_password_none_guest()
			}
		);
	return rows.map((r) => ({ ...r, label: shareFieldLabel(r.field) }));
}

/** A stored share's fields as the form compares them. */
function comparable(item: ShareItem) {
	const f = fromModel(item);
	return {
		name: f.name.trim(),
		[shareField(item.kind)]: normaliseShare(item.kind, f.share),
		version: f.version,
		localPath: item.kind === 'smb' ? `${f.localPath}:`.replace(/::$/, ':') : f.localPath,
		...(item.kind === 'smb'
			? { isAuthenticated: signInWords(f.isAuthenticated, f.username, f.domain) }
			: {})
	};
}

const difference = (a: Record<string, string>, b: Record<string, string>) =>
	changesBetween(a, b, {
		label: shareFieldLabel,
		value: (_, v) => (v as string | undefined) || '—'
	});

/**
 * What saving changes, field by field (from, to), against the share as stored. The password is
 * said, never shown: replaced by the one typed, kept, or forgotten with guest access.
 */
export function edits(stored: ShareItem, form: ShareForm): Change[] {
	const before = comparable(stored);
	const body = toBody(form) as Record<string, unknown>;
	const after = comparable({ ...stored, model: { ...stored.model, ...body } } as ShareItem);
	const out = difference(before, after);
	if (stored.kind === 'smb') {
		const had = stored.model.isAuthenticated === true;
		if (form.isAuthenticated && form.password !== '')
			out.push({
				field: 'password',
				label: m.shares_field_password(),
				was: had ? m.shares_password_was_stored() : m.shares_password_was_none(),
				now: m.shares_password_now_typed()
			});
		else if (had && !form.isAuthenticated)
			out.push({
				field: 'password',
				label: m.shares_field_password(),
				was: m.shares_password_was_stored(),
				now: m.shares_password_now_forgotten()
			});
	}
	return out;
}

/** What changed between the share the form opened with and a fresh read of it: another client's change. */
export function changedSince(opened: ShareItem, current: ShareItem): Change[] {
	return [
		...difference(comparable(opened), comparable(current)),
		// Fields this console does not show, changed too: said as sent.
		...changesBetween(
			opened.model,
			current.model,
			{ label: shareFieldLabel, value: (_, v) => JSON.stringify(v) ?? '—' },
			(field) => field === 'id' || SHARE_FIELDS.some((f) => f.key === field)
		)
	];
}

// ---- the agent's refusals ----

/** Mount failures an agent may answer as refusals instead (the development agent does not). */
const MOUNT_CODES = new Set([
	'UNREACHABLE',
	'VERSION',
	'AUTH',
	'IN_USE',
	'MOUNT',
	'MOUNT_FAILED',
	'SHARE_NOT_FOUND'
]);

/**
 * Where the agent's refusal goes in the form: its field errors beside the fields they name (in
 * any spelling), a DUPLICATE whose messages sit under the code beside the name or the local path
 * (whichever it speaks of), the rest as one sentence. A refusal that is a mount failure (a code
 * such as UNREACHABLE, or a sentence that reads as one) also gives its likely reason, so the form
 * says what to check. For FormState's `explain`.
 */
export function shareRefusal(error: AgentHttpError): {
	fieldErrors: FieldErrors;
	text: string | null;
	mount: MountReason | null;
} {
	const { fieldErrors, text, rest, coded } = placeRefusal(
		error,
		(key) => fieldOf(key, FORM_FIELDS),
		(code, messages) =>
			code !== 'DUPLICATE' || !messages.length
				? null
				: messages.some((said) => /in use|letter|folder|mounted|\b[A-Z]:/i.test(said))
					? 'localPath'
					: 'name'
	);
	const code = error.code ?? '';
	const said = [...rest, ...Object.values(fieldErrors).flat()].join(' ');
	const mountFailed =
		MOUNT_CODES.has(code) ||
		/\b(could not|cannot|can't|failed to|unable to) mount|\bmount(ing)? failed/i.test(
			coded.join(' ')
		);
	return { fieldErrors, text, mount: mountFailed ? reasonOf(code, said) : null };
}
