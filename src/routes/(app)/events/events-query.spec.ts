import { describe, expect, it } from 'vitest';
import { parseEventsQuery } from './events-query.ts';

describe('parseEventsQuery', () => {
	it('reads the view and the filters', () => {
		expect(
			parseEventsQuery(
				new URLSearchParams('view=files&channel=statechange&kind=state&q=psd&sort=path')
			)
		).toEqual({ view: 'files', channel: 'statechange', kind: 'state', q: 'psd', fileSort: 'path' });
	});

	it('falls back to everything for values it does not know', () => {
		expect(parseEventsQuery(new URLSearchParams('view=x&channel=y&kind=gap&sort=z'))).toEqual({
			view: 'timeline',
			channel: null,
			kind: null,
			q: '',
			fileSort: 'time'
		});
	});
});
