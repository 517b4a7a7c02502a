import { describe, expect, it } from 'vitest';
import { MAX_RECENT, readRecent, withRecent, type RecentPlace } from './recent-places.ts';

const place = (n: number): RecentPlace => ({
	key: `drive:${n}`,
	kind: 'drive',
	label: `Drive ${n}`,
	href: `/drives/${n}`
});

describe('recent places', () => {
	it('puts the newest first, once, and keeps at most MAX_RECENT', () => {
		let list: RecentPlace[] = [];
		for (let n = 0; n < MAX_RECENT + 3; n++) list = withRecent(list, place(n));
		list = withRecent(list, place(5));
		expect(list).toHaveLength(MAX_RECENT);
		expect(list[0]!.key).toBe('drive:5');
		expect(list.filter((p) => p.key === 'drive:5')).toHaveLength(1);
	});

	it('reads back what it kept, and drops what is odd instead of failing', () => {
		expect(readRecent(JSON.stringify([place(1)]))).toEqual([place(1)]);
		expect(readRecent('not json')).toBeNull();
		expect(readRecent('{"a":1}')).toBeNull();
		const odd = [
			{ ...place(1), href: 'https://evil.test/' },
			{ ...place(2), href: '//evil.test/' },
			{ ...place(3), kind: 'action' },
			{ ...place(4), label: 4 },
			null,
			'text',
			place(5)
		];
		expect(readRecent(JSON.stringify(odd))).toEqual([place(5)]);
		const many = Array.from({ length: 50 }, (_, n) => place(n));
		expect(readRecent(JSON.stringify(many))).toHaveLength(MAX_RECENT);
	});
});
