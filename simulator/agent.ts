import { Activity } from './activity.ts';
import { SimClock, type ClockTimer } from './clock.ts';
import { authenticationRoutes } from './controllers/authentication.ts';
import { driveRoutes } from './controllers/drives.ts';
import { fileRoutes } from './controllers/files.ts';
import { folderRoutes } from './controllers/folders.ts';
import { historyRoutes } from './controllers/history.ts';
import { managementRoutes } from './controllers/management.ts';
import { shareRoutes } from './controllers/shares.ts';
import { transferRoutes } from './controllers/transfers.ts';
import { userRoutes } from './controllers/users.ts';
import type { Fault } from './faults.ts';
import { LiveHub } from './live.ts';
import { SimState } from './model/state.ts';
import { OidcProvider } from './oidc.ts';
import type { SimulatorOptions } from './options.ts';
import { Planter } from './plant.ts';
import type { AgentContext, Route } from './routing.ts';
import { TokenIssuer } from './tokens.ts';
import { TransferBoard } from './transfers.ts';

/** The parts of the agent that tests and scripts reach into; the server hands them on as they are. */
export type AgentParts = {
	options: SimulatorOptions;
	state: SimState;
	tokens: TokenIssuer;
	live: LiveHub;
	/** The background work on the drives' files, and sync passes. */
	work: Activity;
	/** The current transfers (`/transfer/*`). */
	transfers: TransferBoard;
	oidc: OidcProvider;
	faults: Fault[];
	/** Real time plus an offset that tests move forward (`POST /__sim/clock`). */
	clock: SimClock;
	/** Back to the seeded start, options included; a pending return after Exit is dropped. */
	reset: () => void;
};

/**
 * The development agent without its HTTP server: the state, the tokens, the two channels, the
 * background work, the identity provider, the faults and the clock, wired together, with reset
 * and Exit. The server answers from it; tests reach into its parts.
 */
export type Agent = AgentParts & {
	/** The same parts, together, for the server to hand on. */
	parts: AgentParts;
	/** Every route, controller by controller, as the real agent has them. */
	routes: Route[];
	/** What the routes' handlers reach. */
	context: AgentContext;
	/** The credentials mode's planter (answers and frames). */
	planter: Planter;
	/** Whether the agent is away after Exit: it then answers nothing. */
	readonly down: boolean;
	log: (line: string) => void;
	/** Stops its timers for good (the server closes). */
	stop: () => void;
};

function agentRoutes(providerSlug: string): Route[] {
	return [
		...authenticationRoutes(providerSlug),
		...userRoutes(),
		...managementRoutes(),
		...driveRoutes(),
		...folderRoutes(),
		...fileRoutes(),
		...historyRoutes(),
		...shareRoutes(),
		...transferRoutes()
	];
}

/** The agent for these options; `dropConnections` cuts every HTTP connection when it exits. */
export function createAgent(options: SimulatorOptions, dropConnections: () => void): Agent {
	// What reset() returns to: the control surface and tests may change options at run time.
	const initial = structuredClone(options);
	const clock = new SimClock();
	const state = new SimState(options.users, options.seed, clock);
	const tokens = new TokenIssuer(options.tokenTtl, clock);
	const live = new LiveHub();
	const work = new Activity(state, {
		notify: (type, data) => live.notify(type, data),
		state: (frame) => live.broadcast('statechange', frame),
		transfer: (report) => transfers.follow(report)
	});
	const transfers = new TransferBoard({
		state,
		clock,
		notify: (type, data) => live.notify(type, data),
		activityRunning: () => live.activityRunning,
		work
	});
	live.onStep = () => work.step();
	const planter = new Planter();
	live.shape = (frame) => (options.plantCredentials ? planter.plant(frame) : frame);
	const oidc = new OidcProvider(options.oidcClientId);
	const faults: Fault[] = [];
	let down = false;
	let downTimer: ClockTimer | null = null;

	const log = (line: string) => {
		if (options.log) console.log(`[agent] ${new Date().toISOString().slice(11, 23)} ${line}`);
	};

	const reset = () => {
		clock.reset();
		clock.clearTimeout(downTimer);
		downTimer = null;
		Object.assign(options, structuredClone(initial));
		tokens.ttlSeconds = options.tokenTtl;
		state.reset();
		tokens.revokeAll();
		live.reset();
		work.reset();
		transfers.reset();
		live.disconnectAll();
		live.setActivity(options.eventsPerSecond);
		faults.length = 0;
		down = false;
	};

	/** Exit: close both sockets with 1000, stop answering for a while, then come back. */
	const exit = (then?: () => void) => {
		setTimeout(() => {
			const before = state.status;
			live.disconnectAll(1000, 'Agent exiting');
			down = true;
			dropConnections();
			log(`exit: away for ${options.restartSeconds} s`);
			downTimer = clock.setTimeout(() => {
				downTimer = null;
				down = false;
				state.status = before;
				then?.();
				log('exit: back');
			}, options.restartSeconds * 1000);
		}, 50);
	};

	const parts: AgentParts = {
		options,
		state,
		tokens,
		live,
		work,
		transfers,
		oidc,
		faults,
		clock,
		reset
	};
	return {
		...parts,
		parts,
		routes: agentRoutes(options.providerSlug),
		context: {
			state,
			tokens,
			options,
			oidc,
			exit,
			activity: (running) => live.setActivity(running ? options.eventsPerSecond : 0),
			work,
			notify: (type, data) => live.notify(type, data),
			transfers
		},
		planter,
		get down() {
			return down;
		},
		log,
		stop: () => {
			clock.clearTimeout(downTimer);
			work.reset();
			transfers.stop();
			live.close();
		}
	};
}
