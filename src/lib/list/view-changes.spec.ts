import { describe, expect, it } from 'vitest';
import { ViewChanges } from './view-changes';

type View = { state: string; q: string };

describe('view changes', () => {
	it('builds a change on the one still on its way, then on the URL again', async () => {
		let url: View = { state: 'all', q: '' };
		const views = new ViewChanges(() => url);
		const asked: View[] = [];
		const arrivals: (() => void)[] = [];
		const slow = (view: View) =>
			new Promise<void>((resolve) => {
				asked.push(view);
				arrivals.push(() => {
					url = view;
					resolve();
				});
			});
		const first = views.change({ state: 'errors' }, slow);
		const second = views.change({ q: 'report' }, slow);
		expect(asked).toEqual([
			{ state: 'errors', q: '' },
			{ state: 'errors', q: 'report' }
		]);
		for (const arrive of arrivals) arrive();
		await Promise.all([first, second]);
		url = { state: 'synced', q: '' };
		await views.change({ q: 'x' }, async (view) => void asked.push(view));
		expect(asked.at(-1)).toEqual({ state: 'synced', q: 'x' });
	});

	it('forgets a change whose navigation failed', async () => {
		const views = new ViewChanges<View>(() => ({ state: 'all', q: '' }));
		await expect(
			views.change({ state: 'errors' }, () => Promise.reject(new Error('no')))
		).rejects.toThrow('no');
		expect(views.base).toEqual({ state: 'all', q: '' });
	});
});
