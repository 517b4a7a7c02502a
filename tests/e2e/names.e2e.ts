import type { Locator, Page } from '@playwright/test';
import { control, expect, signInWithToken, test, visit } from './fixtures.ts';

/**
 * Names shown as they are: a right-to-left override in a name cannot reorder the console's own
 * sentence around it, a confirmation shows the characters that do not show and says when a name
 * mixes look-alike scripts, and a not-found page does not repeat what a link made up.
 */

const TEAM = '6f1c2a8e-3b4d-4f5a-9c7e-1a2b3c4d5e6f';
const ARCHIVE = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const RLO = '\u202e';
/** Reads "Contract_signedexe.pdf" when the override is obeyed. */
const SPOOFED = `Contract_signed${RLO}fdp.exe`;

/**
 * Whether the last character of the element's text is drawn rightmost of all its text: a name's
 * override that leaks out of its place reverses the end of the sentence too.
 */
function endsAtTheRight(element: Locator) {
	return element.evaluate((el) => {
		const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
		let last: Text | null = null;
		for (let node = walker.nextNode(); node; node = walker.nextNode())
			if ((node.textContent ?? '').trim()) last = node as Text;
		if (!last) return false;
		const end = (last.textContent ?? '').trimEnd().length;
		const range = document.createRange();
		range.setStart(last, end - 1);
		range.setEnd(last, end);
		const mark = range.getBoundingClientRect();
		range.selectNodeContents(el);
		// Of the text on the last character's line only: a sentence may wrap.
		const line = [...range.getClientRects()].filter(
			(r) => r.width > 0 && Math.abs(r.top - mark.top) < mark.height / 2
		);
		return mark.right >= Math.max(...line.map((r) => r.right)) - 0.5;
	});
}

/** Shows the drive's page, read anew through the drives list, and opens its Remove dialog. */
async function openRemove(page: Page, id: string) {
	await visit(page, '/drives');
	await visit(page, `/drives/${id}`);
	await expect(page.getByTestId('health-counts')).toBeVisible();
	await page.getByRole('button', { name: 'More', exact: true }).click();
	await page
		.getByTestId('manage-menu')
		.getByRole('button', { name: /Remove this drive/ })
		.click();
	return page.getByTestId('remove-dialog');
}

/** Closes a dialog by its Cancel button. */
async function cancel(dialog: Locator) {
	await dialog.getByRole('button', { name: 'Cancel' }).click();
	await expect(dialog).toHaveCount(0);
}

