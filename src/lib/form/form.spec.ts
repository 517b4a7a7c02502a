import { describe, expect, it } from 'vitest';
import { AgentHttpError, AgentNetworkError } from '$lib/api/errors';
import { FormState } from './form.svelte.ts';

describe('FormState', () => {
	it('runs one submission at a time', async () => {
		const form = new FormState();
		let runs = 0;
		let release = () => {};
		const first = form.submit(() => new Promise<void>((r) => ((release = r), runs++)));
		expect(form.busy).toBe(true);
		expect(await form.submit(async () => void runs++)).toBe(false);
		release();
		expect(await first).toBe(true);
		expect(runs).toBe(1);
		expect(form.busy).toBe(false);
	});

	it('stops on client-side problems without calling the agent', async () => {
		const form = new FormState();
		let called = false;
		const ok = await form.submit(async () => void (called = true), {
			check: () => ({ name: ['Enter a name.'] })
		});
		expect(ok).toBe(false);
		expect(called).toBe(false);
		expect(form.fieldErrors).toEqual({ name: ['Enter a name.'] });
	});

	it('puts 499 field messages next to the fields, with no line above pointing at them', async () => {
		const form = new FormState(['firstName', 'lastName']);
		await form.submit(async () => {
			throw new AgentHttpError(499, 'VALIDATION', {
				firstName: ['First name is required.'],
				lastName: ['Too long.']
			});
		});
		expect(form.fieldErrors).toEqual({
			firstName: ['First name is required.'],
			lastName: ['Too long.']
		});
		expect(form.message).toBeNull();
	});

	it('adds no line either when the form itself puts the answer next to a field', async () => {
		// As the MFA card does with a refused code: its own words, next to the code.
		const form = new FormState(['code']);
		await form.submit(
			async () => {
				throw new AgentHttpError(499, 'TOTP', { TOTP: ['Invalid code.'] });
			},
			{ explain: () => ({ fieldErrors: { code: ['That code is not right.'] } }) }
		);
		expect(form.fieldErrors).toEqual({ code: ['That code is not right.'] });
		expect(form.message).toBeNull();
		// Words the form asks for above it are still shown.
		await form.submit(
			async () => {
				throw new AgentHttpError(499, 'TOTP', { TOTP: ['Invalid code.'] });
			},
			{ explain: () => ({ text: 'Try again.', fieldErrors: { code: ['Not right.'] } }) }
		);
		expect(form.message).toMatchObject({ text: 'Try again.' });
	});

	it('puts messages for fields the form lacks into its message, without pointing at fields', async () => {
		const form = new FormState(['firstName']);
		await form.submit(async () => {
			throw new AgentHttpError(499, 'VALIDATION', { department: ['Too long.'] });
		});
		expect(form.fieldErrors).toEqual({});
		expect(form.message?.text).toBe('The agent did not accept: department: Too long.');
		expect(form.message?.text).not.toContain('next to them');
		await form.submit(async () => {
			throw new AgentHttpError(499, 'VALIDATION', {
				firstName: ['Required.'],
				department: ['Too long.']
			});
		});
		expect(form.fieldErrors).toEqual({ firstName: ['Required.'] });
		expect(form.message?.text).toBe(
			'The agent did not accept some fields: see the messages next to them. The agent did not accept: department: Too long.'
		);
	});

	it('shows the agent message and code, or what the form asks for', async () => {
		const form = new FormState();
		await form.submit(async () => {
			throw new AgentHttpError(499, 'DUPLICATE', { DUPLICATE: ['Taken.'] });
		});
		expect(form.message).toMatchObject({ text: 'Taken.', code: 'DUPLICATE' });
		await form.submit(
			async () => {
				throw new AgentHttpError(499, 'AUTH', { AUTH: ['Wrong current password.'] });
			},
			{ explain: (e) => ({ text: null, fieldErrors: { currentPassword: [e.message] } }) }
		);
		expect(form.message).toBeNull();
		expect(form.fieldErrors).toEqual({ currentPassword: ['Wrong current password.'] });
		await form.submit(
			async () => {
				throw new AgentNetworkError('unreachable', 'http://a', 'http://b');
			},
			{ explain: () => ({ text: 'Custom words.' }) }
		);
		expect(form.message).toMatchObject({ text: 'Custom words.', code: null });
	});

	it('rethrows what is not an agent error, and frees the form', async () => {
		const form = new FormState();
		await expect(form.submit(async () => Promise.reject(new TypeError('bug')))).rejects.toThrow(
			'bug'
		);
		expect(form.busy).toBe(false);
	});
});

describe('FormState.refuse', () => {
	it('shows an answer that is a no like a refusal, next to the field', () => {
		const form = new FormState(['code']);
		form.refuse({ code: ['That code is not right.'] });
		expect(form.fieldErrors).toEqual({ code: ['That code is not right.'] });
		expect(form.message).toBeNull();
		form.refuse({}, 'No.');
		expect(form.message).toEqual({ tone: 'bad', text: 'No.' });
	});
});
