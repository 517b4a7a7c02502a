export { startSimulator, maskToken, PortInUseError, type Simulator } from './server.ts';
export {
	DEFAULT_OPTIONS,
	DEFAULT_ALLOW_ORIGINS,
	parseOptions,
	type SimulatorOptions
} from './options.ts';
export { DEMO_PASSWORD, DEMO_TOTP_SECRET, USER_TYPE, USER_STATUS } from './seed.ts';
export { AGENT_STATUS } from '../src/lib/contract.ts';
export { currentTotp, type Fault } from './control.ts';
