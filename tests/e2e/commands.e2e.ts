import type { Page } from '@playwright/test';
import { control, expect, signInWithForm, signInWithToken, test, visit } from './fixtures.ts';

/** Every command and update call the page makes to the agent, as "METHOD path". */
function commandCalls(page: Page): string[] {
	const calls: string[] = [];
	page.on('request', (r) => {
		const path = new URL(r.url()).pathname;
		if (r.method() === 'POST' && /^\/management\/(command|update)/.test(path))
			calls.push(`${r.method()} ${path}`);
	});
	return calls;
}

/** Opens the overview, read afresh, counting the command calls the page makes from then on. */
async function openOverview(page: Page): Promise<string[]> {
	// The overview reads the agent when it is opened: from another page, as a link would.
	if (new URL(page.url()).pathname === '/') await visit(page, '/profile');
	const calls = commandCalls(page);
	await visit(page, '/');
	return calls;
}

const status = (page: Page) => page.getByTestId('agent-status').getByRole('status');
const dialog = (page: Page) => page.getByTestId('confirm-dialog');

async function agentStatus(url: string): Promise<unknown> {
	return (await fetch(`${url}/management/agent_status`)).json();
}

test("agent commands: stop, update, pause and resume, sign the agent's user out", async ({
	page,
	agent
}) => {
	test.setTimeout(60_000);
	// The page's clock, for the pause's "since" 42 minutes on: installed before the console loads.
	await page.clock.install();
	await signInWithToken(page, agent);
	await test.step('stopping the agent says it will not come back by itself, then sees it return', async () => {
		const calls = await openOverview(page);
		const stop = page.getByTestId('agent-actions').getByRole('button', { name: 'Stop the agent' });
		await stop.click();
		await expect(dialog(page)).toContainText('It does not come back by itself');
		await page.keyboard.press('Escape');
		await expect(dialog(page)).toBeHidden();
		expect(calls).toEqual([]);

		// The agent takes its time to answer the command: the pill says Stopping… meanwhile.
		let answer!: () => void;
		const answered = new Promise<void>((resolve) => (answer = resolve));
		let held = false;
		await page.route(
			(url) => url.pathname === '/management/command/8',
			async (route) => {
				held = true;
				await answered;
				await route.continue();
			}
		);
		await stop.click();
		await dialog(page).getByRole('button', { name: 'Stop the agent' }).click();
		await expect(status(page)).toHaveText('Stopping…');
		expect(held).toBe(true);
		answer();
		await expect(page.getByTestId('agent-stopped')).toContainText('It does not restart by itself');
		await expect(status(page)).toHaveText('Stopped');
		expect(calls).toEqual(['POST /management/command/8']);
		// One outcome, in the tone of the state: no green box under the red banner.
		await expect(page.getByTestId('command-outcome')).toBeHidden();

		// Something on the desktop starts it again: every card of the page reads again.
		const reads: string[] = [];
		page.on('request', (r) => reads.push(new URL(r.url()).pathname));
		agent.clock.advance(agent.options.restartSeconds * 1000);
		await expect(page.getByTestId('agent-back')).toContainText('The agent is back');
		await expect(page.getByTestId('agent-stopped')).toBeHidden();
		await expect(status(page)).toHaveText('Running');
		await expect
			.poll(() =>
				['/management/check_update', '/management/clouddrive', '/transferhistory/get_all'].filter(
					(path) => !reads.includes(path)
				)
			)
			.toEqual([]);
		await expect(page.getByTestId('activity-halted')).toHaveCount(0);
	});
	await test.step('update: warned of the restart, progress from the frames, the restart ridden out, the new version confirmed', async () => {
		// Away until the test moves the agent's clock on, not 3 s of real time a busy machine may
		// spend before the page has drawn the restart.
		agent.options.restartSeconds = 600;
		await control(agent, 'update', {
			isUpdateRequired: true,
			newVersion: '3.5.0'
		});
		const calls = await openOverview(page);
		const card = page.getByTestId('overview-update');
		await expect(card).toContainText('Update available: 3.5.0');
		await card.getByRole('button', { name: 'Update now' }).click();
		await expect(dialog(page)).toContainText('version 3.5.0, then restarts');
		await dialog(page).getByRole('button', { name: 'Cancel' }).click();
		expect(calls).toEqual([]);

		await card.getByRole('button', { name: 'Update now' }).click();
		await dialog(page).getByRole('button', { name: 'Update and restart' }).click();
		const progress = page.getByTestId('update-progress');
		await expect(progress).toContainText('Updating to 3.5.0');
		// What the frames carry, as they carry it: the latest drawn, which on a busy machine may be
		// past the download (the frames come 250 ms apart).
		await expect(page.getByTestId('update-frame')).toContainText(
			/Stage\s*(Downloading|Verifying|Installing)/
		);
		await expect(progress).toContainText('Restarting on the new version');
		await expect(status(page)).toHaveText('Restarting');
		expect(calls).toEqual(['POST /management/update']);

		agent.clock.advance(agent.options.restartSeconds * 1000);
		await expect(page.getByTestId('update-done')).toContainText('Updated to 3.5.0');
		await expect(page.getByTestId('update-done')).toContainText('it ran 3.4.2 before');
		// Both channels came back by themselves.
		const channels = page.getByTestId('overview-channels');
		await expect(channels.getByTestId('notification-status')).toHaveText('Live', {
			timeout: 15_000
		});
		await expect(channels.getByTestId('statechange-status')).toHaveText('Live', {
			timeout: 15_000
		});
		await page.getByTestId('update-done').getByRole('button', { name: 'Done' }).click();
		await expect(card).toContainText('Up to date');
		await expect(card).toContainText('Version 3.5.0');
	});
	await test.step('pause, then resume: each asked first (cancel sends nothing), paused since shown everywhere', async () => {
		const calls = await openOverview(page);
		await expect(status(page)).toHaveText('Running');
		const actions = page.getByTestId('agent-actions').first();

		await actions.getByRole('button', { name: 'Pause' }).click();
		await expect(dialog(page)).toContainText('Pause the agent?');
		await expect(dialog(page)).toContainText('nothing uploads or downloads until you resume');
		await dialog(page).getByRole('button', { name: 'Cancel' }).click();
		await expect(dialog(page)).toBeHidden();
		expect(calls).toEqual([]);
		expect(await agentStatus(agent.url)).toBe(1);

		await actions.getByRole('button', { name: 'Pause' }).click();
		await dialog(page).getByRole('button', { name: 'Pause the agent' }).click();
		await expect(status(page)).toHaveText('Paused');
		expect(await agentStatus(agent.url)).toBe(4);
		expect(calls).toEqual(['POST /management/command/2']);
		const banner = page.getByTestId('agent-paused');
		await expect(banner).toContainText(/Paused since \d\d:\d\d( [AP]M)?, less than a minute\./);
		// One outcome, in the tone of the state: the amber banner, not a green box under it.
		await expect(page.getByTestId('command-outcome')).toBeHidden();

		// 42 minutes later, on another page, it still says since when and for how long.
		await page.clock.fastForward('42:00');
		await page.getByRole('link', { name: 'Users' }).click();
		await expect(banner).toContainText(/Paused since \d\d:\d\d( [AP]M)?, 42 min\./);

		// The header's status menu offers Resume.
		await page.getByTestId('agent-status').click();
		const menu = page.locator('#agent-menu');
		await menu.getByRole('button', { name: 'Resume' }).click();
		await dialog(page).getByRole('button', { name: 'Cancel' }).click();
		expect(calls).toHaveLength(1);
		// Cancel goes back to the menu, with the focus on the command it asked about.
		await expect(menu.getByRole('button', { name: 'Resume' })).toBeFocused();
		await menu.getByRole('button', { name: 'Resume' }).click();
		await dialog(page).getByRole('button', { name: 'Resume the agent' }).click();
		await expect(page.getByTestId('command-outcome')).toContainText('The agent is running again.');
		await expect(banner).toBeHidden();
		await expect(status(page)).toHaveText('Running');
		expect(await agentStatus(agent.url)).toBe(1);
		expect(calls).toEqual(['POST /management/command/2', 'POST /management/command/4']);
	});
	await test.step("signing the agent's user out ends this session, says how to start again, and a sign-in does", async () => {
		const calls = await openOverview(page);
		const signOut = page
			.getByTestId('agent-actions')
			.getByRole('button', { name: "Sign the agent's user out" });
		await signOut.click();
		await expect(dialog(page)).toContainText('sign in here');
		await dialog(page).getByRole('button', { name: 'Cancel' }).click();
		expect(calls).toEqual([]);

		await signOut.click();
		await dialog(page).getByRole('button', { name: 'Sign the user out' }).click();
		await expect(page).toHaveURL(/\/login/);
		await expect(
			page.getByText("The agent's user is signed out. Sign in to start the agent again.")
		).toBeVisible();
		expect(calls).toEqual(['POST /management/command/1']);
		expect(await agentStatus(agent.url)).toBe(8);

		await signInWithForm(page, 'admin@example.com');
		await expect(page).toHaveURL('/');
		await expect(status(page)).toHaveText('Running');
	});
});
