import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isHostName } from '../simulator/host-check.ts';
import { isLoopbackHost } from '../src/lib/loopback.ts';
import type { Simulator } from '../simulator/index.ts';
import { demoLines, frameAncestorOrigin, servedOrigins } from './console-options.ts';
import { doctor, formatChecks, originOf, probeAgent } from './doctor.ts';
import { startStaticServer } from './static-server.ts';

/**
 * The packaged command, `npx agent-console`: serves the prebuilt console (build/, beside this file's
 * folder) with the headers of scripts/static-server.ts. `npm pack` bundles this file and what it
 * imports into plain JavaScript (scripts/bundle-command.ts), so it runs on Node alone.
 */
const USAGE = `agent-console: the agent's admin console, served on this computer.

  agent-console [--agent URL] [--port N] [options]
  agent-console --demo [--port N]            with the development agent and its demo accounts
  agent-console doctor [--agent URL] [--origin URL]
                                             checks what stands between the console and the agent

  --agent URL     the agent's address                      default: config.json's, http://localhost:29123
  --port N        the console's port                       default 4173
  --host ADDRESS  the address the console listens on       default 127.0.0.1
  --frame-ancestor ORIGIN
                  a portal allowed to frame the console (repeat for more)
  --allow-host NAME
                  a host name the console answers besides localhost's, as a proxy passes it on
                  (repeat for more)
  --origin URL    (doctor) the origin the console is opened at   default http://localhost:4173
  --help          this text`;

const ROOT = fileURLToPath(new URL('../build', import.meta.url));

/** Bad input: said in words, with the usage, and exit code 2. */
function refuse(message: string): never {
	console.error(`${message}\n\nRun agent-console --help for the options.`);
	process.exit(2);
}

function parse(args: string[], doctorMode: boolean) {
	try {
		return parseArgs({
			args,
			allowPositionals: false,
			options: {
				agent: { type: 'string' },
				help: { type: 'boolean' },
				...(doctorMode
					? { origin: { type: 'string' } }
					: {
							port: { type: 'string', default: '4173' },
							host: { type: 'string', default: '127.0.0.1' },
							'frame-ancestor': { type: 'string', multiple: true, default: [] },
							'allow-host': { type: 'string', multiple: true, default: [] },
							demo: { type: 'boolean' }
						})
			}
		}).values as {
			agent?: string;
			help?: boolean;
			origin?: string;
			port?: string;
			host?: string;
			'frame-ancestor'?: string[];
			'allow-host'?: string[];
			demo?: boolean;
		};
	} catch (error) {
		refuse((error as Error).message);
	}
}

/** The agent's origin; a host off this device is the operator's decision, so it is allowed. */
function agentOrigin(text: string): string {
	const origin = originOf(text);
	if (!origin)
		refuse(`--agent ${text}: give the agent's address, such as http://localhost:29123 (no path).`);
	// A Content-Security-Policy cannot name an IPv6 literal, so the browser would block it.
	if (new URL(origin).hostname.startsWith('['))
		refuse(
			`--agent ${text}: an IPv6 address cannot be allowed to the page; use localhost or a host name.`
		);
	return origin;
}

async function runDoctor(args: string[]) {
	const values = parse(args, true);
	if (values.help) {
		console.log(USAGE);
		return;
	}
	const origin = originOf(values.origin ?? 'http://localhost:4173');
	if (!origin)
		refuse(`--origin ${values.origin}: give the console's origin, such as http://localhost:4173.`);
	const checks = await doctor({
		agent: values.agent === undefined ? undefined : agentOrigin(values.agent),
		origin,
		root: ROOT
	});
	console.log(formatChecks(checks));
	process.exitCode = checks.some((c) => c.ok === false) ? 1 : 0;
}

