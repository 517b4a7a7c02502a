import { describe, expect, it } from 'vitest';
import { AgentContractError, AgentHttpError, AgentNetworkError, nextStep } from './errors.ts';

describe('AgentHttpError', () => {
	it('uses the agent messages first', () => {
		const e = new AgentHttpError(499, 'TOTP', { TOTP: ['The code is not correct.'] });
		expect(e.message).toBe('The code is not correct.');
		expect(e.fieldErrors).toEqual({});
	});

	it('falls back to a sentence per known code, then the raw code, then the status', () => {
		expect(new AgentHttpError(499, 'DUPLICATE').message).toBe('This already exists.');
		expect(new AgentHttpError(499, 'QUOTA_EXCEEDED').message).toBe(
			'The agent reported QUOTA_EXCEEDED.'
		);
		expect(new AgentHttpError(403, null).message).toBe('The agent refused this request (403).');
	});

	it('keeps field-keyed messages for the form and code-keyed ones out of it', () => {
		const e = new AgentHttpError(499, 'VALIDATION', {
			email: ['Enter a valid e-mail address.'],
			SECURITY: ['Wait.']
		});
		expect(e.fieldErrors).toEqual({ email: ['Enter a valid e-mail address.'] });
		expect(e.messages).toEqual(['Enter a valid e-mail address.', 'Wait.']);
	});
});

describe('nextStep', () => {
	it('offers the step that helps', () => {
		expect(nextStep(new AgentHttpError(401, null))).toBe('sign-in');
		expect(nextStep(new AgentHttpError(500, null))).toBe('retry');
		expect(nextStep(new AgentHttpError(499, 'TOTP'))).toBeNull();
		expect(nextStep(new AgentHttpError(404, null))).toBe('settings');
		expect(nextStep(new AgentNetworkError('unreachable', 'http://a', 'http://b'))).toBe('settings');
		expect(nextStep(new AgentNetworkError('timeout', 'http://a', 'http://b', 5000))).toBe('retry');
		expect(nextStep(new AgentContractError('x', ''))).toBe('settings');
	});
});
