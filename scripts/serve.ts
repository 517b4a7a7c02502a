import { parseArgs } from 'node:util';
import { ensureBuild } from './ensure-build.ts';
import { startStaticServer } from './static-server.ts';

/** Serves build/ only (used by the end-to-end tests and for hosting): `tsx scripts/serve.ts --port 4180`. */
const { values } = parseArgs({
	options: {
		port: { type: 'string', default: '4173' },
		host: { type: 'string', default: '127.0.0.1' },
		root: { type: 'string', default: 'build' },
		base: { type: 'string', default: '' }
	}
});
if (values.root === 'build') ensureBuild();
const { server, url } = await startStaticServer({
	root: values.root,
	base: values.base,
	host: values.host,
	port: Number(values.port)
});
console.log(`Console served at ${url}`);
const stop = () => server.close(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
