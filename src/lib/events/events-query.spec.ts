import { describe, expect, it } from 'vitest';
import { eventsHref, parseEventsQuery } from './events-query.ts';

describe('parseEventsQuery', () => {
	it('reads the view and the filters', () => {
		expect(
			parseEventsQuery(
				new URLSearchParams(
					'view=files&channel=statechange&kind=state&q=psd&sort=path&problems=1&open=42'
				)
			)
		).toEqual({
			view: 'files',
			channel: 'statechange',
			kind: 'state',
			q: 'psd',
			regex: false,
			problems: true,
			open: 42,
			fileSort: 'path'
		});
	});

	it('falls back to everything for values it does not know', () => {
		expect(
			parseEventsQuery(new URLSearchParams('view=x&channel=y&kind=gap&sort=z&problems=yes&open=-1'))
		).toEqual({
			view: 'timeline',
			channel: null,
			kind: null,
			q: '',
			regex: false,
			problems: false,
			open: null,
			fileSort: 'time'
		});
	});

	it('keeps the problems filter in the link', () => {
		const query = parseEventsQuery(new URLSearchParams('problems=1'));
		expect(eventsHref(query)).toBe('/events?problems=1');
	});
});
