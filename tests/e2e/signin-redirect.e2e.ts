import type { Page } from '@playwright/test';
import { control, expect, signInWithForm, signInWithToken, test } from './fixtures.ts';

/** Every time the tab's address becomes the sign-in page, by a load or by the history API. */
function countSignInNavigations(page: Page) {
	const seen: string[] = [];
	page.on('framenavigated', (frame) => {
		if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/login')
			seen.push(frame.url());
	});
	return seen;
}

/** Settled: the agent's status is known and what is typed into the form stays there. */
async function settledOnSignIn(page: Page) {
	await expect(page.getByTestId('agent-status').getByRole('status')).toHaveText(/^Running/);
	await page.getByLabel('Username').fill('typed after the redirect');
	await expect(page.getByLabel('Password', { exact: true })).toBeEditable();
	await expect(page.getByLabel('Username')).toHaveValue('typed after the redirect');
}

test.describe('a redirect to sign in happens once', () => {
	// One tab, signed out, then with a token, then signed in through the form. The page's clock is
	// fake from the start (it flows as a real one until a step moves it), for the last step.
	test('from a deep link, a refused token and an ended session', async ({ page, agent }) => {
		test.setTimeout(60_000);
		await page.clock.install();

		await test.step('a guarded deep link opened signed out', async () => {
			const seen = countSignInNavigations(page);
			await page.goto('/users?page=2#list');
			await expect(page).toHaveURL('/login?next=%2Fusers%3Fpage%3D2%23list');
			await settledOnSignIn(page);
			expect(seen).toEqual([`${page.url()}`]);
		});

		await test.step('a page whose token the agent no longer accepts', async () => {
			await signInWithToken(page, agent);
			await control(agent, 'revoke', {});
			const seen = countSignInNavigations(page);
			// Its reads, the user, the agent status and the live channels all hear 401 at once.
			await page.goto('/events?q=upload');
			await expect(page).toHaveURL('/login?next=%2Fevents%3Fq%3Dupload');
			await settledOnSignIn(page);
			expect(seen).toHaveLength(1);
		});

		await test.step('an expiring session keeps typed input on screen and says so; "Sign in again" redirects once', async () => {
			await page.goto('/login?next=/profile');
			await signInWithForm(page, 'admin@example.com');
			await page.getByLabel('First name').fill('Half-typed name');
			// The token lasts an hour: the page's clock skips past it.
			await page.clock.fastForward('01:00:05');
			const ended = page.getByTestId('session-ended-unsaved');
			await expect(ended).toContainText('Your session expired.');
			await expect(ended).toContainText('changes that are not saved');
			await expect(page).toHaveURL('/profile');
			await expect(page.getByLabel('First name')).toHaveValue('Half-typed name');
			const seen = countSignInNavigations(page);
			await page.getByRole('button', { name: 'Sign in again' }).click();
			await expect(page).toHaveURL('/login?next=%2Fprofile');
			await page.clock.runFor(1_000);
			await settledOnSignIn(page);
			expect(seen).toHaveLength(1);
		});
	});
});
