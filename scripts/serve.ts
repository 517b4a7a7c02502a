import { parseArgs } from 'node:util';
import { developmentIdentityProvider } from '../simulator/oidc.ts';
import { DEFAULT_OPTIONS } from '../simulator/options.ts';
import { ensureBuild } from './ensure-build.ts';
import { startStaticServer } from './static-server.ts';

/**
 * Serves build/ only (for hosting, and for the end-to-end tests): `tsx scripts/serve.ts --port 4180`.
 * `--dev-identity-provider` adds the development agent's sign-in provider to the served config.json,
 * for the tests against that agent; a console hosted for a real agent never has it.
 */
const { values } = parseArgs({
	options: {
		port: { type: 'string', default: '4173' },
		host: { type: 'string', default: '127.0.0.1' },
		root: { type: 'string', default: 'build' },
		base: { type: 'string', default: '' },
		'dev-identity-provider': { type: 'boolean', default: false }
	}
});
if (values.root === 'build') ensureBuild();
const { server, url } = await startStaticServer({
	root: values.root,
	base: values.base,
	host: values.host,
	port: Number(values.port),
	configOverrides: values['dev-identity-provider']
		? { identityProvider: developmentIdentityProvider(DEFAULT_OPTIONS) }
		: undefined
});
console.log(`Console served at ${url}`);
const stop = () => server.close(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
