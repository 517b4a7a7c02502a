import { authenticationRoutes } from './controllers/authentication.ts';
import { driveRoutes } from './controllers/drives.ts';
import { historyRoutes } from './controllers/history.ts';
import { managementRoutes } from './controllers/management.ts';
import { userRoutes } from './controllers/user.ts';
import type { Route } from './routing.ts';

export { matchRoute, type AgentContext } from './routing.ts';

/** Every route of the development agent, controller by controller, as the real agent has them. */
export function agentRoutes(providerSlug: string): Route[] {
	return [
		...authenticationRoutes(providerSlug),
		...userRoutes(),
		...managementRoutes(),
		...driveRoutes(),
		...historyRoutes()
	];
}
