import { describe, expect, it } from 'vitest';
import { addressSpace, checkConfig, formatChecks, originOf } from './doctor.ts';

describe('agent-console doctor', () => {
	it('says what is wrong with a config.json, and where, with the next step', () => {
		const at = 'the config.json of this package';
		expect(checkConfig('{"agentUrl":"http://localhost:29123"}', at).check.ok).toBe(true);
		expect(checkConfig('{', at).check.text).toBe('The config.json of this package is not JSON.');
		expect(checkConfig('{"frameAncestors":"x"}', at).check.text).toMatch(
			/^The config.json of this package is not what the console reads: frameAncestors/
		);
		const remote = checkConfig('{"agentUrl":"http://agent.lan:29123"}', at).check;
		expect(remote.ok).toBe(false);
		expect(remote.next).toBe(
			'Next: add "agent.lan:29123" to allowedAgentHosts in the config.json of this package.'
		);
		expect(
			checkConfig('{"agentUrl":"http://agent.lan","allowedAgentHosts":["agent.lan"]}', at).check.ok
		).toBe(true);
		expect(checkConfig('{"frameAncestors":["https://portal.example/x"]}', at).check.ok).toBe(false);
	});

	it('tells the address spaces of Local Network Access apart', () => {
		expect(addressSpace('127.0.0.1')).toBe('loopback');
		expect(addressSpace('::1')).toBe('loopback');
		expect(addressSpace('192.168.1.4')).toBe('local');
		expect(addressSpace('172.20.0.1')).toBe('local');
		expect(addressSpace('172.32.0.1')).toBe('public');
		expect(addressSpace('fd00::1')).toBe('local');
		expect(addressSpace('::ffff:10.0.0.1')).toBe('local');
		expect(addressSpace('93.184.216.34')).toBe('public');
	});

	it('takes origins only, and prints one line a check', () => {
		expect(originOf('http://localhost:4173/')).toBe('http://localhost:4173');
		expect(originOf('http://localhost:4173/admin')).toBeNull();
		expect(originOf('ftp://localhost')).toBeNull();
		expect(
			formatChecks([
				{ ok: true, text: 'Fine.' },
				{ ok: false, text: 'Broken.', next: 'Next: mend it.' },
				{ ok: null, text: 'Worth knowing.' }
			])
		).toBe('ok    Fine.\nFAIL  Broken. Next: mend it.\nnote  Worth knowing.');
	});
});
