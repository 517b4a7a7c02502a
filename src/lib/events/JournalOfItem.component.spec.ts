import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { JournalEntry } from '$lib/live/journal';
import { journal } from '$lib/live/journal.svelte';
import JournalOfItem from './JournalOfItem.svelte';

const entry = (n: number, item: string | null, over: Partial<JournalEntry> = {}): JournalEntry => ({
	id: `e${n}`,
	at: 1_700_000_000_000 + n,
	source: 'console',
	who: 'ada',
	kind: 'user',
	method: 'POST',
	operation: '/user/edit_user',
	item,
	outcome: 'done',
	reason: null,
	code: null,
	...over
});

describe('an item’s part of the journal', () => {
	afterEach(() => (journal.entries = []));

	it('shows the changes to this item only, by any of its names, newest first', () => {
		journal.entries = [
			entry(1, 'u-1'),
			entry(2, 'someone-else'),
			entry(3, 'GRACE@example.com', { source: 'other', outcome: 'announced' }),
			entry(4, null)
		];
		render(JournalOfItem, { ids: ['u-1', null, 'grace@example.com'] });
		const rows = screen.getAllByTestId('journal-row');
		expect(rows.map((r) => r.dataset.source)).toEqual(['other', 'console']);
		expect(screen.getByRole('link', { name: 'Journal of changes' }).getAttribute('href')).toBe(
			'/activity?item=u-1'
		);
	});

	it('says when nothing about it is kept', () => {
		journal.entries = [entry(1, 'u-2')];
		render(JournalOfItem, { ids: ['u-1'] });
		expect(screen.queryAllByTestId('journal-row')).toHaveLength(0);
		expect(screen.getByText(/No change to this item/)).toBeTruthy();
	});
});
