import { describe, expect, it } from 'vitest';
import { actionWords, allowedActions, progressPercent } from './agent-control.svelte.ts';

describe('agent commands', () => {
	it('offers what each status allows, and nothing for a status it does not know', () => {
		expect(allowedActions(1)).toEqual(['pause', 'dispose', 'exit']);
		expect(allowedActions(4)).toEqual(['resume', 'dispose', 'exit']);
		expect(allowedActions(0)).toEqual(['exit']);
		expect(allowedActions(8)).toEqual(['exit']);
		expect(allowedActions(99)).toEqual([]);
		expect(allowedActions({ state: 'odd' })).toEqual([]);
	});

	it('says before what will happen, and names the version an update installs', () => {
		expect(actionWords('exit').consequences.join(' ')).toMatch(/does not come back by itself/);
		expect(actionWords('update', '3.5.0').consequences[0]).toMatch(/version 3\.5\.0/);
		expect(actionWords('update', null).consequences[0]).toMatch(/the new version/);
	});

	it('reads a percentage from an update frame under the usual names, clamped', () => {
		expect(progressPercent({ Stage: 'Downloading', Percent: 35 })).toBe(35);
		expect(progressPercent({ progress: 140 })).toBe(100);
		expect(progressPercent({ Percentage: -3 })).toBe(0);
		expect(progressPercent({ Stage: 'Installing' })).toBeNull();
		expect(progressPercent('50%')).toBeNull();
		expect(progressPercent(null)).toBeNull();
	});
});
