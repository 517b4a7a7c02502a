export { startSimulator, PortInUseError, type Simulator } from './server.ts';
export {
	DEFAULT_OPTIONS,
	DEFAULT_ALLOW_ORIGINS,
	parseOptions,
	type SimulatorOptions
} from './options.ts';
export { DEMO_PASSWORD, DEMO_TOTP_SECRET } from './seed/users.ts';
export { USER_STATUS, USER_TYPE } from '../src/lib/contract.ts';
export { AGENT_STATUS } from '../src/lib/contract.ts';
export { currentTotp } from './control.ts';
export type { Fault } from './faults.ts';
export { developmentIdentityProvider } from './oidc.ts';