async function serve(args: string[]) {
	const values = parse(args, false);
	if (values.help) {
		console.log(USAGE);
		return;
	}
	const port = Number(values.port);
	if (!/^\d+$/.test(values.port ?? '') || port < 1 || port > 65535)
		refuse(`--port ${values.port}: give a port from 1 to 65535.`);
	const host = values.host ?? '127.0.0.1';
	if (values.demo && values.agent) refuse('--demo runs its own agent: leave out --agent.');
	const frameAncestors = [
		...new Set(
			(values['frame-ancestor'] ?? []).map(
				(text) =>
					frameAncestorOrigin(text) ??
					refuse(
						`--frame-ancestor ${text}: give an origin such as https://portal.example.com (no path).`
					)
			)
		)
	];
	const allowHosts = values['allow-host'] ?? [];
	for (const name of allowHosts)
		if (!isHostName(name))
			refuse(`--allow-host takes a host name like console.example.com, not "${name}".`);
	if (!existsSync(`${ROOT}/index.html`)) {
		console.error(
			`No built console at ${ROOT}: this package was packed without one (npm run build first).`
		);
		process.exit(1);
	}

	let sim: Simulator | null = null;
	let agent: string;
	let overrides: Record<string, unknown> = {};
	if (values.demo) {
		// Loaded only for --demo: the development agent is most of this package's code.
		const { developmentIdentityProvider, parseOptions, PortInUseError, startSimulator } =
			await import('../simulator/index.ts');
		let options;
		try {
			// The development agent's own settings (SIM_PORT and the rest), as `npm start` reads them.
			options = parseOptions([], process.env);
		} catch (error) {
			refuse((error as Error).message);
		}
		if (options === 'help') process.exit(0);
		try {
			sim = await startSimulator({
				...options,
				log: false,
				allowOrigins: [...new Set([...options.allowOrigins, ...servedOrigins(host, port)])]
			});
		} catch (error) {
			if (error instanceof PortInUseError)
				refuse(
					`${error.message}\nTo use the agent running there: agent-console --agent http://localhost:29123`
				);
			throw error;
		}
		agent = `http://localhost:${sim.port}`;
		overrides = { agentUrl: agent, identityProvider: developmentIdentityProvider(sim.options) };
	} else if (values.agent) {
		agent = agentOrigin(values.agent);
		const hostname = new URL(agent).hostname;
		overrides = {
			agentUrl: agent,
			...(isLoopbackHost(hostname) ? {} : { allowedAgentHosts: [new URL(agent).host] })
		};
	} else {
		agent = 'http://localhost:29123';
	}
	if (frameAncestors.length) overrides.frameAncestors = frameAncestors;

	let site;
	try {
		site = await startStaticServer({
			root: ROOT,
			host,
			port,
			allowHosts,
			configOverrides: overrides
		});
	} catch (error) {
		await sim?.close();
		console.error((error as Error).message);
		process.exit(1);
	}
	const probe = await probeAgent(agent, site.url);
	const answered =
		probe.kind === 'answered'
			? `answered its status probe: ${probe.status} (${probe.statusName})${probe.allowsOrigin ? ', and allows this origin' : `, but does not allow ${site.url} yet`}`
			: probe.kind === 'silent'
				? `did not answer (${probe.reason}); start it, then reload the page`
				: `answered, but not as the agent does: ${probe.detail}`;
	const lines = [
		'',
		`  Agent console: ${site.url}`,
		`  Agent:         ${agent}${sim ? ' (development agent)' : ''} ${answered}.`
	];
	if (sim) lines.push('', ...demoLines(sim));
	else
		lines.push(
			'',
			`  Add to the agent's allowed origins (CORS): ${servedOrigins(host, port).join(', ')}`
		);
	if (frameAncestors.length) lines.push('', `  May be framed by: ${frameAncestors.join(', ')}`);
	lines.push('', `  If the page cannot reach the agent: agent-console doctor --origin ${site.url}`);
	lines.push('  Press Ctrl-C to stop.', '');
	console.log(lines.join('\n'));

	let stopping = false;
	const stop = async () => {
		if (stopping) return;
		stopping = true;
		site.server.closeAllConnections();
		await Promise.all([new Promise((r) => site.server.close(r)), sim?.close()]);
		process.exit(0);
	};
	process.once('SIGINT', () => void stop());
	process.once('SIGTERM', () => void stop());
}

const [first, ...rest] = process.argv.slice(2);
if (first === 'doctor') await runDoctor(rest);
else await serve(process.argv.slice(2));
