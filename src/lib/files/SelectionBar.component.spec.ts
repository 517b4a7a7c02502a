import { render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import type { FileObject } from '$lib/api/files';
import type { DriveRules, Target } from './file-words';
import SelectionBar from './SelectionBar.svelte';

const rules: DriveRules = {
	name: 'Team Drive',
	bucket: null,
	active: true,
	mirror: false,
	readOnly: false,
	allowDelete: true
};

function target(name: string, more: Partial<FileObject> = {}): Target {
	return {
		entry: {
			name,
			path: `G:\\Projects\\${name}`,
			folder: false,
			size: 100,
			modified: null,
			state: 0,
			offline: false,
			cachedSize: 100,
			raw: {},
			...more
		},
		group: 'insync'
	};
}

function draw(selection: Target[], more: { rules?: DriveRules; busy?: boolean } = {}) {
	const onask = vi.fn();
	const onclear = vi.fn();
	render(SelectionBar, {
		selection,
		count: selection.length,
		rules: more.rules ?? rules,
		busy: more.busy ?? false,
		onask,
		onclear
	});
	return { onask, onclear };
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });

describe('the selection bar', () => {
	it('counts the items an action can take when that is not all of them', () => {
		// One is on this computer already (nothing to fetch), one is kept here (not to free).
		draw([
			target('here.mov'),
			target('away.mov', { cachedSize: 0 }),
			target('kept.mov', { offline: true })
		]);
		expect(screen.getByText('3 selected')).toBeTruthy();
		expect(button('Fetch now (1)')).toBeTruthy();
		expect(button('Keep on this computer (2)')).toBeTruthy();
		expect(button('Stop keeping (1)')).toBeTruthy();
		expect(button('Free up space (1)')).toBeTruthy();
		expect(button('Delete')).toBeTruthy();
	});

	it('turns off what no item can take, and says why from the first item', async () => {
		const { onask, onclear } = draw([target('a.mov'), target('b.mov')], {
			rules: { ...rules, readOnly: true }
		});
		const fetch = button('Fetch now') as HTMLButtonElement;
		const unkeep = button('Stop keeping') as HTMLButtonElement;
		expect(fetch.disabled).toBe(true);
		expect(unkeep.disabled).toBe(true);
		expect((button('Delete') as HTMLButtonElement).disabled).toBe(true);
		expect(
			[...screen.getByTestId('bulk-why').querySelectorAll('li')].map((li) => li.textContent)
		).toEqual([
			'Fetch now: already on this computer.',
			'Stop keeping: not kept on this computer.',
			'Delete: team Drive is read-only: nothing can be deleted in it.'
		]);
		button('Keep on this computer').click();
		expect(onask).toHaveBeenCalledWith('keep');
		fetch.click();
		expect(onask).toHaveBeenCalledTimes(1);
		button('Clear').click();
		expect(onclear).toHaveBeenCalledOnce();
	});

	it('offers nothing while an action runs, and says no reason for what it could take', () => {
		draw([target('a.mov', { cachedSize: 0, offline: null })], { busy: true });
		for (const name of ['Fetch now', 'Keep on this computer', 'Stop keeping', 'Delete'])
			expect((button(name) as HTMLButtonElement).disabled, name).toBe(true);
		expect(screen.getByTestId('bulk-why').textContent).toBe(
			'Free up space: not on this computer: there is nothing to free.'
		);
	});
});
