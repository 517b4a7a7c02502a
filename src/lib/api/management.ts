import { request, type RequestOptions } from './client.ts';
import { agentStatusSchema, checkUpdateSchema, emptySchema } from './schemas/agent.ts';

type Options = Pick<RequestOptions, 'signal' | 'agentUrl' | 'timeoutMs'>;

export function agentStatus(options: Options = {}) {
	return request(agentStatusSchema, '/management/agent_status', options);
}

export function checkUpdate(options: Options = {}) {
	return request(checkUpdateSchema, '/management/check_update', options);
}

/** One of the agent's commands (Pause, Resume, Dispose, Exit); the answer carries nothing. */
export function runCommand(cmd: number, options: Options = {}) {
	return request(emptySchema, `/management/command/${cmd}`, {
		...options,
		method: 'POST',
		auth: true
	});
}

/** Starts the agent's self-update: it exits, and the updater starts the new version. */
export function startUpdate(options: Options = {}) {
	return request(emptySchema, '/management/update', { ...options, method: 'POST', auth: true });
}
