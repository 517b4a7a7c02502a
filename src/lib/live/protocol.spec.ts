import { describe, expect, it } from 'vitest';
import { checkFromHub, checkToHub } from './protocol';

const transfer = {
	id: 't1',
	mode: 'Upload',
	name: 'a.bin',
	path: '/a.bin',
	storage: 'S',
	bytes: 5,
	size: null,
	speed: null,
	status: 'InProgress',
	outcome: 'active',
	error: null,
	startedAt: 1,
	updatedAt: 2,
	finishedAt: null
};
const batch = {
	type: 'batch',
	id: 3,
	reads: [
		{
			entry: {
				at: 1,
				channel: 'notification',
				kind: 'progress',
				said: {
					key: 'progress',
					mode: 1,
					name: 'a.bin',
					path: null,
					storage: null,
					status: 'InProgress',
					error: null,
					pct: 40
				},
				payload: undefined,
				json: '{}',
				severity: 'error'
			},
			frame: { Type: 1, Data: {} }
		},
		{
			entry: {
				at: 2,
				channel: 'notification',
				kind: 'malformed',
				said: { key: 'unread', problem: 'not JSON', start: '[' },
				payload: '['
			}
		},
		{
			entry: {
				at: 3,
				channel: 'statechange',
				kind: 'gap',
				said: { key: 'text', text: '' },
				payload: null,
				gap: { from: 1, to: null, reason: 'lost' }
			}
		}
	],
	sentAt: 3,
	lagMs: 0,
	transfers: [transfer],
	fileStates: [{ path: '/a', storage: '', state: 4, at: 2 }]
};

describe('the messages between the hub and the pages', () => {
	it('lets every message of the protocol through, as it is', () => {
		for (const message of [
			{ type: 'subscribe', id: 1, url: 'ws://localhost:9/notification', kinds: null },
			{ type: 'subscribe', id: 1, url: 'ws://localhost:9/statechange', kinds: ['state'] },
			{ type: 'want', id: 1, kinds: [] },
			{ type: 'retry', id: 1 },
			{ type: 'unsubscribe', id: 1 },
			{ type: 'keep', agent: 'http://localhost:9', owner: 'o', cap: 1000 },
			{ type: 'release', owner: 'o' },
			{ type: 'cap', owner: 'o', cap: 50_000 },
			{ type: 'clear', id: 2, owner: 'o' }
		])
			expect(checkToHub(message)).toBe(message);
		for (const message of [
			batch,
			{ ...batch, transfers: undefined, fileStates: undefined },
			{ type: 'status', id: 1, status: { kind: 'connecting', attempt: 1 }, sentAt: 1 },
			{ type: 'status', id: 1, status: { kind: 'live', since: 1 }, sentAt: 1 },
			{
				type: 'status',
				id: 1,
				status: { kind: 'reconnecting', attempt: 2, retryAt: 9, closedByAgent: true, since: 1 },
				sentAt: 1
			},
			{ type: 'done', id: 2 },
			{ type: 'many', messages: [batch, { ...batch, id: 4 }] },
			{ type: 'many', messages: [] }
		])
			expect(checkFromHub(message)).toBe(message);
	});

	it('turns away anything else, without throwing', () => {
		for (const message of [
			undefined,
			null,
			'subscribe',
			[],
			{},
			{ type: 'toString', id: 1 },
			{ type: 'subscribe', id: 1, url: 'ws://x/notification' },
			{ type: 'subscribe', id: 1.5, url: 'ws://x/notification', kinds: null },
			{ type: 'subscribe', id: 1, url: 'ws://x/notification', kinds: ['everything'] },
			{ type: 'keep', agent: 'a', owner: 'o', cap: '1000' },
			{ type: 'clear', owner: 'o' },
			// From the other side: the hub's messages do not go to the hub.
			{ type: 'done', id: 2 }
		])
			expect(checkToHub(message)).toBeNull();
		for (const message of [
			{ type: 'subscribe', id: 1, url: 'ws://x/notification', kinds: null },
			{ ...batch, reads: 'many' },
			{ ...batch, reads: [...batch.reads, { ok: true, at: 1, text: '{}' }] },
			{ ...batch, reads: [{ entry: { ...batch.reads[1]!.entry, at: Number.NaN } }] },
			{ ...batch, reads: [{ entry: { ...batch.reads[0]!.entry, kind: 'nope' } }] },
			{ ...batch, reads: [{ entry: { ...batch.reads[0]!.entry, channel: 'other' } }] },
			{ ...batch, reads: [{ entry: { ...batch.reads[0]!.entry, said: { key: 'toString' } } }] },
			{ ...batch, reads: [{ entry: { ...batch.reads[0]!.entry, said: { key: 'text' } } }] },
			{
				...batch,
				reads: [{ entry: { ...batch.reads[0]!.entry, said: { key: 'state', path: '/a' } } }]
			},
			{ ...batch, reads: [{ entry: { ...batch.reads[2]!.entry, gap: { from: 1 } } }] },
			{ ...batch, transfers: [{ ...transfer, outcome: 'lost' }] },
			{ ...batch, transfers: [{ ...transfer, finishedAt: undefined }] },
			{ ...batch, fileStates: [{ path: '/a', state: 4, at: 2 }] },
			{ ...batch, lagMs: null },
			{ type: 'status', id: 1, status: { kind: 'reconnecting', attempt: 2 }, sentAt: 1 },
			{ type: 'status', id: 1, status: { kind: 'gone' }, sentAt: 1 },
			// One bad message spoils the whole round; rounds are not nested.
			{ type: 'many', messages: [batch, { ...batch, lagMs: null }] },
			{ type: 'many', messages: [{ type: 'many', messages: [batch] }] },
			{ type: 'many', messages: batch }
		])
			expect(checkFromHub(message)).toBeNull();
	});
});
