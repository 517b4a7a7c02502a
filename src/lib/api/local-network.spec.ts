import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockOf, checkLocalNetwork, explainFailure, mayAsk } from './local-network.ts';
import { AgentNetworkError, nextStep } from './errors.ts';

afterEach(() => vi.unstubAllGlobals());

/** A browser that knows some of the permission's names, with a state and a frame policy. */
function browser(
	known: Record<string, PermissionState>,
	policy?: Record<string, boolean>,
	framed = false,
	secure = true
) {
	vi.stubGlobal('navigator', {
		permissions: {
			query: async ({ name }: { name: string }) => {
				if (!(name in known)) throw new TypeError(`'${name}' is not a valid permission name`);
				return { state: known[name] };
			}
		}
	});
	vi.stubGlobal('document', {
		featurePolicy: policy && {
			features: () => Object.keys(policy),
			allowsFeature: (name: string) => policy[name] ?? false
		}
	});
	const top = {};
	vi.stubGlobal(
		'window',
		framed
			? { self: {}, top, isSecureContext: secure }
			: { self: top, top, isSecureContext: secure }
	);
}

describe('local network access', () => {
	it('reads the newest name it knows, but a refusal under any name for this device wins', async () => {
		browser({ 'local-network-access': 'denied' });
		expect((await checkLocalNetwork()).state).toBe('denied');
		browser({ 'loopback-network': 'granted', 'local-network': 'prompt' });
		expect((await checkLocalNetwork()).state).toBe('granted');
		// Chromium 150 on a plain-HTTP page: the new name says prompt, the one it enforces says no.
		browser({ 'loopback-network': 'prompt', 'local-network-access': 'denied' });
		expect((await checkLocalNetwork()).state).toBe('denied');
		// `local-network` is for other devices: its refusal does not explain a call to this one.
		browser({ 'loopback-network': 'prompt', 'local-network': 'denied' });
		expect((await checkLocalNetwork()).state).toBe('prompt');
		browser({});
		expect(await checkLocalNetwork()).toEqual({
			state: null,
			framed: false,
			policyAllows: null,
			secure: true
		});
	});

	it('tells a refusal the user can undo from one on a page the browser cannot ask for', async () => {
		browser({ 'loopback-network': 'denied' });
		expect((await explainFailure()).block).toBe('denied');
		browser({ 'loopback-network': 'denied' }, undefined, false, false);
		expect((await explainFailure()).block).toBe('insecure');
		// Not refused: a plain-HTTP page that fails is not blamed on the permission.
		browser({ 'loopback-network': 'prompt' }, undefined, false, false);
		expect((await explainFailure()).block).toBeNull();
	});

	it('blames the frame when its policy does not delegate the permission', async () => {
		browser({ 'loopback-network': 'denied' }, { 'loopback-network': false }, true);
		expect((await explainFailure()).block).toBe('frame');
		// Delegated, but the user said no.
		browser({ 'loopback-network': 'denied' }, { 'loopback-network': true }, true);
		expect((await explainFailure()).block).toBe('denied');
		// Delegated under the older name only.
		browser(
			{ 'loopback-network': 'granted' },
			{ 'loopback-network': false, 'local-network-access': true },
			true
		);
		expect((await explainFailure()).block).toBeNull();
	});

	it('does not blame a permission still to be asked: pages on this device show it too', () => {
		const prompt = { state: 'prompt' as const, framed: false, policyAllows: true, secure: true };
		expect(blockOf(prompt)).toBeNull();
		expect(mayAsk(prompt, 'localhost')).toBe(false);
		expect(mayAsk(prompt, '127.0.0.1')).toBe(false);
		expect(mayAsk(prompt, 'portal.example.com')).toBe(true);
		expect(mayAsk({ ...prompt, state: 'granted' }, 'portal.example.com')).toBe(false);
	});

	it('says what stopped the call, in words, and offers no address change for it', () => {
		const denied = new AgentNetworkError(
			'local-network',
			'http://localhost:29123',
			'https://portal.example',
			'denied'
		);
		expect(denied.message).toBe(
			'This browser does not let this page (https://portal.example) reach apps on this device, so it stops its calls to the agent at http://localhost:29123. The agent itself may be fine.'
		);
		expect(nextStep(denied)).toBeNull();
		const frame = new AgentNetworkError(
			'local-network',
			'http://localhost:29123',
			'https://c.example',
			'frame'
		);
		expect(frame.message).toMatch(/framed in does not let it reach apps on this device/);
		expect(frame.message).not.toMatch(/unreachable/);
		const insecure = new AgentNetworkError(
			'local-network',
			'http://localhost:29123',
			'http://portal.example',
			'insecure'
		);
		expect(insecure.message).toMatch(/only secure pages .* plain HTTP/);
		expect(nextStep(insecure)).toBeNull();
	});
});
