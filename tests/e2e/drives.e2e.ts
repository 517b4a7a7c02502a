import { control, expect, signInWithToken, test } from './fixtures.ts';

test.describe('drives and backups', () => {
	test('each drive and backup in words, with one status and its health line', async ({
		page,
		agent
	}) => {
		await signInWithToken(page, agent);
		await page.goto('/');
		await page.getByRole('link', { name: 'All drives and backups, in detail' }).click();
		await expect(page).toHaveURL('/drives');
		const cards = page.getByTestId('drives').getByRole('listitem');
		await expect(cards).toHaveCount(6);
		const team = cards.filter({ hasText: 'Team Drive' });
		const h = (await (
			await fetch(`${agent.url}/drivereport/sync_health/6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f`)
		).json()) as Record<string, number>;
		const up = h.FilesPendingUpload! + h.FilesUploading!;
		const down = h.FilesPendingDownload! + h.FilesDownloading!;
		await expect(team.getByTestId('drive-status')).toHaveText('Error');
		// One status per drive: never a green "Active" beside the health's "Error".
		await expect(team.getByTestId('drive-status')).toHaveClass(/text-red/);
		await expect(team).not.toContainText('Active');
		await expect(team.getByTestId('drive-health')).toHaveText(
			`${up} to upload, ${down} to download, ${h.FilesWithErrors} with errors, ${h.OverallSyncCompletionPercent} % in sync`
		);
		await expect(team).toContainText('G:\\');
		await expect(team).toContainText('Amazon S3');
		await expect(team).toContainText('studio-projects / team/');
		await expect(team).toContainText('Drive letter');
		await expect(team).toContainText('Stream (kept in the cloud, fetched on demand)');
		await expect(team).toContainText('Read and write');
		const archive = cards.filter({ hasText: 'Archive' });
		await expect(archive).toContainText('3 with errors');
		await expect(archive).toContainText('Wasabi');
		await expect(archive).toContainText('Mirror');
		await expect(archive).toContainText('Read only');
		await expect(cards.filter({ hasText: 'Old media' }).getByTestId('drive-status')).toHaveText(
			'Inactive'
		);
		// Health is read for the cards on screen: the backups come into view below.
		const backup = cards.filter({ hasText: 'Laptop documents' });
		await backup.scrollIntoViewIfNeeded();
		await expect(backup.getByTestId('drive-status')).toHaveText('Syncing');
		await expect(backup).toContainText('6 to upload, 0 with errors');
		const server = cards.filter({ hasText: 'Studio server' });
		await server.scrollIntoViewIfNeeded();
		await expect(server).toContainText('3 with errors');
	});

	test('with none, says what a drive is and offers to add one', async ({ page, agent }) => {
		await control(agent, 'drives', { empty: true });
		await signInWithToken(page, agent);
		await page.goto('/drives');
		const empty = page.getByTestId('drives-empty');
		await expect(empty).not.toContainText("the agent's own app");
		// Offered once, in the empty state.
		await expect(page.getByRole('link', { name: 'Add a drive' })).toHaveCount(1);
		await empty.getByRole('link', { name: 'Add a backup' }).click();
		await expect(page).toHaveURL('/backups/new');
		await page.goBack();
		await empty.getByRole('link', { name: 'Add a drive' }).click();
		await expect(page).toHaveURL('/drives/new');
		await page.goto('/');
		await expect(page.getByTestId('drives-and-backups-empty')).toBeVisible();
	});
});
