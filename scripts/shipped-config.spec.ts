import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

describe('static/config.json, as every build ships it', () => {
	it('names no identity provider and nothing of the development agent', async () => {
		const text = await readFile('static/config.json', 'utf8');
		const config = JSON.parse(text) as Record<string, unknown>;
		expect(config.identityProvider ?? null).toBeNull();
		expect(text).not.toMatch(/__sim|agent-console-dev/);
	});
});
