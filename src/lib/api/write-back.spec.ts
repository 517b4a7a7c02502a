import { describe, expect, it, vi } from 'vitest';
import { MASK } from '$lib/mask';
import { holdsMask, restoreMasked, withStoredSecrets } from './write-back.ts';

describe('writing back a masked model', () => {
	const stored = {
		id: 'd-1',
		name: 'Team Drive',
		encryptionPassphrase: 'correct horse',
		account: { id: 'acc-1', secretKey: 'wJalrXUtnFEMI' },
		keys: ['k-one', 'k-two']
	};
	const read = {
		id: 'd-1',
		name: 'Team Drive',
		encryptionPassphrase: MASK,
		account: { id: 'acc-1', secretKey: MASK },
		keys: [MASK, MASK]
	};

	it('puts the stored values back where the read masked them, deep and by index', () => {
		expect(restoreMasked(read, stored)).toEqual(stored);
	});

	it('keeps what the user changed as changed', () => {
		const changed = { ...read, name: 'Renamed', encryptionPassphrase: 'a new one' };
		expect(restoreMasked(changed, stored)).toEqual({
			...stored,
			name: 'Renamed',
			encryptionPassphrase: 'a new one'
		});
	});

	it('leaves out a masked value the stored model has nothing for', () => {
		const body = { ...read, apiKey: MASK, account: { ...read.account, token: MASK } };
		expect(restoreMasked(body, stored)).toEqual(stored);
		expect(restoreMasked({ keys: [MASK, 'plain', MASK] }, { keys: ['k-one'] })).toEqual({
			keys: ['k-one', 'plain']
		});
	});

	it('keeps `__proto__` a key like any other', () => {
		const body = JSON.parse('{"__proto__":{"secret":"***"}}') as unknown;
		const out = restoreMasked(body, JSON.parse('{"__proto__":{"secret":"s"}}')) as object;
		expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
		expect(JSON.stringify(out)).toBe('{"__proto__":{"secret":"s"}}');
	});

	it('reads the stored model only when something is masked', async () => {
		const readStored = vi.fn(async () => stored);
		const plain = { id: 'd-1', name: 'Team Drive' };
		expect(await withStoredSecrets(plain, readStored)).toBe(plain);
		expect(readStored).not.toHaveBeenCalled();
		expect(await withStoredSecrets(read, readStored)).toEqual(stored);
		expect(readStored).toHaveBeenCalledOnce();
		expect(holdsMask({ a: [{ b: MASK }] })).toBe(true);
	});

	it('leaves the masked fields out when the stored model cannot be read', async () => {
		const out = await withStoredSecrets(read, () => Promise.reject(new Error('unreachable')));
		expect(out).toEqual({ id: 'd-1', name: 'Team Drive', account: { id: 'acc-1' }, keys: [] });
		expect(JSON.stringify(out)).not.toContain(MASK);
	});

	it('rethrows when the change itself was given up', async () => {
		const controller = new AbortController();
		controller.abort();
		const aborted = new DOMException('aborted', 'AbortError');
		await expect(
			withStoredSecrets(read, () => Promise.reject(aborted), { signal: controller.signal })
		).rejects.toBe(aborted);
	});

	it('keeps the fields it is told to keep as the caller set them', async () => {
		const body = { name: 'Media', passphrase: MASK, password: 'typed' };
		const out = await withStoredSecrets(
			body,
			async () => ({ name: 'Media', passphrase: 'p', password: 'old' }),
			{ keep: ['password'] }
		);
		expect(out).toEqual({ name: 'Media', passphrase: 'p', password: 'typed' });
	});
});
