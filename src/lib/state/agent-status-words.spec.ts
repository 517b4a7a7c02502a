import { describe, expect, it } from 'vitest';
import { AgentContractError, AgentHttpError, AgentNetworkError } from '$lib/api/errors';
import { backoffMs } from './agent-status.svelte.ts';
import { describeReading } from './agent-status-words.ts';

const at = new Date();
const err = (error: AgentHttpError | AgentNetworkError | AgentContractError) =>
	describeReading({ state: 'error', error, at, retryAt: at }, 'http://localhost:1');

describe('describeReading', () => {
	it('names each status with a tone', () => {
		expect(describeReading({ state: 'ok', value: 1, at }, '')).toEqual({
			label: 'Running',
			detail: 'Running with a signed-in user.',
			tone: 'good'
		});
		expect(describeReading({ state: 'ok', value: 2, at }, '').tone).toBe('bad');
		expect(describeReading({ state: 'ok', value: 77, at }, '')).toMatchObject({
			label: 'Unknown status (77)',
			tone: 'neutral'
		});
		expect(describeReading({ state: 'ok', value: { State: 'Running' }, at }, '').detail).toContain(
			'{"State":"Running"}'
		);
	});

	it('tells unreachable, slow, wrong service and errors apart', () => {
		expect(err(new AgentNetworkError('unreachable', 'http://localhost:1', 'o')).label).toBe(
			'Unreachable'
		);
		expect(err(new AgentNetworkError('timeout', 'http://localhost:1', 'o', 8000)).label).toBe(
			'Not answering'
		);
		expect(err(new AgentHttpError(404, null)).label).toBe('Not an agent');
		expect(err(new AgentContractError('The body is not JSON.', '<html>')).detail).toContain(
			'The body is not JSON.'
		);
		expect(err(new AgentHttpError(500, null)).label).toBe('Error 500');
	});

	it('says stopped or restarting when the agent is away because it was told to be', () => {
		const reading = {
			state: 'error' as const,
			error: new AgentNetworkError('unreachable', 'http://localhost:1', 'o'),
			at,
			retryAt: at
		};
		expect(describeReading(reading, '', 'stop')).toMatchObject({ label: 'Stopped', tone: 'bad' });
		expect(describeReading(reading, '', 'restart')).toMatchObject({ label: 'Restarting' });
		expect(describeReading({ state: 'ok', value: 1, at }, '', 'stop')).toMatchObject({
			label: 'Stopping…',
			tone: 'warn'
		});
		expect(describeReading({ state: 'checking' }, '', 'stop').label).toBe('Stopping…');
	});
});

describe('backoffMs', () => {
	it('doubles from 2 s up to a minute', () => {
		expect([1, 2, 3, 4, 5, 6, 7, 20].map(backoffMs)).toEqual([
			2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000
		]);
	});
});
