import type { ActionWords } from '$lib/actions/action.svelte';
import type { TransferRequest } from '$lib/api/transfers';
import { DRIVE_CONFIG } from '$lib/contract';
import { accountWords, type KnownAccount } from '$lib/drives/accounts';
import type { FieldErrors } from '$lib/api/errors';

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
export const SKIP_EXISTING_WORDS = {
	on: 'Files already at the destination are left as they are and counted as skipped: nothing there is replaced.',
	off: 'Files already at the destination are copied again and replace what is there.'
} as const;

/** What "keep the folder tree" means, each way. */
export const KEEP_TREE_WORDS = {
	on: 'Files keep the folders they are in below the source path.',
	off: 'Every file goes straight into the destination path, without its folders: files with the same name in different folders end up as one.'
} as const;

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
	for (const [side, words] of [
		['source', 'copy from'],
		['destination', 'copy to']
	] as const) {
		if (!form[`${side}CloudAccountId`].trim())
			add(`${side}CloudAccountId`, `Choose the account to ${words}, or enter its id.`);
		const bucket = form[`${side}Bucket`].trim();
		if (!bucket) add(`${side}Bucket`, 'Enter the bucket.');
		else if (!DRIVE_CONFIG.bucketShape.test(bucket))
			add(
				`${side}Bucket`,
				'A bucket is 3 to 63 lower-case letters, digits, dots and dashes, starting and ending with a letter or digit.'
			);
		const path = form[`${side}Path`].trim();
		if (!path)
			add(
				`${side}Path`,
				side === 'source'
					? 'Enter the folder or file to copy, or / for the whole bucket.'
					: 'Enter the folder to copy into, or / for the top of the bucket.'
			);
		else if (!PATH_SHAPE.test(path))
			add(`${side}Path`, 'Use folder names joined by /, without .. or backslashes.');
	}
	if (
		!errors.destinationPath &&
		!errors.sourcePath &&
		form.sourceCloudAccountId.trim() === form.destinationCloudAccountId.trim() &&
		form.sourceBucket.trim() === form.destinationBucket.trim() &&
		folderOf(form.destinationPath).startsWith(folderOf(form.sourcePath))
	)
		add('destinationPath', 'The destination is inside the source: the copy would copy itself.');
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

/** A place in the cloud in words: "team/Footage/ in the bucket studio-projects of Studio AWS (Amazon S3)". */
function placeWords(
	accounts: readonly KnownAccount[],
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
	const what = folder ? folder : 'the whole bucket';
	return `${what} in the bucket ${bucket.trim()} of ${account}`;
}

/** What was asked for, said once the agent has queued it. */
export function queuedWords(form: StartForm, accounts: readonly KnownAccount[]): string {
	return `The agent queued the copy of ${placeWords(accounts, form.sourceCloudAccountId, form.sourceCloudType, form.sourceBucket, form.sourcePath)} to ${placeWords(accounts, form.destinationCloudAccountId, form.destinationCloudType, form.destinationBucket, form.destinationPath)}. It shows here as Created until it starts; then its progress follows.`;
}

/** What starting the copy will do, said before it is asked for. */
export function startWords(form: StartForm, accounts: readonly KnownAccount[]): ActionWords {
	const example = landing(form);
	const to = folderOf(form.destinationPath) || 'the top of the bucket';
	return {
		label: 'Start the copy',
		title: 'Start this copy?',
		consequences: [
			`The agent copies ${placeWords(accounts, form.sourceCloudAccountId, form.sourceCloudType, form.sourceBucket, form.sourcePath)} to ${placeWords(accounts, form.destinationCloudAccountId, form.destinationCloudType, form.destinationBucket, form.destinationPath)}.`,
			form.allowSkip ? SKIP_EXISTING_WORDS.on : SKIP_EXISTING_WORDS.off,
			form.keepSourceTree
				? `${KEEP_TREE_WORDS.on} ${example.from} goes to ${example.kept}.`
				: `Every file goes straight into ${to}: ${example.from} goes to ${example.flat}; files with the same name in different folders end up as one.`,
			'The copy runs on the agent, also with this page closed. While it runs it can be canceled in Transfers now; what was copied by then stays.'
		],
		confirm: 'Start the copy',
		danger: false,
		done: 'Started.'
	};
}
