import { accountNameSchema, historyAccountsSchema } from '$lib/api/schemas/drive-config';
import type { Drive } from '$lib/api/schemas/drives';
import { CLOUD_TYPE_NAMES, flagNames } from '$lib/names/enums';
import { m } from '$lib/paraglide/messages';
import { formatList } from '$lib/format/lists';

/**
 * The cloud accounts the agent uses, in words: no endpoint lists them, so they are read off its
 * drives, backups and history rows. The drive and backup form and the transfer form use them; a
 * module apart from drive-config.ts, so the transfers' pages do not carry the drive form's rules.
 */

/** An account id as the form holds it: a string, or a number as text; anything else is none. */
export const accountKey = (id: unknown) =>
	typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))
		? String(id).trim()
		: '';

/** A drive's or backup's name in words: its id when it has none. */
export const itemName = (d: Drive) => d.name?.trim() || d.id;

export type KnownAccount = {
	id: string;
	name: string | null;
	cloudType: number | null;
	/** Where the console saw it: "drive Team Drive", "history". */
	seenOn: string[];
};

/**
 * The cloud accounts the agent already uses, from its drives, backups and history rows (no
 * endpoint lists them), one per id, with the first name and cloud type seen for it, by name.
 */
export function knownAccounts(
	drives: readonly Drive[],
	backups: readonly Drive[],
	historyRows: readonly unknown[] = []
): KnownAccount[] {
	const byId = new Map<string, KnownAccount>();
	const see = (
		id: unknown,
		name: string | null | undefined,
		cloudType: number | null | undefined,
		where: string
	) => {
		const key = accountKey(id);
		if (!key) return;
		const known = byId.get(key) ?? { id: key, name: null, cloudType: null, seenOn: [] };
		known.name ??= name?.trim() || null;
		known.cloudType ??= typeof cloudType === 'number' ? cloudType : null;
		if (!known.seenOn.includes(where)) known.seenOn.push(where);
		byId.set(key, known);
	};
	for (const [kind, list] of [
		['drive', drives],
		['backup', backups]
	] as const)
		for (const item of list) {
			const name = accountNameSchema.safeParse(item.account ?? {});
			see(
				item.account?.id,
				name.success ? name.data.name : null,
				item.account?.cloudType,
				`${kind} "${itemName(item)}"`
			);
		}
	for (const row of historyRows) {
		const parsed = historyAccountsSchema.safeParse(row);
		if (!parsed.success) continue;
		const h = parsed.data;
		see(h.sourceCloudAccountId, h.sourceCloudAccountName, h.sourceCloudProvider, 'history');
		see(
			h.destinationCloudAccountId,
			h.destinationCloudAccountName,
			h.destinationCloudProvider,
			'history'
		);
	}
	return [...byId.values()].sort((a, b) =>
		(a.name ?? a.id).localeCompare(b.name ?? b.id, undefined, { sensitivity: 'base' })
	);
}

/** "Studio S3 (Amazon S3)", or the id where no name was seen. */
export function accountWords(a: Pick<KnownAccount, 'id' | 'name' | 'cloudType'>): string {
	const provider =
		a.cloudType === null ? null : formatList(flagNames(CLOUD_TYPE_NAMES, a.cloudType));
	const label = a.name ?? a.id;
	return provider ? m.drives_account_with_provider({ label, provider }) : label;
}
