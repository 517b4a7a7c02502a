import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPE } from '$lib/contract';
import { changedElsewhere } from './changed-elsewhere.ts';

const ID = '6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f';
const frame = (
	data: Record<string, unknown>,
	type: number = NOTIFICATION_TYPE.AppNotification
) => ({
	Type: type,
	Data: data
});

describe('changedElsewhere', () => {
	it('is a change to this item by another client', () => {
		const put = {
			Operation: `clouddrive/${ID}`,
			EndpointAddress: `/management/clouddrive/${ID}`,
			HttpMethod: 'PUT',
			Origin: 'agent-app'
		};
		expect(changedElsewhere(frame(put), 'drive', ID)).toBe(true);
		expect(changedElsewhere(frame({ ...put, Origin: null }), 'drive', ID.toUpperCase())).toBe(true);
		// Not this console's own change, another item, the other kind, a read, another frame type.
		expect(changedElsewhere(frame({ ...put, Origin: 'agent-console' }), 'drive', ID)).toBe(false);
		expect(changedElsewhere(frame(put), 'drive', 'other-id')).toBe(false);
		expect(changedElsewhere(frame(put), 'backup', ID)).toBe(false);
		expect(changedElsewhere(frame({ ...put, HttpMethod: 'GET' }), 'drive', ID)).toBe(false);
		expect(changedElsewhere(frame(put, 1), 'drive', ID)).toBe(false);
		expect(changedElsewhere(frame({ Operation: 42 }), 'drive', ID)).toBe(false);
	});
});
