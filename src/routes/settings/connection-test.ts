import { base } from '$app/paths';
import { checkAgentUrl } from '$lib/agent-url';
import { answersAtAll, pageOrigin, servedPolicy } from '$lib/api/client';
import { agentAddresses, connectSrcAllows } from '$lib/api/connect-src';
import { AgentContractError, AgentError, AgentHttpError, AgentNetworkError } from '$lib/api/errors';
import { agentStatus } from '$lib/api/management';
import type { LocalNetworkBlock } from '$lib/api/local-network';
import type { AgentStatusValue } from '$lib/api/schemas';

export type ConnectionOutcome =
	| { kind: 'refused'; message: string }
	| { kind: 'reachable'; url: string; status: AgentStatusValue }
	/** `mayAsk`: the browser may still ask the user before this page reaches the agent. */
	| { kind: 'unreachable'; url: string; mayAsk: boolean }
	| { kind: 'local-network'; url: string; block: LocalNetworkBlock; origin: string }
	| { kind: 'cors'; url: string; origin: string }
	/** The console's own server keeps the page from the address (`connect-src` of its policy). */
	| { kind: 'policy'; url: string }
	| { kind: 'timeout'; url: string; mayAsk: boolean }
	| { kind: 'not-agent'; url: string; detail: string }
	| { kind: 'error'; url: string; message: string };

const STATUS_PATH = '/management/agent_status';

/**
 * Tries an agent address and says what happened. A failed CORS call, a dead port and the
 * browser's local-network rules look the same to the page: the browser is asked about the last
 * (`request()` does), and a second, opaque `no-cors` request tells whether anything answered.
 */
export async function testConnection(
	input: string,
	allowedHosts: readonly string[],
	timeoutMs = 5000
): Promise<ConnectionOutcome> {
	const check = checkAgentUrl(input, allowedHosts);
	if (!check.ok) return { kind: 'refused', message: check.message };
	const url = check.url;
	// A web server in front of the console may send a policy of its own, which the browser obeys
	// before any request leaves: a refusal would look like a dead port.
	const policy = await servedPolicy(`${base}/config.json`);
	if (policy && !agentAddresses(url).every((a) => connectSrcAllows(policy, a, pageOrigin())))
		return { kind: 'policy', url };
	try {
		const status = await agentStatus({ agentUrl: url, timeoutMs });
		return { kind: 'reachable', url, status };
	} catch (error) {
		if (!(error instanceof AgentError)) throw error;
		if (error instanceof AgentNetworkError) {
			if (error.reason === 'timeout') return { kind: 'timeout', url, mayAsk: error.mayAsk };
			if (error.reason === 'local-network' && error.block)
				return { kind: 'local-network', url, block: error.block, origin: pageOrigin() };
			if (await answersAtAll(url, STATUS_PATH, timeoutMs))
				return { kind: 'cors', url, origin: pageOrigin() };
			return { kind: 'unreachable', url, mayAsk: error.mayAsk };
		}
		if (error instanceof AgentContractError)
			return { kind: 'not-agent', url, detail: error.detail };
		if (error instanceof AgentHttpError && (error.status === 404 || error.status === 405)) {
			return {
				kind: 'not-agent',
				url,
				detail: `It answered ${error.status} for the status endpoint.`
			};
		}
		return { kind: 'error', url, message: error.message };
	}
}
