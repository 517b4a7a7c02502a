import { describe, expect, it, vi } from 'vitest';
import { goto } from '$app/navigation';
import { goToSignIn } from './sign-in-redirect.ts';

vi.mock('$app/navigation', () => ({ goto: vi.fn() }));

describe('going to sign in', () => {
	it('goes once, however many parts of the page ask while it is under way', async () => {
		let arrive!: () => void;
		vi.mocked(goto).mockReturnValueOnce(new Promise<void>((resolve) => (arrive = resolve)));
		const asked = [goToSignIn('/users?page=2'), goToSignIn('/users?page=2')];
		expect(goto).toHaveBeenCalledTimes(1);
		expect(goto).toHaveBeenCalledWith('/login?next=%2Fusers%3Fpage%3D2', { replaceState: true });
		arrive();
		await Promise.all(asked);
		// Over (arrived, or overtaken by another navigation): a later end of a session goes again.
		vi.mocked(goto).mockResolvedValueOnce(undefined);
		await goToSignIn('/drives');
		expect(goto).toHaveBeenCalledTimes(2);
		expect(goto).toHaveBeenLastCalledWith('/login?next=%2Fdrives', { replaceState: true });
	});

	it('goes again when the page moved while the first was under way', async () => {
		vi.mocked(goto).mockClear();
		// The first never arrives: a navigation that was already under way overtook it.
		vi.mocked(goto).mockReturnValueOnce(new Promise<void>(() => undefined));
		void goToSignIn('/users?page=2');
		vi.mocked(goto).mockResolvedValueOnce(undefined);
		await goToSignIn('/users?page=3');
		expect(goto).toHaveBeenCalledTimes(2);
		expect(goto).toHaveBeenLastCalledWith('/login?next=%2Fusers%3Fpage%3D3', {
			replaceState: true
		});
	});
});
