import type { Page, Request } from '@playwright/test';
import { E2E_ORIGIN } from '../../playwright.config.ts';
import { currentTotp, DEMO_TOTP_SECRET } from '../../simulator/index.ts';
import {
	closedPort,
	control,
	expect,
	outbox,
	signInWithForm,
	signInWithToken,
	test,
	tokenKey,
	visit
} from './fixtures.ts';

/** Signs out through the user menu, as a person would; the tab is on the sign-in page after. */
async function signOut(page: Page) {
	await page.locator('[aria-controls="user-menu"]').click();
	await page.locator('#user-menu').getByRole('button', { name: 'Sign out' }).click();
	await expect(page).toHaveURL(/\/login/);
}

test.describe('sign in', () => {
	// One signed-out tab for the whole form: each step signs out again when it signed in.
	test('the sign-in form, through refusals, sign-ins and sign-outs', async ({ page, agent }) => {
		test.setTimeout(180_000);
		const status = page.getByTestId('agent-status').getByRole('status');

		await test.step('signs in with the keyboard and lands on the bookmarked page', async () => {
			await page.goto('/?from=bookmark#session-heading');
			await expect(page).toHaveURL(/\/login\?next=/);
			await expect(page.getByLabel('Username')).toBeFocused();
			await page.keyboard.type('admin@example.com');
			await page.keyboard.press('Tab');
			await page.keyboard.type('Passw0rd!');
			await page.keyboard.press('Enter');
			await expect(page).toHaveURL('/?from=bookmark#session-heading');
			await expect(page.getByTestId('overview-session')).toContainText(
				'Signed in as admin@example.com'
			);
		});

		await test.step('the agent status is read again right after sign-in and sign-out', async () => {
			await signOut(page);
			// Well before the next 10-second poll.
			await expect(status).toHaveText('Running, nobody signed in', { timeout: 3000 });
			await signInWithForm(page, 'admin@example.com');
			await expect(page.getByTestId('overview-session')).toContainText('Signed in');
			await expect(status).toHaveText('Running', { timeout: 3000 });
			await page.getByRole('button', { name: 'admin@example.com' }).click();
			await page.locator('#user-menu').getByRole('button', { name: 'Sign out' }).click();
			await expect(status).toHaveText('Running, nobody signed in', { timeout: 3000 });
		});

		await test.step('remembers the user type per browser', async () => {
			await signInWithForm(page, 'creative@example.com', 'Desktop creative');
			await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
			await page.getByRole('button', { name: 'creative@example.com' }).click();
			await page.locator('#user-menu').getByRole('button', { name: 'Sign out' }).click();
			await expect(page.getByText('You signed out.')).toBeVisible();
			await expect(page.getByLabel('Sign in as')).toHaveValue('32');
			// The type is this browser's; who signed in is not kept after a sign-out.
			await expect(page.getByLabel('Username')).toHaveValue('');
		});

		await test.step('wrong password and wrong user type are explained in words', async () => {
			await signInWithForm(page, 'admin@example.com', 'Desktop admin', 'wrong');
			const alert = page.getByRole('alert');
			await expect(alert).toHaveText(
				'The username, password or user type is wrong. Check all three and try again.'
			);
			await signInWithForm(page, 'admin@example.com', 'Desktop standard');
			await expect(alert).toContainText('The username, password or user type is wrong');
			await expect(page).toHaveURL(/\/login/);
		});

		await test.step('after a refusal from the button, focus is in the password; a remembered username starts there', async () => {
			await page.getByLabel('Sign in as').selectOption({ label: 'Desktop admin' });
			await page.getByLabel('Username').fill('admin@example.com');
			await page.getByLabel('Password', { exact: true }).fill('wrong');
			await page.getByRole('button', { name: 'Sign in' }).click();
			await expect(page.getByRole('alert')).toContainText('is wrong');
			await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
			await page.reload();
			await expect(page.getByLabel('Username')).toHaveValue('admin@example.com');
			await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
		});

		await test.step('password field: show and hide, caps lock warning', async () => {
			const password = page.getByLabel('Password', { exact: true });
			await password.fill('secret');
			await expect(password).toHaveAttribute('type', 'password');
			await page.getByRole('button', { name: 'Show password' }).click();
			await expect(password).toHaveAttribute('type', 'text');
			await page.getByRole('button', { name: 'Hide password' }).click();
			await expect(password).toHaveAttribute('type', 'password');
			await password.focus();
			await page.keyboard.press('CapsLock');
			await page.keyboard.press('A');
			await expect(page.getByText('Caps Lock is on.')).toBeVisible();
			await page.keyboard.press('CapsLock');
			await page.keyboard.press('a');
			await expect(page.getByText('Caps Lock is on.')).toBeHidden();
		});

		await test.step('forgot password carries over the username typed on sign-in', async () => {
			await page.getByLabel('Username').fill('creative@example.com');
			await page.getByRole('link', { name: 'Forgot password?' }).click();
			await expect(page.getByLabel(/Username/)).toHaveValue('creative@example.com');
		});

		await test.step('forgot password answers known and unknown users with the same words', async () => {
			const texts: string[] = [];
			for (const username of ['admin@example.com', 'nobody@example.com']) {
				// A form of its own each time, as a new visit to the page has.
				await visit(page, '/login');
				await visit(page, '/forgot-password');
				await page.getByLabel('Username').fill(username);
				await page.getByLabel('Username').press('Enter');
				const reply = page.getByRole('status').filter({ hasText: 'If an account exists' });
				await expect(reply).toContainText('If an account exists for that username');
				texts.push((await reply.textContent()) ?? '');
			}
			expect(texts[0]).toBe(texts[1]);
			expect((await outbox(agent, 'admin@example.com')).map((m) => m.kind)).toEqual([
				'password-reset'
			]);
		});

		await test.step('a pending account is told to activate, with a way to enter the code', async () => {
			await visit(page, '/login');
			await signInWithForm(page, 'pending@example.com', 'Desktop standard');
			await expect(page.getByRole('alert')).toContainText('This account is not activated yet.');
			await page.getByRole('button', { name: 'Enter the activation code' }).click();
			await expect(page.getByTestId('code-destination')).toContainText('p•••@example.com');
			const [mail] = await outbox(agent, 'pending@example.com');
			await page.getByLabel('Activation code').fill(mail?.code ?? '');
			await expect(page.getByText('Your account is activated.')).toBeVisible();
		});

		await test.step('sends one request however often Enter is pressed', async () => {
			await visit(page, '/login');
			await control(agent, 'faults', { path: '/authentication/login', delayMs: 800 });
			const logins: string[] = [];
			const count = (r: Request) => {
				if (r.url().includes('/authentication/login') && r.method() === 'POST')
					logins.push(r.url());
			};
			page.on('request', count);
			await page.getByLabel('Username').fill('admin@example.com');
			await page.getByLabel('Sign in as').selectOption({ label: 'Desktop admin' });
			await page.getByLabel('Password', { exact: true }).fill('Passw0rd!');
			const password = page.getByLabel('Password', { exact: true });
			await password.press('Enter');
			await password.press('Enter');
			// A click on the busy button too, at once: the page may have moved on already.
			await page.evaluate(() =>
				document.querySelector<HTMLButtonElement>('form button[type="submit"]')?.click()
			);
			await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
			expect(logins).toHaveLength(1);
			page.off('request', count);
			await control(agent, 'faults', undefined, 'DELETE');
		});

		await test.step('next pointing at another origin, or leaving it after normalisation, is ignored', async () => {
			await signOut(page);
			// Links from elsewhere: full loads. Every trick is in routes.spec.ts (safeNext).
			await page.goto('/login?next=https://evil.example/steal');
			await signInWithForm(page, 'admin@example.com');
			await expect(page).toHaveURL('/');
			for (const next of ['//evil.example/x', '/..//evil.test']) {
				await page.goto(`/login?next=${encodeURIComponent(next)}`);
				await expect(page).toHaveURL('/');
			}
		});

		await test.step('an unreachable agent at sign-in is explained once, above the form', async () => {
			await signOut(page);
			await control(agent, 'faults', {
				path: '/management/agent_status',
				body: 'reset',
				count: 20
			});
			// More than a fresh tab needs: the browser retries a call on a kept-alive connection
			// that drops, and this tab has several to the agent by now.
			await control(agent, 'faults', { path: '/authentication/login', body: 'reset', count: 20 });
			await signInWithForm(page, 'admin@example.com');
			await expect(
				page.getByText('Not signed in: the agent could not be reached (see above).')
			).toBeVisible();
			await expect(page.getByText(/is unreachable, or this page's origin/)).toHaveCount(1);
			await expect(page.getByTestId('agent-problem')).toBeVisible();
		});

		await test.step('an unreachable agent is reported before anyone types a password', async () => {
			await page.reload();
			await expect(page.getByTestId('agent-problem')).toContainText(
				`this page's origin (${E2E_ORIGIN})`
			);
			await expect(
				page.getByTestId('agent-problem').getByRole('link', { name: 'Change agent address' })
			).toBeVisible();
		});
	});
});

test.describe('TOTP', () => {
	// One tab: each step signs in as a user with a second factor, and out again.
	test('the second step of sign-in, by app code and by text message', async ({ page, agent }) => {
		test.setTimeout(90_000);
		const code = page.getByLabel('Verification code');

		await test.step('SMS: the code the agent sent signs in, a wrong one is refused in words', async () => {
			await page.goto('/login');
			await signInWithForm(page, 'sms@example.com');
			await expect(page).toHaveURL('/login/mfa');
			await expect(page.getByTestId('mfa-how')).toContainText('We sent a code by text message');
			const sms = (await outbox(agent, 'sms@example.com')).filter((m) => m.kind === 'sms').at(-1);
			const sent = sms?.code ?? '';
			expect(sent).toMatch(/^\d{6}$/);
			const wrong = sent === '000000' ? '111111' : '000000';
			await page.getByLabel('Code from the text message').fill(wrong);
			await expect(
				page.getByText('The code is not correct. Use the code from the newest text message.')
			).toBeVisible();
			await expect(page).toHaveURL('/login/mfa');
			await page.getByLabel('Code from the text message').fill(sent);
			await expect(page).toHaveURL('/');
			await expect(page.getByTestId('overview-session')).toContainText(
				'Signed in as sms@example.com'
			);
			await signOut(page);
		});

		await test.step('submits on the sixth digit, exactly once, and returns to the bookmarked page', async () => {
			const responds: string[] = [];
			const count = (r: Request) => {
				if (r.url().includes('mfa_respond')) responds.push(r.url());
			};
			page.on('request', count);
			await page.goto('/?deep=1');
			await signInWithForm(page, 'mfa@example.com');
			await expect(page).toHaveURL('/login/mfa');
			await expect(code).toBeFocused();
			await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
			await expect(code).toHaveAttribute('inputmode', 'numeric');
			await page.keyboard.type(currentTotp(DEMO_TOTP_SECRET));
			await expect(page).toHaveURL('/?deep=1');
			expect(responds).toHaveLength(1);
			page.off('request', count);
			await signOut(page);
		});

		await test.step('a pasted code works, a wrong code keeps the step with the agent message', async () => {
			await signInWithForm(page, 'mfa@example.com');
			await code.fill('000000');
			await expect(
				page.getByText('The code is not correct. Use the newest code from your authenticator app.')
			).toBeVisible();
			await expect(page).toHaveURL('/login/mfa');
			// Focus is back in the field, emptied, for the next code.
			await expect(code).toBeFocused();
			await expect(code).toHaveValue('');
			await page.evaluate(
				(value) => {
					const input = document.activeElement as HTMLInputElement;
					const data = new DataTransfer();
					data.setData('text/plain', value);
					input.value = value;
					input.dispatchEvent(
						new InputEvent('input', {
							bubbles: true,
							inputType: 'insertFromPaste',
							dataTransfer: data
						})
					);
				},
				` ${currentTotp(DEMO_TOTP_SECRET).slice(0, 3)} ${currentTotp(DEMO_TOTP_SECRET).slice(3)} `
			);
			await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
			await signOut(page);
		});

		await test.step('Enter submits, and a refresh keeps the step', async () => {
			await signInWithForm(page, 'mfa@example.com');
			await expect(page).toHaveURL('/login/mfa');
			await page.reload();
			await expect(
				page.getByRole('heading', { name: 'Enter your verification code' })
			).toBeVisible();
			await expect(page.getByText('mfa@example.com')).toBeVisible();
			await code.fill('12345');
			await code.press('Enter');
			await expect(page.getByText('Enter all 6 digits.')).toBeVisible();
			await code.fill(currentTotp(DEMO_TOTP_SECRET));
			await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
			await signOut(page);
		});

		await test.step('an expired MFA session says why and starts again in one click', async () => {
			await signInWithForm(page, 'mfa@example.com');
			await expect(page).toHaveURL('/login/mfa');
			agent.state.mfaSessions.clear();
			await code.fill(currentTotp(DEMO_TOTP_SECRET));
			await expect(page.getByText('The sign-in session has expired. Sign in again.')).toBeVisible();
			await page.getByRole('button', { name: 'Start again' }).click();
			await expect(page).toHaveURL(/\/login/);
			await expect(page.getByLabel('Username')).toHaveValue('mfa@example.com');
		});
	});
});

test.describe('sign up', () => {
	// One signed-out tab; each form is opened afresh through the console's router.
	test('sign-up and activation, from the limits to a new account signed in', async ({
		page,
		agent
	}) => {
		test.setTimeout(120_000);
		/** The sign-up form as a new visit shows it (the router mounts it again). */
		const freshSignup = async () => {
			await visit(page, '/login');
			await visit(page, '/signup');
		};

		await test.step('shows limits before submitting and the agent messages after', async () => {
			await page.goto('/signup');
			await expect(page.getByLabel('Name')).toBeFocused();
			await expect(page.getByText('0 / 50').first()).toBeVisible();
			await expect(page.getByRole('list', { name: 'Password rules' })).toContainText(
				'At least 8 characters'
			);
			await page.getByRole('button', { name: 'Create account' }).click();
			await expect(page.getByText('Enter your name.')).toBeVisible();
			await expect(page.getByText('Enter your e-mail address.')).toBeVisible();
			await page.getByLabel('Name').pressSequentially('N'.repeat(51));
			await expect(page.getByLabel('Name')).toHaveValue('N'.repeat(50));
			await expect(page.getByText('50 / 50')).toBeVisible();
			await page.getByLabel('E-mail address').fill('not-an-address');
			await page.getByLabel('Password', { exact: true }).fill('short');
			await page.getByRole('button', { name: 'Create account' }).click();
			await expect(page.getByText('Enter a valid e-mail address.')).toBeVisible();
			await page.getByLabel('Name').fill('New Person');
			await page.getByLabel('E-mail address').fill('new.person@example.com');
			await page.getByRole('button', { name: 'Create account' }).click();
			await expect(
				page.getByText(/The password needs at least 8 characters, an upper-case letter/)
			).toBeVisible();
		});

		await test.step('a duplicate e-mail offers sign-in and reset', async () => {
			await freshSignup();
			await page.getByLabel('Name').fill('Alex');
			await page.getByLabel('E-mail address').fill('admin@example.com');
			await page.getByLabel('Password', { exact: true }).fill('Str0ngpass');
			await page.getByLabel('Password', { exact: true }).press('Enter');
			await expect(page.getByRole('alert')).toContainText(
				'An account with this e-mail address already exists.'
			);
			await expect(
				page.getByRole('alert').getByRole('link', { name: 'reset the password' })
			).toBeVisible();
		});

		await test.step('an expired code asks for a new one', async () => {
			await visit(page, '/login');
			await page.getByRole('link', { name: 'I already have a code' }).click();
			await page.getByLabel('E-mail address').fill('pending@example.com');
			await page.getByRole('button', { name: 'Continue' }).click();
			await expect(page.getByTestId('code-destination')).toContainText('p•••@example.com');
			const activation = agent.state.activations.get('pending@example.com');
			if (activation) activation.expiresAt = Date.now() - 1;
			await page.getByLabel('Activation code').fill(activation?.code ?? 'AAAA');
			await expect(
				page.getByText('This code has expired. Send a new code and enter that one.')
			).toBeVisible();
			await expect(page.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
		});

		await test.step('confirms with a wrong then the right code, survives a refresh, then signs in', async () => {
			const email = 'fresh.person@example.com';
			await freshSignup();
			await page.getByLabel('Name').fill('Fresh Person');
			await page.getByLabel('E-mail address').fill(email);
			await page.getByLabel('Password', { exact: true }).fill('Str0ngpass');
			await page.getByRole('button', { name: 'Create account' }).click();
			await expect(page.getByTestId('code-destination')).toHaveText(
				'We sent the 4-character code to f•••@example.com.'
			);
			await expect(
				page.getByRole('button', { name: /Send a new code \(in \d+ s\)/ })
			).toBeDisabled();
			await page.reload();
			await expect(page.getByTestId('code-destination')).toContainText('f•••@example.com');
			const code = page.getByLabel('Activation code');
			await code.fill('zzzz');
			await expect(page.getByText('That code is not right.')).toBeVisible();
			await expect(code).toBeFocused();
			const [mail] = await outbox(agent, email);
			// Typed straight away: focus never left the field.
			await page.keyboard.type((mail?.code ?? '').toLowerCase());
			await expect(page.getByText('Your account is activated. Sign in with it now.')).toBeVisible();
			await expect(page.getByLabel('Username')).toHaveValue(email);
			await signInWithForm(page, email, 'Desktop admin', 'Str0ngpass');
			await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
			await signOut(page);
		});

		// Last: the page's clock is fake from here on, and the agent's cooldown is changed.
		await test.step('resend waits out the cooldown, then sends a new code that works', async () => {
			const email = 'cooldown@example.com';
			await page.clock.install();
			await freshSignup();
			await page.getByLabel('Name').fill('Cool Down');
			await page.getByLabel('E-mail address').fill(email);
			await page.getByLabel('Password', { exact: true }).fill('Str0ngpass');
			await page.getByRole('button', { name: 'Create account' }).click();
			const resend = page.getByRole('button', { name: /Send a new code/ });
			await expect(resend).toHaveText('Send a new code (in 30 s)');
			await expect(resend).toBeDisabled();
			await page.clock.runFor(10_000);
			await expect(resend).toHaveText('Send a new code (in 20 s)');
			agent.options.resendCooldown = 0;
			await page.clock.runFor(21_000);
			await expect(resend).toHaveText('Send a new code');
			await resend.click();
			await expect(page.getByText('A new code is on its way to c•••@example.com.')).toBeVisible();
			const mails = await outbox(agent, email);
			expect(mails).toHaveLength(2);
			await page.getByLabel('Activation code').fill(mails[1]?.code ?? '');
			await expect(page.getByText('Your account is activated.')).toBeVisible();
		});
	});
});

/** Whether a script the page fetched holds the provider's part (its own words). */
const isProviderPart = (body: string) => body.includes('Paste an ID token instead');

test.describe('identity provider', () => {
	// One tab: each step signs in through the provider (or refuses to), and out again.
	test('sign-in and sign-up through the identity provider, and without it', async ({
		page,
		agent
	}) => {
		test.setTimeout(150_000);

		await test.step('a pasted ID token that expired or is for another application is refused before it is sent', async () => {
			const sent: string[] = [];
			const count = (r: Request) => {
				if (r.url().includes('_login')) sent.push(r.url());
			};
			page.on('request', count);
			await page.goto('/login');
			await page.getByText('Paste an ID token instead').click();
			for (const [claims, words] of [
				[{ expiresInSeconds: -120 }, 'The ID token has expired.'],
				[{ audience: 'another-app' }, 'issued for another application']
			] as const) {
				const { idToken } = (await control(agent, 'id-token', {
					email: 'google.user@example.com',
					...claims
				})) as { idToken: string };
				await page.getByLabel('ID token from Google').fill(idToken);
				await page.getByRole('button', { name: 'Continue with this token' }).click();
				await expect(page.getByText(words)).toBeVisible();
			}
			expect(sent).toEqual([]);
			page.off('request', count);
		});

		await test.step('a pasted ID token signs in', async () => {
			const { idToken } = (await control(agent, 'id-token', {
				email: 'google.user@example.com'
			})) as { idToken: string };
			await page.getByLabel('ID token from Google').fill(idToken);
			await page.getByRole('button', { name: 'Continue with this token' }).click();
			await expect(page.getByTestId('overview-session')).toContainText('google.user@example.com');
			await signOut(page);
		});

		await test.step('signs in through the development provider and returns to the bookmarked page', async () => {
			await page.goto('/?via=provider');
			await page.getByRole('button', { name: 'Continue with Google' }).click();
			await expect(
				page.getByRole('heading', { name: 'Sign in with the development identity provider' })
			).toBeVisible();
			await page.getByRole('button', { name: 'Continue' }).click();
			await expect(page).toHaveURL('/?via=provider');
			await expect(page.getByTestId('overview-session')).toContainText('google.user@example.com');
			await signOut(page);
		});

		await test.step('signs up a new account through the provider', async () => {
			await visit(page, '/signup');
			await page.getByRole('button', { name: 'Sign up with Google' }).click();
			// The provider's own page, not the sign-up form's e-mail field.
			await expect(
				page.getByRole('heading', { name: 'Sign in with the development identity provider' })
			).toBeVisible();
			await page.getByLabel('E-mail').fill('new.google@example.com');
			await page.getByRole('button', { name: 'Continue' }).click();
			await expect(page.getByTestId('overview-session')).toContainText(
				'Signed in as new.google@example.com'
			);
			await signOut(page);
		});

		await test.step('a cancelled provider sign-in says so, and a forged state is refused', async () => {
			await page.getByRole('button', { name: 'Continue with Google' }).click();
			await page.getByRole('button', { name: 'Cancel' }).click();
			await expect(
				page.getByText('The sign-in was cancelled at the identity provider.')
			).toBeVisible();
			await page.goto('/settings');
			await page.goto('/login/provider#id_token=x.y.z&state=forged');
			await expect(page.getByRole('alert')).toContainText('Start again');
			expect(page.url()).not.toContain('id_token');
		});

		await test.step('when the provider’s part cannot be fetched, sign-in works without it and offers a reload', async () => {
			await page.route('**/_app/immutable/**/*.js', async (route) => {
				const response = await route.fetch();
				if (isProviderPart(await response.text())) await route.abort();
				else await route.fulfill({ response });
			});
			await page.goto('/login');
			await expect(page.getByTestId('load-failure')).toContainText(
				'Part of this page did not load'
			);
			await expect(page.getByRole('button', { name: /Continue with/ })).toHaveCount(0);
			await signInWithForm(page, 'admin@example.com');
			await expect(page.getByTestId('overview-session')).toContainText('Signed in');
			await page.unrouteAll({ behavior: 'ignoreErrors' });
		});
	});

	// A browser context of its own: after the other steps, its routes' fetches could reuse
	// connections to the server that sat idle until the server closed them.
	test('with no provider configured and the agent answering, sign-in fetches neither the provider’s part nor the agent-problem notice', async ({
		page
	}) => {
		await page.route('**/config.json', async (route) => {
			const response = await route.fetch();
			const settings = (await response.json()) as Record<string, unknown>;
			delete settings.identityProvider;
			await route.fulfill({ response, json: settings });
		});
		const bodies: string[] = [];
		await page.route('**/*.js', async (route) => {
			const response = await route.fetch();
			bodies.push(await response.text());
			await route.fulfill({ response });
		});
		await page.goto('/login');
		await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
		await expect(page.getByTestId('agent-status').getByRole('status')).toHaveText(
			'Running, nobody signed in'
		);
		expect(bodies.length).toBeGreaterThan(0);
		expect(bodies.some(isProviderPart)).toBe(false);
		expect(bodies.some((body) => body.includes('Check that the agent is running'))).toBe(false);
		await page.unrouteAll({ behavior: 'ignoreErrors' });
	});
});

test.describe('session end', () => {
	test('a token the agent no longer accepts sends the user to sign in and back, and says why after a reload', async ({
		page,
		agent
	}) => {
		test.setTimeout(60_000);
		const reason = page.getByText(
			'Your session ended: the agent no longer accepts it. Sign in again.'
		);

		await test.step('a token revoked by the agent sends the user to sign in and back', async () => {
			await signInWithToken(page, agent);
			await page.goto('/?where=here');
			await expect(page.getByTestId('overview-session')).toContainText('Signed in');
			await control(agent, 'revoke', {});
			await page.reload();
			await expect(page).toHaveURL(/\/login\?next=%2F%3Fwhere%3Dhere/);
			await expect(reason).toBeVisible();
			await signInWithForm(page, 'admin@example.com');
			await expect(page).toHaveURL('/?where=here');
		});

		await test.step('why a session ended is still said after a reload of the sign-in page', async () => {
			await expect(page.getByTestId('overview-session')).toContainText('Signed in');
			await control(agent, 'revoke', {});
			// The next page read finds out (or the open page did first, on its own).
			await page.goto('/users');
			await expect(reason).toBeVisible();
			await expect(page).toHaveURL(/\/login\?next=%2Fusers/);
			await page.reload();
			await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
			await expect(reason).toBeVisible();
		});
	});

	test('switching the agent signs out of the old one, in this tab and in the others', async ({
		page,
		agent,
		context
	}) => {
		const token = await signInWithToken(page, agent);
		await page.goto('/');
		await expect(page.getByTestId('overview-session')).toContainText('Signed in');
		const other = await context.newPage();
		await other.goto('/settings');
		await expect(other.getByRole('button', { name: 'admin@example.com' })).toBeVisible();
		const elsewhere = `http://127.0.0.1:${await closedPort()}`;
		await other.getByLabel('Address', { exact: true }).fill(elsewhere);
		await expect(
			other.getByText('Saving another address signs you out of the current agent.')
		).toBeVisible();
		await other.getByRole('button', { name: 'Save' }).click();
		await expect(other.getByTestId('connection-result')).toContainText(
			'you were signed out of the previous agent'
		);
		await expect(other.getByRole('button', { name: 'admin@example.com' })).toHaveCount(0);
		expect(
			await other.evaluate((key) => sessionStorage.getItem(key), tokenKey(agent.url))
		).toBeNull();
		await expect(page).toHaveURL(/\/login/);
		await expect(page.getByText('The agent address was changed in another tab')).toBeVisible();
		// The agent was told: the old token no longer works.
		await expect
			.poll(async () => (await fetch(`${agent.url}/authentication/user?token=${token}`)).status)
			.toBe(401);
		expect(
			await page.evaluate((key) => sessionStorage.getItem(key), tokenKey(agent.url))
		).toBeNull();
		// Switching back finds no session: sign in again.
		await other.getByLabel('Address', { exact: true }).fill(agent.url);
		await other.getByRole('button', { name: 'Save' }).click();
		await page.goto('/');
		await expect(page).toHaveURL(/\/login/);
	});

	test('warns before the token expires, then ends the session with the reason', async ({
		page
	}) => {
		// The token lasts an hour: the page's clock skips to its last minutes instead of waiting.
		await page.clock.install();
		await page.goto('/login');
		await signInWithForm(page, 'admin@example.com');
		await expect(page).toHaveURL('/');
		await expect(page.getByTestId('expiry-warning')).toHaveCount(0);
		await page.clock.fastForward('58:30');
		await expect(page.getByTestId('expiry-warning')).toContainText(/Your session ends in 1:[23]\d/);
		await page.clock.fastForward('02:00');
		await expect(page).toHaveURL(/\/login/);
		await expect(page.getByText('Your session expired. Sign in again to continue.')).toBeVisible();
	});
});
