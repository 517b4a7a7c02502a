import { CREDENTIAL_SAMPLES, NAMED_SECRET_SAMPLES } from '../src/lib/mask.ts';

/**
 * The credentials mode (`POST /__sim/plant`): a hostile agent that puts a credential into every text
 * it sends, so a test can prove none reaches a place a person or the browser's storage could see.
 * Each string gets one of `CREDENTIAL_SAMPLES` appended, in turn, and every row of a list and every
 * frame's `Data` get the fields of `NAMED_SECRET_SAMPLES` (a password field, a secret key...) beside
 * their own. Left alone: identifiers (keys
 * `id` or ending in `Id`/`ID`, which the console sends back to find a record), the enums sent as
 * words (so a failed transfer still fails and raises its problem, toast and notification), times
 * and durations (which it reads as such), and the answers that are a sign-in's credentials.
 */

/** Answers the console keeps unmasked because they are its credentials: planting would break sign-in. */
export const UNPLANTED_PATHS =
	/^\/authentication\/(login|mfa_respond|[a-z0-9-]+_login|[a-z0-9-]+_signup)$|^\/user\/generate_mfa_token$/;

const LEFT_ALONE_KEY = /^id$|Id$|ID$|^(Status|TransferMode|StorageType|SyncType|DriveType)$/;
const TIME_LIKE = /^\d{4}-\d{2}-\d{2}|^\d+:\d{2}:\d{2}(\.\d+)?$/;

export class Planter {
	#next = 0;

	/** A copy of `value` with a credential in every text, and named ones in every row. */
	plant(value: unknown, key = '', row = false): unknown {
		if (typeof value === 'string') {
			if (LEFT_ALONE_KEY.test(key) || TIME_LIKE.test(value)) return value;
			const sample = CREDENTIAL_SAMPLES[this.#next++ % CREDENTIAL_SAMPLES.length];
			return value ? `${value} ${sample}` : String(sample);
		}
		if (Array.isArray(value)) return value.map((item) => this.plant(item, key, true));
		if (value === null || typeof value !== 'object') return value;
		const planted = Object.entries(value).map(([k, v]) => [k, this.plant(v, k)] as const);
		return row || key === 'Data'
			? { ...NAMED_SECRET_SAMPLES, ...Object.fromEntries(planted) }
			: Object.fromEntries(planted);
	}
}
