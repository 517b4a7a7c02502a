/** The authenticator app's side of TOTP enrolment; the QR code itself is in qr.ts (loaded on demand). */

/** The otpauth:// URI an authenticator app reads: issuer, account label, and the secret. */
export function otpauthUri(secret: string, account: string, issuer = 'Agent console'): string {
	const label = encodeURIComponent(`${issuer}:${account}`);
	const params = new URLSearchParams({
		secret,
		issuer,
		algorithm: 'SHA1',
		digits: '6',
		period: '30'
	});
	return `otpauth://totp/${label}?${params.toString()}`;
}

/** "ABCD EFGH IJKL": the secret in groups of four for reading aloud or typing. */
export function groupSecret(secret: string): string {
	return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