test('names shown as they are: drives renamed in turn, a file and a folder, a user', async ({
	page,
	agent
}) => {
	test.setTimeout(110_000);
	await control(agent, 'files', { id: TEAM, count: 1, folder: SPOOFED });
	const token = await signInWithToken(page, agent);
	await page.goto('/drives');
	await expect(page.getByTestId('drives')).toBeVisible();

	await test.step('a plain name gets no note', async () => {
		const dialog = await openRemove(page, ARCHIVE);
		await expect(dialog.getByRole('heading')).toHaveText('Remove Archive?');
		await expect(dialog.getByTestId('name-check')).toHaveCount(0);
		await cancel(dialog);
	});
	await test.step('removing a drive whose name mixes Latin and Cyrillic letters says so', async () => {
		// The second letter is the Cyrillic а.
		await control(agent, `drives/${ARCHIVE}`, {
			name: 'L\u0430ptop documents'
		});
		const dialog = await openRemove(page, ARCHIVE);
		await expect(dialog.getByTestId('name-mixed')).toHaveText(
			'This name mixes Latin and Cyrillic letters: some of them look alike.'
		);
		await expect(dialog.getByTestId('name-as-stored')).toHaveCount(0);
		await cancel(dialog);
	});
	await test.step('removing a drive whose name holds an override and a control character shows both', async () => {
		await control(agent, `drives/${ARCHIVE}`, {
			name: `Archive\u0007 ${SPOOFED}`
		});
		const dialog = await openRemove(page, ARCHIVE);
		expect(await endsAtTheRight(dialog.getByRole('heading'))).toBe(true);
		await expect(dialog.getByTestId('name-as-stored')).toHaveText(
			'Archive⟨U+0007⟩ Contract_signed⟨U+202E⟩fdp.exe'
		);
		await expect(dialog.getByTestId('name-mixed')).toHaveCount(0);
		await cancel(dialog);
	});
	await test.step('a drive whose name holds an override keeps its page heading and list card in order', async () => {
		await control(agent, `drives/${ARCHIVE}`, { name: SPOOFED });
		await visit(page, '/drives');
		await visit(page, `/drives/${ARCHIVE}`);
		const heading = page.getByTestId('drive-or-backup-name');
		await expect(heading).toContainText('drive');
		// The kind after the name stays after it, not pulled into the name's reversed run.
		expect(await endsAtTheRight(heading)).toBe(true);
		await visit(page, '/drives');
		const card = page.getByRole('heading', { name: /Contract_signed/ });
		await expect(card).toContainText('drive');
		expect(await endsAtTheRight(card)).toBe(true);
	});
	await test.step('a file whose name holds an override: its delete confirmation reads in order and shows it', async () => {
		await visit(page, `/drives/${TEAM}/files`);
		await expect(page.getByTestId('files-summary')).toBeVisible();
		await page.getByRole('button', { name: /^Actions for .*Contract_signed/ }).click();
		await page
			.getByTestId('item-menu')
			.getByRole('button', { name: 'Delete', exact: true })
			.click();
		const dialog = page.getByTestId('confirm-dialog');
		const title = dialog.getByRole('heading');
		await expect(title).toContainText('Contract_signed');
		// The question mark ends the sentence, where the console put it.
		expect(await endsAtTheRight(title)).toBe(true);
		await expect(dialog.getByTestId('name-check')).toContainText(
			'This name holds characters that do not show'
		);
		await expect(dialog.getByTestId('name-as-stored')).toHaveText('Contract_signed⟨U+202E⟩fdp.exe');
		await dialog.getByRole('button', { name: 'Cancel' }).click();
		await expect(dialog).toHaveCount(0);
	});
	await test.step('a folder whose path holds an override: the new folder dialog reads in order', async () => {
		// The drive's top folder, from the file step's page.
		await expect(page).toHaveURL(`/drives/${TEAM}/files`);
		await page.getByRole('link', { name: /Contract_signed/ }).click();
		await expect(page.getByTestId('files-summary')).toBeVisible();
		await page.getByRole('button', { name: 'New folder' }).click();
		const where = page.getByTestId('new-folder-dialog').locator('p').first();
		await expect(where).toContainText('on this computer and in the cloud.');
		expect(await endsAtTheRight(where)).toBe(true);
	});
	await test.step('deleting a user whose name mixes Latin and Cyrillic letters says so', async () => {
		const email = 'alex.lookalike@example.test';
		const res = await fetch(`${agent.url}/user/insert_user?token=${token}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			// The A of Alex is the Cyrillic А.
			body: JSON.stringify({
				firstname: '\u0410lex',
				lastname: 'Admin',
				username: email,
				email,
				userType: 64
			})
		});
		expect(res.ok).toBe(true);
		await visit(page, `/users?q=${encodeURIComponent(email)}`);
		await expect(page.getByTestId('users-range')).toHaveText('Showing 1 to 1 of 1');
		await page
			.getByRole('button', { name: /lex Admin/ })
			.first()
			.click();
		const dialog = page.getByRole('dialog');
		await dialog.getByRole('button', { name: 'Delete this user…' }).click();
		await expect(dialog.getByTestId('name-mixed')).toHaveText(
			'This name mixes Latin and Cyrillic letters: some of them look alike.'
		);
	});
});

test('a not-found page does not repeat a made-up link, opened anew', async ({ page, agent }) => {
	test.setTimeout(45_000);
	// A number no address on the page can contain.
	const MADE_UP = 'Your-account-is-locked-call-555-0199';
	await signInWithToken(page, agent);
	for (const [what, path, testid] of [
		['drive', `/drives/${MADE_UP}`, 'drive-or-backup-not-found'],
		['drive form', `/drives/${MADE_UP}/edit`, 'drive-or-backup-not-found'],
		['drive files', `/drives/${MADE_UP}/files`, 'files-drive-gone'],
		['share', `/shares/smb/${MADE_UP}`, 'share-not-found']
	] as const)
		await test.step(`the ${what} page`, async () => {
			await page.goto(path);
			await expect(page.getByTestId(testid)).toContainText('the id in this link');
			await expect(page.locator('body')).not.toContainText(/locked|555-0199/i);
			expect(await page.title()).not.toMatch(/locked|555-0199/i);
		});
});
