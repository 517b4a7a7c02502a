import { request, type RequestOptions } from './client.ts';
import { AgentError } from './errors.ts';
import { emptySchema } from './schemas/agent.ts';
import {
	nfsShareSchema,
	shareListSchema,
	smbShareSchema,
	type NfsShare,
	type SmbShare
} from './schemas/shares.ts';
import { withStoredSecrets } from './write-back.ts';

type Options = Pick<RequestOptions, 'signal' | 'agentUrl' | 'timeoutMs'>;

export type ShareKind = 'smb' | 'nfs';

/** One share as the agent keeps it: its kind, its id as text, and its model without credentials. */
export type ShareItem =
	| { kind: 'smb'; id: string; model: SmbShare; key: string }
	| { kind: 'nfs'; id: string; model: NfsShare; key: string };

/** What `POST smbclient` and `PUT smbclient/{id}` take; `password` only when one was typed. */
export type SmbBody = {
	name: string;
	smbShare: string;
	version: string;
	localPath: string;
	isAuthenticated: boolean;
	username: string;
	domain: string;
	password?: string;
};

export type NfsBody = { name: string; nfsShare: string; version: string; localPath: string };

export type ShareList = {
	/** The SMB shares, then the NFS ones, in the agent's order. */
	items: ShareItem[];
	/** Rows the agent sent that have no id: counted, not shown. */
	unreadable: number;
	/** A list the agent did not give (an agent without NFS, say), with why: the other is shown. */
	failed: { kind: ShareKind; error: AgentError }[];
};

/** Names a credential would go by: never kept from an answer, even where the agent sends one. */
const SECRET_KEY = /pass(word|wd)?$|secret|token|credential/i;

function withoutSecrets<T extends Record<string, unknown>>(model: T): T {
	const keys = Object.keys(model).filter((k) => SECRET_KEY.test(k));
	if (!keys.length) return model;
	const copy: Record<string, unknown> = { ...model };
	for (const key of keys) delete copy[key];
	return copy as T;
}

/** One row as a share, or null when it cannot be one (no id). */
export function readShareModel(kind: ShareKind, row: unknown, index = 0): ShareItem | null {
	const parsed = (kind === 'smb' ? smbShareSchema : nfsShareSchema).safeParse(row);
	if (!parsed.success) return null;
	const model = withoutSecrets(parsed.data);
	const id = String(model.id);
	const key = `${kind}:${index}`;
	return kind === 'smb'
		? { kind, id, model: model as SmbShare, key }
		: { kind, id, model: model as NfsShare, key };
}

const path = (kind: ShareKind, id?: string) =>
	`/management/${kind}client${id === undefined ? '' : `/${encodeURIComponent(id)}`}`;

async function listOf(kind: ShareKind, options: Options) {
	const rows = await request(shareListSchema, path(kind), options);
	const items: ShareItem[] = [];
	let unreadable = 0;
	for (const row of rows) {
		const item = readShareModel(kind, row, items.length);
		if (item) items.push(item);
		else unreadable++;
	}
	return { items, unreadable };
}

/**
 * Every SMB and NFS share. One list failing (an agent without NFS answers 404) leaves the other
 * shown, with the failure said; both failing is the page's error.
 */
export async function readShares(options: Options = {}): Promise<ShareList> {
	const kinds = ['smb', 'nfs'] as const;
	const settled = await Promise.allSettled(kinds.map((kind) => listOf(kind, options)));
	const list: ShareList = { items: [], unreadable: 0, failed: [] };
	settled.forEach((result, i) => {
		const kind = kinds[i]!;
		if (result.status === 'fulfilled') {
			list.items.push(...result.value.items);
			list.unreadable += result.value.unreadable;
		} else if (result.reason instanceof AgentError)
			list.failed.push({ kind, error: result.reason });
		else throw result.reason;
	});
	if (list.failed.length === kinds.length) throw list.failed[0]!.error;
	return list;
}

/** One share read afresh (the agent has no call for one: the list, then its id), or null if gone. */
export async function readShare(
	kind: ShareKind,
	id: string,
	options: Options = {}
): Promise<ShareItem | null> {
	const { items } = await listOf(kind, options);
	return items.find((s) => s.id === id) ?? null;
}

/*
 * Calls that change the agent's configuration: each runs once, from a form or dialog the user
 * confirmed, never retried or preloaded. request() names the console in X-App-Origin. The
 * password goes in the body of these calls only, never in a URL, and no answer carries it back.
 */

/** Adds a share; the answer is the stored model (with whether it mounted), or null if it sent none. */
export async function createShare(
	kind: ShareKind,
	body: SmbBody | NfsBody,
	options: Options = {}
): Promise<ShareItem | null> {
	const answer = await request(emptySchema, path(kind), { ...options, method: 'POST', body });
	return readShareModel(kind, answer);
}

/**
 * Changes a share: its model with the edits; a password only when one was typed (the agent
 * keeps the stored one otherwise). The answer is the stored model, or null if it sent none.
 * Fields the read masked (a `passphrase`, say) go back as stored, never as `***`; the password
 * stays as the caller set it: typed, or absent.
 */
export async function changeShare(
	kind: ShareKind,
	id: string,
	body: Record<string, unknown>,
	options: Options = {}
): Promise<ShareItem | null> {
	const sent = await withStoredSecrets(
		body,
		async () => {
			const rows = await request(shareListSchema, path(kind), {
				...options,
				keepCredentials: true
			});
			return rows.find((row) => {
				const rowId = (row as { id?: unknown } | null)?.id;
				return (typeof rowId === 'string' || typeof rowId === 'number') && String(rowId) === id;
			});
		},
		{ ...options, keep: ['password'] }
	);
	const answer = await request(emptySchema, path(kind, id), {
		...options,
		method: 'PUT',
		body: sent
	});
	return readShareModel(kind, answer);
}

/** Unmounts a share, and the agent forgets it with its password. */
export function removeShare(kind: ShareKind, id: string, options: Options = {}) {
	return request(emptySchema, path(kind, id), { ...options, method: 'DELETE' });
}
