import { fireEvent, render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentHttpError } from '$lib/api/errors';
import type { ListResult } from '$lib/list/list-query';
import ListBodyHarness from '$lib/test/ListBodyHarness.svelte';

type Result = ListResult<{ page: number; pageSize: number }, string>;

function answer(change: Partial<Result> & { page?: number } = {}): Result {
	const { page = 1, ...rest } = change;
	return {
		query: { page, pageSize: 25 },
		rows: ['alpha', 'beta'],
		total: 2,
		pageSize: 25,
		extraRows: 0,
		oddTotal: null,
		...rest
	};
}

const testId = (id: string) => screen.queryByTestId(id);

afterEach(() => {
	vi.useRealTimers();
});

describe('ListBody', () => {
	it('draws the rows, then the range and the pager', () => {
		render(ListBodyHarness, { value: answer() });
		expect(screen.getByRole('list', { name: 'Things' }).textContent).toContain('alpha');
		expect(testId('things-range')?.textContent).toContain('Showing 1 to 2 of 2');
		expect(screen.getByText('A notice of the page')).toBeTruthy();
		expect(testId('things-empty')).toBeNull();
		expect(testId('things-odd-answer')).toBeNull();
		expect(screen.queryByRole('alert')).toBeNull();
	});

	it('shows a spinner only when the first answer is slow, and no footer', async () => {
		vi.useFakeTimers();
		render(ListBodyHarness, { value: undefined, pending: true });
		expect(screen.queryByText('Loading things')).toBeNull();
		vi.advanceTimersByTime(300);
		await tick();
		expect(screen.getByRole('status').textContent).toContain('Loading things');
		expect(testId('things-range')).toBeNull();
	});

	it('says why the read failed, with Retry, and no spinner; the last answer stays', async () => {
		const retry = vi.fn();
		const error = new AgentHttpError(500, null);
		const { rerender } = render(ListBodyHarness, { value: undefined, error, retry });
		expect(screen.getByRole('alert').textContent).toContain('500');
		await fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
		expect(retry).toHaveBeenCalledOnce();
		expect(screen.queryByText('Loading things')).toBeNull();

		await rerender({ value: answer({ page: 2, total: 60, rows: [] }), error, retry });
		expect(testId('things-range')?.textContent).toContain('Page 2 could not be loaded');
	});

	it('says what is odd about an answer', () => {
		render(ListBodyHarness, { value: answer({ extraRows: 3, oddTotal: -3 }) });
		const odd = testId('things-odd-answer')!;
		expect(odd.getAttribute('role')).toBe('status');
		expect(odd.textContent).toContain('Sent 5 for 25, shown 2.');
		expect(odd.textContent).toContain('Odd total -3.');
	});

	it('says a total beyond the pager only where the list has words for it', async () => {
		const huge = answer({ total: 9e15 });
		const { rerender } = render(ListBodyHarness, { value: huge });
		expect(testId('things-odd-answer')).toBeNull();
		await rerender({ value: huge, beyondReach: true });
		expect(testId('things-odd-answer')?.textContent).toContain(
			'Beyond reach: 9,000,000,000,000,000, 1,000,000.'
		);
	});

	it('an empty page past the end links to the last page', () => {
		render(ListBodyHarness, { value: answer({ page: 9, total: 30, rows: [] }) });
		const empty = testId('things-empty')!;
		expect(empty.textContent).toContain('Page 9 is past the end');
		expect(screen.getByRole('link', { name: 'Go to the last page' }).getAttribute('href')).toBe(
			'/things?page=2'
		);
		expect(screen.queryByText('No things yet.')).toBeNull();
		expect(testId('things-range')).not.toBeNull();
	});

	it('an empty list says so in its own words, without a footer', () => {
		render(ListBodyHarness, { value: answer({ total: 0, rows: [] }) });
		expect(testId('things-empty')?.textContent).toContain('No things yet.');
		expect(testId('things-range')).toBeNull();
	});

	it('no rows on a page within the total is not past the end', () => {
		render(ListBodyHarness, { value: answer({ total: 5, rows: [] }) });
		expect(testId('things-empty')?.textContent).toContain('No things yet.');
	});
});
