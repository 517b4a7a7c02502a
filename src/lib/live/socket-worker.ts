/// <reference lib="webworker" />
import { version } from '$app/environment';
import { HANDOVER_CHANNEL } from './handover';
import { Hub, type HubPort } from './hub';

/**
 * The hub (`hub.ts`) off the page's main thread. As a SharedWorker it serves every tab of the
 * console, so each channel has one socket however many tabs listen; where SharedWorker is missing
 * a tab runs it as a dedicated Worker of its own, with the same messages. Either way it meets the
 * hubs of other builds, to hand over to a newer one (`handover.ts`).
 */

const hub = new Hub({ version });
// Tabs of an older and a newer build run a worker each until the older one hands over.
if (typeof BroadcastChannel !== 'undefined') hub.meet(new BroadcastChannel(HANDOVER_CHANNEL));
if ('onconnect' in self)
	(self as unknown as SharedWorkerGlobalScope).onconnect = (event) => hub.serve(event.ports[0]!);
else hub.serve(self as unknown as HubPort);
