/**
 * The agent's contract as this project reads it (docs/agent-api.md): every enum the agent defines,
 * its limits, shapes and policies, as plain constants and pure functions. The console and the
 * development agent (simulator/) both import it, so the two cannot drift apart.
 *
 * It is one contract kept in three files by who loads them, and this is the one place that says
 * so. `api/schemas/shell-contract.ts` holds what pages outside the signed-in area need (the header's
 * agent status, sign-in and sign-up): those pages import it directly, because this module stays out
 * of the chunk every page loads first (vite.config.ts stops the build if it does not); it is
 * re-exported here. `api/schemas/share-contract.ts` holds the network shares' limits and shapes,
 * which only the shares pages load. Every enum is here or re-exported here; a new one goes here
 * unless a page outside the signed-in area needs it.
 */

import { USER_TYPE } from './api/schemas/shell-contract.ts';

export {
	AGENT_STATUS,
	APP_ORIGIN_HEADER,
	CHALLENGE,
	CONSOLE_ORIGIN,
	DESKTOP_USER_TYPE_VALUES,
	EMAIL_SHAPE,
	LIMITS,
	PASSWORD_RULES,
	RESEND_COOLDOWN_S,
	USER_TYPE,
	passwordProblems
} from './api/schemas/shell-contract.ts';

/** `POST /management/command/{cmd}`: Start needs `?token=`, the others need nothing. */
export const AGENT_COMMAND = { Start: 0, Dispose: 1, Pause: 2, Resume: 4, Exit: 8 } as const;

/** The `Type` of a `/notification` frame. */
export const NOTIFICATION_TYPE = {
	Progress: 1,
	UserNotification: 2,
	AppNotification: 4,
	AppUpdateProgress: 8
} as const;

/** The account's billing period (`subscriptionType`). */
export const SUBSCRIPTION_TYPE = { Monthly: 1, Yearly: 2 } as const;

/** The flags that make a user an administrator of the account's users. */
export const ADMIN_USER_TYPES =
	USER_TYPE.ProviderAdmin |
	USER_TYPE.ResellerAdmin |
	USER_TYPE.AccountAdmin |
	USER_TYPE.DesktopAdmin;

/** Whether a user type may administer users (the agent decides; this only hides what it refuses). */
export function isAdministrator(userType: number | null | undefined): boolean {
	return typeof userType === 'number' && (userType & ADMIN_USER_TYPES) !== 0;
}

export const USER_STATUS = { Active: 1, Inactive: 2, Pending: 4 } as const;

export const AUTH_PROVIDER = {
	Default: 0,
	Google: 1,
	EntraId: 2,
	Okta: 4,
	Saml: 8,
	External: 16
} as const;

/** A drive: a drive letter or mount, or a synced folder. */
export const DRIVE_TYPE = { VirtualDrive: 1, LocalPath: 2 } as const;

/** Stream keeps files in the cloud and fetches them on demand; Mirror keeps everything locally. */
export const SYNC_TYPE = { Stream: 1, Mirror: 2 } as const;

export const PERMISSION_TYPE = { Read: 1, ReadWrite: 2 } as const;

/** Flags: the cloud service behind a drive, a backup or a history entry (the agent's own spellings). */
export const CLOUD_TYPE = {
	AWS: 1,
	Wasabi: 2,
	Azure: 4,
	S3Generic: 8,
	Google: 16,
	Frame: 32,
	Cloudflare: 64,
	Dropbox: 128,
	Box: 256,
	OneDrive: 512,
	GoogleDrive: 1024,
	LocalHttp: 2048,
	FastrServer: 4096,
	Atomosphere: 8192
} as const;

/** Flags of a transfer's status; 0 filters nothing. Canceling comes before Canceled. */
export const TRANSFER_STATUS = {
	Created: 1,
	Running: 2,
	Completed: 4,
	Canceled: 8,
	Error: 16,
	Canceling: 32,
	Pausing: 64,
	Paused: 128
} as const;

/** Flags: what started a transfer in the history; 0 filters nothing. */
export const TRANSFER_ORIGIN = {
	Direct: 1,
	Drive: 2,
	Sync: 4,
	FastrLocal: 8,
	FastrServerToServer: 16
} as const;

