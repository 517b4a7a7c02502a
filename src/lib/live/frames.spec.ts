import { describe, expect, it } from 'vitest';
import { PLANTED, TOO_DEEP } from '$lib/mask';
import { MAX_FRAME_CHARS, NOTIFICATION_READER, STATECHANGE_READER, readFrame } from './frames';
import { entryOf } from './timeline-entry';

describe('readFrame', () => {
	it('masks every credential in a frame before the frame is read', () => {
		const frame = {
			Type: 2,
			Data: { Message: 'Shared https://b.s3.amazonaws.com/k?X-Amz-Signature=PLANTEDx1&a=1' }
		};
		const read = readFrame(NOTIFICATION_READER, JSON.stringify(frame), 1);
		expect(read.ok).toBe(true);
		if (!read.ok) return;
		expect(read.text).not.toContain(PLANTED);
		expect(JSON.stringify(read.value)).not.toContain(PLANTED);
		expect(JSON.stringify(read.described.said)).not.toContain(PLANTED);
		expect(read.text).toContain('X-Amz-Signature=***&a=1');
	});

	it('keeps the text as it came when there is nothing to mask', () => {
		const text = '{ "Path": "/a/b.txt", "State": 4 }';
		const read = readFrame(STATECHANGE_READER, text, 1);
		expect(read.ok && read.text).toBe(text);
	});

	it('masks a frame that cannot be read, too', () => {
		const read = readFrame(NOTIFICATION_READER, '{"Type": "x?token=PLANTED2"', 1);
		expect(read.ok).toBe(false);
		expect(JSON.stringify(entryOf('notification', read))).not.toContain(PLANTED);
	});

	it('summarises a frame over the limit instead of keeping it', () => {
		const big = JSON.stringify({
			Type: 2,
			Data: { Message: `token=PLANTED3 ${'x'.repeat(MAX_FRAME_CHARS)}` }
		});
		const read = readFrame(NOTIFICATION_READER, big, 1);
		expect(read.ok).toBe(false);
		const entry = entryOf('notification', read);
		expect(entry.kind).toBe('malformed');
		expect(entry.said).toMatchObject({
			key: 'unread',
			problem: expect.stringMatching(/^too large to keep \(250 KB, the limit is 250 KB\)/)
		});
		expect(String(entry.payload).length).toBeLessThanOrEqual(500);
		expect(JSON.stringify(entry)).not.toContain(PLANTED);
	});

	it('bounds how deep a frame nests', () => {
		const deep = `{"Type":2,"Data":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
		const read = readFrame(NOTIFICATION_READER, deep, 1);
		expect(read.ok).toBe(true);
		if (read.ok) {
			expect(read.text).toContain(TOO_DEEP);
			expect(() => JSON.stringify(read.value, null, 2)).not.toThrow();
		}
	});
});
