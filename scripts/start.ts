import { parseArgs } from 'node:util';
import {
	developmentIdentityProvider,
	parseOptions,
	PortInUseError,
	startSimulator,
	type Simulator
} from '../simulator/index.ts';
import { demoLines, frameAncestorOrigin, servedOrigins } from './console-options.ts';
import { ensureBuild } from './ensure-build.ts';
import { startStaticServer } from './static-server.ts';

/**
 * `npm start`: the development agent plus the built console, one command. With `--agent <url>` the
 * console alone, pointed at a real agent.
 */
const USAGE = `npm start [-- options]

  --port N        the console's port (or PORT=N)                    default 4173
  --host ADDRESS  the address the console listens on (or HOST=...)   default 127.0.0.1
  --agent URL     serve the console alone, pointed at this agent     default: start the development agent
  --frame-ancestor ORIGIN
                  a portal allowed to frame the console (repeat for more)  default: none
  --verbose       print the development agent's request log
  --help          this text`;

function fail(message: string): never {
	console.error(message);
	process.exit(1);
}

let values: {
	agent?: string;
	port: string;
	host: string;
	'frame-ancestor'?: string[];
	verbose?: boolean;
	help?: boolean;
};
try {
	({ values } = parseArgs({
		options: {
			agent: { type: 'string' },
			port: { type: 'string', default: process.env.PORT || '4173' },
			host: { type: 'string', default: process.env.HOST || '127.0.0.1' },
			'frame-ancestor': { type: 'string', multiple: true },
			verbose: { type: 'boolean' },
			help: { type: 'boolean' }
		}
	}));
} catch (error) {
	fail(`${(error as Error).message}\n\n${USAGE}`);
}
if (values.help) {
	console.log(USAGE);
	process.exit(0);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535)
	fail(`--port ${values.port}: give a port from 1 to 65535.`);

function frameAncestor(text: string): string {
	return (
		frameAncestorOrigin(text) ??
		fail(`--frame-ancestor ${text}: give an origin such as https://portal.example.com (no path).`)
	);
}
const frameAncestors = [...new Set((values['frame-ancestor'] ?? []).map(frameAncestor))];

let sim: Simulator | null = null;
let agentUrl: string;
let configOverrides: Record<string, unknown>;
if (values.agent) {
	// Loaded only here: the check's messages are over 2,000 modules, about 1.8 CPU-s to load.
	const { checkAgentUrl } = await import('../src/lib/agent-url.ts');
	const check = checkAgentUrl(values.agent);
	// An explicit --agent is the operator's decision, so a non-loopback host is allowed for it.
	const url = check.ok
		? check.url
		: check.reason === 'not-loopback'
			? new URL(values.agent).origin
			: null;
	if (!url) fail(`--agent ${values.agent}: ${check.ok ? '' : check.message}`);
	agentUrl = url;
	configOverrides = { agentUrl, ...(check.ok ? {} : { allowedAgentHosts: [new URL(url).host] }) };
} else {
	try {
		const options = parseOptions([], process.env);
		if (options === 'help') process.exit(0);
		sim = await startSimulator({
			...options,
			log: options.log && !!values.verbose,
			allowOrigins: [...new Set([...options.allowOrigins, ...servedOrigins(values.host, port)])]
		});
	} catch (error) {
		if (error instanceof PortInUseError) {
			fail(
				`${error.message}\nTo use the agent that is already running, run: npm start -- --agent http://localhost:29123`
			);
		}
		throw error;
	}
	agentUrl = 'http://localhost:' + sim.port;
	// The development agent's own sign-in provider, which no build ships.
	configOverrides = { agentUrl, identityProvider: developmentIdentityProvider(sim.options) };
}

try {
	ensureBuild();
} catch (error) {
	await sim?.close();
	fail((error as Error).message);
}

let site;
try {
	site = await startStaticServer({
		root: 'build',
		host: values.host,
		port,
		configOverrides: frameAncestors.length
			? { ...configOverrides, frameAncestors }
			: configOverrides
	});
} catch (error) {
	await sim?.close();
	fail((error as Error).message);
}

const lines = [
	'',
	`  Agent console: ${site.url}`,
	`  Agent:         ${agentUrl}${sim ? ' (development agent)' : ''}`
];
if (sim) {
	lines.push('', ...demoLines(sim));
} else {
	lines.push('', `  The agent must allow the origin ${site.url} (CORS).`);
}
if (frameAncestors.length) lines.push('', `  May be framed by: ${frameAncestors.join(', ')}`);
lines.push('', '  Press Ctrl-C to stop.', '');
console.log(lines.join('\n'));

let stopping = false;
const stop = async () => {
	if (stopping) return;
	stopping = true;
	console.log('Stopping.');
	site.server.closeAllConnections();
	await Promise.all([new Promise((r) => site.server.close(r)), sim?.close()]);
	process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
