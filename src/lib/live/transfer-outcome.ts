/**
 * How a transfer stands, from the agent's status and error. Plain code with no runes, so the
 * socket worker can read frames with it too.
 */

export type TransferOutcome = 'active' | 'completed' | 'failed';

export function outcomeOf(
	status: string | number | null | undefined,
	error: string | null | undefined
): TransferOutcome {
	const name = typeof status === 'string' ? status.toLowerCase().replace(/[\s_-]/g, '') : '';
	if (name === 'completed' || name === 'complete' || name === 'done' || name === 'succeeded')
		return 'completed';
	if (name === 'failed' || name === 'error' || name === 'cancelled' || name === 'canceled' || error)
		return 'failed';
	return 'active';
}
