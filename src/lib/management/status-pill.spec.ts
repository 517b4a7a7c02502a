import { describe, expect, it } from 'vitest';
import { TONE_DOT } from '$lib/ui/tone';
import { PILL_TONE } from './status-pill.ts';

describe("the header's status pill", () => {
	it("draws its dot in the colours every page's tone dots have", () => {
		for (const [tone, look] of Object.entries(PILL_TONE))
			expect(look.dot, tone).toBe(TONE_DOT[tone as keyof typeof PILL_TONE]);
	});
});
