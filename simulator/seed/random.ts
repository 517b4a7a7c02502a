/** mulberry32: tiny, fast, and the same sequence for the same seed everywhere. */
export function prng(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** A UUID drawn from the seeded generator, so ids are stable across restarts with the same seed. */
export function seededUuid(rand: () => number): string {
	const hex = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16));
	hex[12] = '4';
	hex[16] = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
	const h = hex.join('');
	return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