/** Flags: the kinds of current transfer (`transfer/get_all`'s `type`; all 15 by default). */
export const TRANSFER_TYPE = {
	Transfer: 1,
	Sync: 2,
	SyncInitTransfer: 4,
	ManualTransfer: 8
} as const;

/** A history entry's direction; 0 filters nothing. */
export const TRANSFER_DIRECTION = { Upload: 1, Download: 2 } as const;

/** Every flag of a flag set at once (`userStatus` 7 asks for every status). */
export function allFlags(flags: Record<string, number>): number {
	return Object.values(flags).reduce((all, bit) => all | bit, 0);
}

/** The agent's name for an enum value, as its reports write it ("Mirror"); undefined if unknown. */
export function enumName(values: Record<string, number>, value: number): string | undefined {
	return Object.keys(values).find((name) => values[name] === value);
}

/** The flag numbering of file states (statechange frames, report filters). */
export const FILE_STATE = {
	Normal: 0,
	Temporary: 1,
	Downloading: 2,
	Uploading: 4,
	Deleting: 8,
	Ignore: 16,
	RenameDeleting: 32,
	Deleted: 64,
	Reading: 128,
	Error: 256
} as const;

/**
 * `object_status`' own numbering of an item's state: sequential, not the flags of `/statechange`
 * (agent-api-operations.md). Only that call answers in it.
 */
export const OBJECT_STATUS = {
	Normal: 0,
	Uploading: 1,
	Downloading: 2,
	Reading: 3,
	Deleting: 4,
	Deleted: 5,
	Ignore: 6,
	Encrypting: 7,
	Decrypting: 8,
	RenameDeleting: 9,
	Error: 10
} as const;

/** The two WebSocket channels, at `ws://<agent>/<name>`. */
export const CHANNELS = ['notification', 'statechange'] as const;
export type ChannelName = (typeof CHANNELS)[number];

/**
 * Configuring drives and backups (`agent-api-configuration.md`). Where the contract leaves a value
 * open, this is the development agent's choice, and the console labels and converts by it.
 */
export const DRIVE_CONFIG = {
	/** Display name of a drive or backup, in characters. */
	nameMax: 100,
	/** Bucket names as the clouds take them: 3 to 63 lower-case letters, digits, dots and dashes. */
	bucketShape: /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
	/**
	 * A prefix inside the bucket: empty, or segments of letters, digits and `-_.` joined by `/`, no
	 * leading slash, no `..`, at most 200 characters, an optional trailing `/`.
	 */
	prefixShape: /^(?:(?!\.\.?(?:\/|$))[A-Za-z0-9_.-]+\/)*(?:(?!\.\.?$)[A-Za-z0-9_.-]+\/?)?$/,
	prefixMax: 200,
	/** Backups: seconds between two runs. */
	syncIntervalMin: 60,
	syncIntervalMax: 7 * 24 * 3600,
	/** `maximumCacheSize` is in bytes (open in the contract); 0 means no cap. */
	cacheSizeUnit: 'bytes',
	cacheSizeMin: 1024 ** 3,
	/** Drive letters a virtual drive may take. */
	letters: 'CDEFGHIJKLMNOPQRSTUVWXYZ',
	/** `permanentLocalPath` that asks the agent to choose the cache folder. */
	agentChoosesCache: '$$$',
	/** What the agent puts in `transferOptions` on create, whatever was sent. */
	standardTransfer: {
		chunkSize: 5 * 1024 ** 2,
		retryCount: 5,
		concurrentChunks: 5,
		concurrentFiles: 5
	}
} as const;

/**
 * Why a mount failed, as the development agent names it in its UserNotification frames (`Reason`)
 * and in a refusal's code. Another agent may say it in words only: the console reads both.
 */
export const MOUNT_FAILURE = {
	Unreachable: 'UNREACHABLE',
	NotFound: 'NOT_FOUND',
	Version: 'VERSION',
	Credentials: 'AUTH',
	InUse: 'IN_USE'
} as const;
