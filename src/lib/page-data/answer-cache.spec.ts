import { describe, expect, it } from 'vitest';
import { AnswerCache, MAX_ANSWERS } from './answer-cache.ts';

const A = 'http://agent.test user:a';

describe('kept answers', () => {
	it('keeps the answers used last, up to its bound', () => {
		const cache = new AnswerCache();
		cache.get(A, 'first');
		for (let i = 0; i < MAX_ANSWERS; i++) cache.put(A, `read ${i}`, i, i);
		// Used again, the first read is kept; the second one, now the oldest, goes.
		expect(cache.get(A, 'read 0')).toEqual({ value: 0 });
		cache.put(A, 'one more', MAX_ANSWERS, 'more');
		expect(cache.size).toBe(MAX_ANSWERS);
		expect(cache.get(A, 'read 1')).toBeUndefined();
		expect(cache.get(A, 'read 0')).toEqual({ value: 0 });
		expect(cache.get(A, 'one more')).toEqual({ value: 'more' });
	});

	it('never replaces the answer of a later read with an earlier one', () => {
		const cache = new AnswerCache();
		cache.get(A, 'users');
		cache.put(A, 'users', 2, 'newer');
		cache.put(A, 'users', 1, 'older');
		expect(cache.get(A, 'users')).toEqual({ value: 'newer' });
		cache.put(A, 'users', 3, 'newest');
		expect(cache.get(A, 'users')).toEqual({ value: 'newest' });
	});

	it('is for one owner at a time, and nobody when signed out', () => {
		const cache = new AnswerCache();
		cache.get(A, 'users');
		cache.put(A, 'users', 1, 'of a');
		// A read that started for someone else is not kept for the owner looking now.
		cache.put('http://agent.test user:b', 'users', 2, 'of b');
		expect(cache.get(A, 'users')).toEqual({ value: 'of a' });
		expect(cache.get('http://agent.test user:b', 'users')).toBeUndefined();
		expect(cache.size).toBe(0);
		expect(cache.get(A, 'users')).toBeUndefined();
		cache.put(null, 'users', 3, 'of nobody');
		expect(cache.get(null, 'users')).toBeUndefined();
		cache.put(A, 'users', 4, 'of a');
		cache.clear();
		expect(cache.get(A, 'users')).toBeUndefined();
	});
});
