import { encode } from 'uqr';

/**
 * A QR code as one SVG path of its dark modules, with a quiet zone of four modules all round (the
 * standard's minimum), so it scans on any background once drawn on white.
 */
export function qrPath(text: string): { size: number; path: string } {
	const { data, size } = encode(text, { ecc: 'M', border: 4 });
	let path = '';
	for (let y = 0; y < size; y++) {
		const row = data[y]!;
		for (let x = 0; x < size; x++) if (row[x]) path += `M${x} ${y}h1v1h-1z`;
	}
	return { size, path };
}
