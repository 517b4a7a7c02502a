import type { ActionWords } from '$lib/actions/action.svelte';
import type { TransferRequest } from '$lib/api/transfers';
import { DRIVE_CONFIG } from '$lib/contract';
import { accountWords, type KnownAccount } from '$lib/drives/accounts';
import type { FieldErrors } from '$lib/api/errors';
import { words } from '$lib/i18n/words';
import { m } from '$lib/paraglide/messages';

/**
 * The form that starts a copy from one cloud account's bucket to another's (`transfer/transfer`):
 * its fields (named as the request's, so the agent's refusals land beside them), the checks
 * before sending, the body, and what the copy will do, said before it is asked for.
 */

export type StartForm = {
	sourceCloudAccountId: string;
	sourceCloudType: number | null;
	sourceBucket: string;
	sourcePath: string;
	destinationCloudAccountId: string;
	destinationCloudType: number | null;
	destinationBucket: string;
	destinationPath: string;
	allowSkip: boolean;
	keepSourceTree: boolean;
};

/** The request's fields this form shows. */
export const START_FIELDS = [
	'sourceCloudAccountId',
	'sourceBucket',
	'sourcePath',
	'destinationCloudAccountId',
	'destinationBucket',
	'destinationPath',
	'allowSkip',
	'keepSourceTree'
] as const;

/** Nothing overwritten and the folders kept, unless the user says otherwise. */
export function newStartForm(): StartForm {
	return {
		sourceCloudAccountId: '',
		sourceCloudType: null,
		sourceBucket: '',
		sourcePath: '',
		destinationCloudAccountId: '',
		destinationCloudType: null,
		destinationBucket: '',
		destinationPath: '',
		allowSkip: true,
		keepSourceTree: true
	};
}

/** What "skip existing" means, each way. */
export const SKIP_EXISTING_WORDS = words({
	on: m.transfers_skip_on,
	off: m.transfers_skip_off
});

/** What "keep the folder tree" means, each way. */
export const KEEP_TREE_WORDS = words({
	on: m.transfers_keep_on,
	off: m.transfers_keep_off
});

/** A path in a bucket as typed: no leading slash, a folder with its `/`; "" is the whole bucket. */
export function folderOf(path: string): string {
	const trimmed = path.trim().replace(/^\/+/, '');
	return trimmed === '' || trimmed.endsWith('/') ? trimmed : `${trimmed}/`;
}

/** Where a file below the source lands, each way: an example made of the typed paths. */
export function landing(form: Pick<StartForm, 'sourcePath' | 'destinationPath'>) {
	const from = `${folderOf(form.sourcePath)}Day 1/clip.mov`;
	const to = folderOf(form.destinationPath);
	return { from, kept: `${to}Day 1/clip.mov`, flat: `${to}clip.mov` };
}

/** Folder names joined by `/`: no `..` or `.` segment, no backslash, no control character. */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses.
const PATH_SHAPE = /^(?!(?:.*\/)?\.\.?(?:\/|$))[^\\\u0000-\u001f]*$/;

export function checkStart(form: StartForm): FieldErrors {
	const errors: FieldErrors = {};
	const add = (field: string, message: string) => (errors[field] ??= []).push(message);
	for (const side of ['source', 'destination'] as const) {
		if (!form[`${side}CloudAccountId`].trim())
			add(
				`${side}CloudAccountId`,
				side === 'source'
					? m.transfers_check_account_source()
					: m.transfers_check_account_destination()
			);
		const bucket = form[`${side}Bucket`].trim();
		if (!bucket) add(`${side}Bucket`, m.transfers_check_bucket());
		else if (!DRIVE_CONFIG.bucketShape.test(bucket))
			add(`${side}Bucket`, m.transfers_check_bucket_shape());
		const path = form[`${side}Path`].trim();
		if (!path)
			add(
				`${side}Path`,
				side === 'source' ? m.transfers_check_path_source() : m.transfers_check_path_destination()
			);
		else if (!PATH_SHAPE.test(path)) add(`${side}Path`, m.transfers_check_path_shape());
	}
	if (
		!errors.destinationPath &&
		!errors.sourcePath &&
		form.sourceCloudAccountId.trim() === form.destinationCloudAccountId.trim() &&
		form.sourceBucket.trim() === form.destinationBucket.trim() &&
		folderOf(form.destinationPath).startsWith(folderOf(form.sourcePath))
	)
		add('destinationPath', m.transfers_check_inside());
	return errors;
}

/** The request, as the agent takes it ("/" is the top of the bucket). */
export function startBody(form: StartForm): TransferRequest {
	return {
		sourceCloudAccountId: form.sourceCloudAccountId.trim(),
		sourceBucket: form.sourceBucket.trim(),
		sourcePath: form.sourcePath.trim(),
		destinationCloudAccountId: form.destinationCloudAccountId.trim(),
		destinationBucket: form.destinationBucket.trim(),
		destinationPath: form.destinationPath.trim(),
		allowSkip: form.allowSkip,
		keepSourceTree: form.keepSourceTree
	};
}

/**
 * A place in the cloud in words: "team/Footage/ in the bucket studio-projects of Studio AWS
 * (Amazon S3)". Said as the source or as the destination: some languages say the two apart.
 */
function placeWords(
	accounts: readonly KnownAccount[],
	side: 'source' | 'destination',
	id: string,
	cloudType: number | null,
	bucket: string,
	path: string
): string {
	const known = accounts.find((a) => a.id === id.trim());
	const account = known
		? accountWords(known)
		: accountWords({ id: id.trim(), name: null, cloudType });
	const folder = folderOf(path);
	const inputs = { folder, bucket: bucket.trim(), account };
	if (side === 'source')
		return folder ? m.transfers_place_from(inputs) : m.transfers_place_from_whole(inputs);
	return folder ? m.transfers_place_to(inputs) : m.transfers_place_to_whole(inputs);
}

/** Both places of the copy, in words. */
function placesOf(form: StartForm, accounts: readonly KnownAccount[]) {
	return {
		source: placeWords(
			accounts,
			'source',
			form.sourceCloudAccountId,
			form.sourceCloudType,
			form.sourceBucket,
			form.sourcePath
		),
		destination: placeWords(
			accounts,
			'destination',
			form.destinationCloudAccountId,
			form.destinationCloudType,
			form.destinationBucket,
			form.destinationPath
		)
	};
}

/** What was asked for, said once the agent has queued it. */
export function queuedWords(form: StartForm, accounts: readonly KnownAccount[]): string {
	return m.transfers_queued(placesOf(form, accounts));
}

/** What starting the copy will do, said before it is asked for. */
export function startWords(form: StartForm, accounts: readonly KnownAccount[]): ActionWords {
	const example = landing(form);
	const folder = folderOf(form.destinationPath);
	return {
		label: m.transfers_start_copy(),
		title: m.transfers_start_title(),
		consequences: [
			m.transfers_start_copies(placesOf(form, accounts)),
			form.allowSkip ? SKIP_EXISTING_WORDS.on : SKIP_EXISTING_WORDS.off,
			form.keepSourceTree
				? m.transfers_start_keep({ keep: KEEP_TREE_WORDS.on, from: example.from, to: example.kept })
				: folder
					? m.transfers_start_flat({ folder, from: example.from, to: example.flat })
					: m.transfers_start_flat_top({ from: example.from, to: example.flat }),
			m.transfers_start_runs()
		],
		confirm: m.transfers_start_copy(),
		danger: false,
		done: m.transfers_started()
	};
}
