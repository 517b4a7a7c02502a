import { createHmac, randomBytes } from 'node:crypto';
import { CLOUD_TYPE } from '../../src/lib/contract.ts';
import type { SimDrive } from './drives.ts';

/**
 * Presigned URLs (`generate_presigned_urls`) as each cloud writes them: S3's query signature
 * (Amazon, Wasabi, S3-compatible), Azure's shared access signature, Google's V4 signature. Each is
 * valid for 24 hours from the agent's clock and signed with a key of this process, so a link
 * looks and behaves like a real one (a credential: the console masks every form of it).
 */

export const LINK_LIFETIME_S = 24 * 3600;

/** The signing key of this run of the development agent; never sent. */
const KEY = randomBytes(32);
/** An access key id of the AWS shape (masked by the console as one). */
const ACCESS_KEY_ID = 'AKIASIMAGENT7EXAMPLE';

const sign = (text: string) => createHmac('sha256', KEY).update(text).digest('hex');

/** `20261125T140207Z`, as S3 and Google date a signature. */
const stamp = (at: Date) =>
	at
		.toISOString()
		.replace(/[-:]/g, '')
		.replace(/\.\d{3}/, '');

/** The object's key in the bucket: the drive's prefix, then the path with slashes, each part encoded. */
function objectKey(d: SimDrive, relative: string): string {
	return `${d.prefix}${relative.replace(/\\/g, '/')}`
		.split('/')
		.filter(Boolean)
		.map(encodeURIComponent)
		.join('/');
}

/** A URL that lets whoever holds it read (`r`) or write (`w`) one object until it expires. */
export function presignedUrl(d: SimDrive, relative: string, at: Date, access: 'r' | 'w'): string {
	const key = objectKey(d, relative);
	const method = access === 'r' ? 'GET' : 'PUT';
	const expires = new Date(at.getTime() + LINK_LIFETIME_S * 1000);
	const cloud = d.account.cloudType;
	if (cloud & CLOUD_TYPE.Azure) {
		const params = new URLSearchParams({
			sv: '2024-11-04',
			st: at.toISOString().replace(/\.\d{3}/, ''),
			se: expires.toISOString().replace(/\.\d{3}/, ''),
			sr: 'b',
			sp: access
		});
		params.set('sig', Buffer.from(sign(`${method}\n${key}\n${params}`), 'hex').toString('base64'));
		return `https://${d.storageName.replace(/[^a-z0-9]/g, '')}.blob.core.windows.net/${d.storageName}/${key}?${params}`;
	}
	if (cloud & (CLOUD_TYPE.Google | CLOUD_TYPE.GoogleDrive)) {
		const params = new URLSearchParams({
			'X-Goog-Algorithm': 'GOOG4-HMAC-SHA256',
			'X-Goog-Credential': `agent@studio.iam.gserviceaccount.com/${stamp(at).slice(0, 8)}/auto/storage/goog4_request`,
			'X-Goog-Date': stamp(at),
			'X-Goog-Expires': String(LINK_LIFETIME_S),
			'X-Goog-SignedHeaders': 'host'
		});
		params.set('X-Goog-Signature', sign(`${method}\n${key}\n${params}`));
		return `https://storage.googleapis.com/${d.storageName}/${key}?${params}`;
	}
	const host =
		cloud & CLOUD_TYPE.Wasabi
			? `s3.eu-central-1.wasabisys.com/${d.storageName}`
			: `${d.storageName}.s3.eu-west-1.amazonaws.com`;
	const params = new URLSearchParams({
		'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
		'X-Amz-Credential': `${ACCESS_KEY_ID}/${stamp(at).slice(0, 8)}/eu-west-1/s3/aws4_request`,
		'X-Amz-Date': stamp(at),
		'X-Amz-Expires': String(LINK_LIFETIME_S),
		'X-Amz-SignedHeaders': 'host'
	});
	params.set('X-Amz-Signature', sign(`${method}\n${key}\n${params}`));
	return `https://${host}/${key}?${params}`;
}
