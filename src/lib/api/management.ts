import { request, type RequestOptions } from './client.ts';
import { agentStatusSchema, checkUpdateSchema, emptySchema } from './schemas/agent.ts';

type Options = Pick<RequestOptions, 'signal' | 'agentUrl' | 'timeoutMs'>;

export const COMMAND = { Start: 0, Dispose: 1, Pause: 2, Resume: 4, Exit: 8 } as const;

export function agentStatus(options: Options = {}) {
	return request(agentStatusSchema, '/management/agent_status', options);
}

export function checkUpdate(options: Options = {}) {
	return request(checkUpdateSchema, '/management/check_update', options);
}

export function command(cmd: number, options: Options = {}) {
	return request(emptySchema, `/management/command/${cmd}`, {
		...options,
		method: 'POST',
		auth: cmd === COMMAND.Start
	});
}
