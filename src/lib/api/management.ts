import { request, type RequestOptions } from './client.ts';
import { agentStatusSchema, checkUpdateSchema } from './schemas/agent.ts';

type Options = Pick<RequestOptions, 'signal' | 'agentUrl' | 'timeoutMs'>;

export function agentStatus(options: Options = {}) {
	return request(agentStatusSchema, '/management/agent_status', options);
}

export function checkUpdate(options: Options = {}) {
	return request(checkUpdateSchema, '/management/check_update', options);
}
