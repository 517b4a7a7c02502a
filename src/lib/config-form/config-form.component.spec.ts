import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { createRawSnippet, flushSync } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentHttpError } from '$lib/api/errors';
import { unsaved } from '$lib/form/unsaved.svelte';
import CheckRow from './CheckRow.svelte';
import ChoiceRow from './ChoiceRow.svelte';
import ConfigFormShell from './ConfigFormShell.svelte';
import { fieldOf, lockedOf, placeRefusal, type FieldTable } from './config-form';
import { ConfigFormState } from './config-form.svelte';

/** The recipe's parts drawn as a browser would: what the user sees of each flow. */

type Form = { id: string | null; name: string; kind: number; encrypted: boolean };
type Model = { id: string; name: string };

const TABLE: FieldTable<Form> = [
	{ key: 'name', label: () => 'Name', section: 'what' },
	{
		key: 'kind',
		label: () => 'Kind',
		section: 'what',
		lockedOnEdit: () => ({ reason: 'The kind is chosen once.', way: 'Add a new one.' })
	},
	{ key: 'encrypted', label: () => 'Encrypt', section: 'what' }
];

const stored: Model = { id: 'd-1', name: 'Team' };
const startState = () =>
	new ConfigFormState<Form, Model>({ id: 'd-1', name: 'Team', kind: 1, encrypted: false }, stored);

const children = createRawSnippet(() => ({ render: () => '<p>The fields</p>' }));

function shell(state: ConfigFormState<Form, Model>, handlers: Record<string, () => void> = {}) {
	return render(ConfigFormShell<Form, Model>, {
		state,
		unsavedKey: 'test-form',
		testId: 'test-form',
		words: {
			submit: 'Save changes',
			busy: 'Saving…',
			cancel: { href: '/', label: 'Cancel' },
			gone: 'It was removed.',
			goneLink: { href: '/', label: 'All items' },
			conflict: {
				heading: 'Changed elsewhere',
				field: 'Field',
				was: 'Was',
				now: 'Now',
				saveMine: 'Save mine',
				loadTheirs: 'Load theirs',
				saveMineNote: 'Saving mine keeps their other changes.'
			}
		},
		onsubmit: (e: SubmitEvent) => e.preventDefault(),
		onsavemine: handlers.onsavemine ?? (() => {}),
		ontaketheirs: handlers.ontaketheirs ?? (() => {}),
		onconfirm: () => {},
		children
	});
}

afterEach(() => unsaved.reset());

describe('the configuration-form recipe, drawn', () => {
	it('says what changed elsewhere, field by field, and leaves the choice to the user', async () => {
		const state = startState();
		const onsavemine = vi.fn();
		const ontaketheirs = vi.fn();
		shell(state, { onsavemine, ontaketheirs });
		expect(screen.queryByTestId('changed-elsewhere')).toBeNull();
		state.conflict = {
			current: { id: 'd-1', name: 'Team B' },
			changes: [{ field: 'name', label: 'Name', was: 'Team', now: 'Team B' }],
			live: false
		};
		flushSync();
		const notice = screen.getByTestId('changed-elsewhere');
		expect(notice.getAttribute('role')).toBe('alert');
		const row = within(notice).getByRole('row', { name: /Name/ });
		expect(
			within(row)
				.getAllByRole('cell')
				.map((c) => c.textContent)
		).toEqual(['Name', 'Team', 'Team B']);
		expect(within(notice).getByText('Saving mine keeps their other changes.')).toBeTruthy();
		await fireEvent.click(within(notice).getByRole('button', { name: 'Save mine' }));
		await fireEvent.click(within(notice).getByRole('button', { name: 'Load theirs' }));
		expect(onsavemine).toHaveBeenCalledOnce();
		expect(ontaketheirs).toHaveBeenCalledOnce();

		// Heard while editing: saving reads it again and asks, so only "Load theirs" is offered.
		state.conflict = { ...state.conflict, live: true };
		flushSync();
		expect(screen.queryByRole('button', { name: 'Save mine' })).toBeNull();
		expect(screen.getByRole('button', { name: 'Load theirs' })).toBeTruthy();

		state.takeTheirs((m) => ({ id: m.id, name: m.name, kind: 1, encrypted: false }), 'Loaded.');
		flushSync();
		expect(screen.queryByTestId('changed-elsewhere')).toBeNull();
		expect(state.form.name).toBe('Team B');
		expect(screen.getByText('Loaded.')).toBeTruthy();
	});

	it('shows a locked field disabled, with the reason and the way there', () => {
		const locked = new Map(lockedOf(TABLE, startState().form).map((l) => [l.field, l]));
		expect([...locked.keys()]).toEqual(['kind']);
		render(ChoiceRow<number>, {
			field: 'kind',
			legend: 'Kind',
			options: [
				{ value: 1, label: 'Drive letter' },
				{ value: 2, label: 'Synced folder' }
			],
			value: 1,
			onchoose: () => {},
			locked: locked.get('kind'),
			lockLabel: 'Locked:'
		});
		const group = screen.getByRole('group', { name: 'Kind' });
		for (const radio of within(group).getAllByRole('radio'))
			expect((radio as HTMLInputElement).disabled).toBe(true);
		expect(screen.getByTestId('locked-kind').textContent?.replace(/\s+/g, ' ').trim()).toBe(
			'Locked: The kind is chosen once. Add a new one.'
		);
		expect(group.getAttribute('aria-describedby')).toBe('kind-locked');
	});

	it("puts the agent's refusal beside the field it names, in any spelling", () => {
		const error = new AgentHttpError(499, 'INVALID', { '$.Request.Encrypted': ['Not here.'] });
		const { fieldErrors, text } = placeRefusal(
			error,
			(key) => fieldOf(key, ['name', 'encrypted']),
			() => null
		);
		expect(text).toBeNull();
		render(CheckRow, {
			field: 'encrypted',
			label: 'Encrypt',
			checked: false,
			onchange: () => {},
			note: 'Chosen once.',
			lockLabel: 'Locked:',
			errors: fieldErrors.encrypted
		});
		const box = screen.getByRole('checkbox', { name: 'Encrypt' });
		const row = box.closest('div') as HTMLElement;
		expect(within(row).getByText('Not here.').id).toBe('encrypted-error');
		expect(box.getAttribute('aria-describedby')).toBe('encrypted-note');
	});

	it('tells the unsaved guard while input is not saved, and stops when the form goes', () => {
		const state = startState();
		const view = shell(state);
		flushSync();
		expect(unsaved.any).toBe(false);
		state.form.name = 'Team 2';
		flushSync();
		expect(unsaved.any).toBe(true);
		state.saved();
		flushSync();
		expect(unsaved.any).toBe(false);
		state.form.encrypted = true;
		flushSync();
		expect(unsaved.any).toBe(true);
		view.unmount();
		flushSync();
		expect(unsaved.any).toBe(false);
	});

	it('says an item removed elsewhere, with the way back', () => {
		const state = startState();
		shell(state);
		state.gone = true;
		flushSync();
		expect(screen.getByRole('alert').textContent).toContain('It was removed.');
		expect(screen.getByRole('link', { name: 'All items' }).getAttribute('href')).toBe('/');
	});
});
