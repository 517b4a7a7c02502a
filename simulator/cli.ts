import { OptionsError, parseOptions, USAGE } from './options.ts';
import { PortInUseError, startSimulator } from './server.ts';
import { USER_TYPE } from '../src/lib/contract.ts';

const typeName = (t: number) =>
	Object.entries(USER_TYPE).find(([, v]) => v === t)?.[0] ?? String(t);

/** `npm run sim`: the development agent on its own, with a banner of what it offers. */
async function main() {
	let options;
	try {
		options = parseOptions(process.argv.slice(2), process.env);
	} catch (error) {
		if (error instanceof OptionsError) {
			console.error(`${error.message}\n\n${USAGE}`);
			process.exit(2);
		}
		throw error;
	}
	if (options === 'help') {
		console.log(USAGE);
		return;
	}
	let sim;
	try {
		sim = await startSimulator(options);
	} catch (error) {
		if (error instanceof PortInUseError) {
			console.error(error.message);
			process.exit(1);
		}
		throw error;
	}
	const rows = sim.state.demo.map(
		(d) => `  ${d.username.padEnd(26)} ${typeName(d.type).padEnd(20)} ${d.note}`
	);
	console.log(
		[
			`Development agent listening on ${sim.url}`,
			`  sockets: ${sim.url.replace('http', 'ws')}/notification and /statechange`,
			`  allowed origins: ${sim.options.allowOrigins.join(', ')}`,
			`  ${sim.state.users.size} users, ${options.eventsPerSecond} background events/s`,
			sim.options.control ? `  control surface: ${sim.url}/__sim` : '  control surface: off',
			'',
			`Demo accounts (password for all: ${sim.state.demo[0]?.password ?? ''})`,
			...rows,
			`  TOTP secret of mfa@example.com: ${sim.state.demo.find((d) => d.totpSecret)?.totpSecret ?? ''}`,
			''
		].join('\n')
	);
	const stop = () => {
		void sim.close().then(() => process.exit(0));
	};
	process.once('SIGINT', stop);
	process.once('SIGTERM', stop);
}

await main();
