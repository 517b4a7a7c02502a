export function socketUrl(agentUrl: string, channel: 'notification' | 'statechange'): string {
	const url = new URL(`/${channel}`, agentUrl);
	url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
	return url.href;
}
