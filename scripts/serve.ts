import { parseArgs } from 'node:util';
import { isHostName } from '../simulator/host-check.ts';
import { developmentIdentityProvider } from '../simulator/oidc.ts';
import { DEFAULT_OPTIONS } from '../simulator/options.ts';
import { ensureBuild } from './ensure-build.ts';
import { startStaticServer } from './static-server.ts';

/**
 * Serves build/ only (for hosting, and for the end-to-end tests): `tsx scripts/serve.ts --port 4180`.
 * It answers only requests for localhost, loopback addresses and `--host`; behind a proxy that
 * passes on its own name, add that name with `--allow-host console.example.com` (repeatable).
 * `--dev-identity-provider` adds the development agent's sign-in provider to the served config.json,
 * for the tests against that agent; a console hosted for a real agent never has it.
 */
const { values } = parseArgs({
	options: {
		port: { type: 'string', default: '4173' },
		host: { type: 'string', default: '127.0.0.1' },
		root: { type: 'string', default: 'build' },
		base: { type: 'string', default: '' },
		'dev-identity-provider': { type: 'boolean', default: false },
		'allow-host': { type: 'string', multiple: true, default: [] }
	}
});
for (const name of values['allow-host']) {
	if (!isHostName(name)) {
		console.error(`--allow-host takes a host name like console.example.com, not "${name}".`);
		process.exit(1);
	}
}
if (values.root === 'build') ensureBuild();
const { server, url } = await startStaticServer({
	root: values.root,
	base: values.base,
	host: values.host,
	port: Number(values.port),
	allowHosts: values['allow-host'],
	configOverrides: values['dev-identity-provider']
		? { identityProvider: developmentIdentityProvider(DEFAULT_OPTIONS) }
		: undefined
});
console.log(`Console served at ${url}`);
const stop = () => server.close(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
