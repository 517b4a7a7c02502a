import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { groupSecret, otpauthUri } from './otpauth.ts';
import { qrPath } from './qr.ts';

/** Draws the path's squares into RGBA pixels, white around, as a screen would. */
function rasterize(size: number, path: string, scale = 4) {
	const width = size * scale;
	const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
	for (const m of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
		const x0 = Number(m[1]) * scale;
		const y0 = Number(m[2]) * scale;
		for (let y = y0; y < y0 + scale; y++)
			for (let x = x0; x < x0 + scale; x++) {
				const i = (y * width + x) * 4;
				pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
			}
	}
	return { pixels, width };
}

describe('QR code of the otpauth URI', () => {
	it('decodes back to the same URI, with a quiet zone of four modules', () => {
		const uri = otpauthUri('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'admin@example.com');
		const { size, path } = qrPath(uri);
		const { pixels, width } = rasterize(size, path);
		expect(jsQR(pixels, width, width)?.data).toBe(uri);
		// Nothing dark in the first four rows and columns.
		expect(
			[...path.matchAll(/M(\d+) (\d+)/g)].every((m) => Number(m[1]) >= 4 && Number(m[2]) >= 4)
		).toBe(true);
	});

	it('names the issuer and account, and groups the secret for reading', () => {
		expect(otpauthUri('ABC', 'a b@example.com')).toBe(
			'otpauth://totp/Agent%20console%3Aa%20b%40example.com?secret=ABC&issuer=Agent+console&algorithm=SHA1&digits=6&period=30'
		);
		expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
	});
});
