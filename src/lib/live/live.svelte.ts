import type { NotificationFrame, StateChangeFrame } from '$lib/api/schemas/frames';
import { LiveChannel } from './channel.svelte';
import { parseNotification, parseStateChange } from './frames';

/** The agent's two channels, open while the user is in the signed-in area of the console. */
class Live {
	readonly notification = new LiveChannel<NotificationFrame>('notification', parseNotification);
	readonly statechange = new LiveChannel<StateChangeFrame>('statechange', parseStateChange);
	readonly channels = [this.notification, this.statechange] as const;

	start(agentUrl: string) {
		for (const channel of this.channels) channel.start(agentUrl);
	}

	stop() {
		for (const channel of this.channels) channel.stop();
	}
}

export const live = new Live();
