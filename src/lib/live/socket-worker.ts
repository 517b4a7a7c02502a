/// <reference lib="webworker" />
import { Hub, type HubPort } from './hub';

/**
 * The hub (`hub.ts`) off the page's main thread. As a SharedWorker it serves every tab of the
 * console, so each channel has one socket however many tabs listen; where SharedWorker is missing
 * a tab runs it as a dedicated Worker of its own, with the same messages.
 */

const hub = new Hub();
if ('onconnect' in self)
	(self as unknown as SharedWorkerGlobalScope).onconnect = (event) => hub.serve(event.ports[0]!);
else hub.serve(self as unknown as HubPort);
