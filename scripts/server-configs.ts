import { securityHeaders } from './static-server.ts';

/**
 * The release archive's web server configurations (nginx, Caddy, IIS), written from the console's
 * own server's definitions (scripts/static-server.ts) when the archive is made, so that none of
 * them can drift from what `npm start` sends: its security headers, the Content-Security-Policy for
 * the config.json shipped beside them, its cache rules, the page fallback to index.html and a 404
 * for a missing file under `/_app/`. scripts/server-configs.spec.ts serves a build with nginx and
 * Caddy and compares their answers with the console's server; it reads IIS's file.
 *
 * Every configuration serves the archive's `build/` folder as it is: a URL's path is the file's
 * path under it. A console built for a sub-path (`BASE_PATH=/admin`) sits in `build/admin/`.
 */

export type ConfigFile = Parameters<typeof securityHeaders>[0];

export type ServerConfigOptions = {
	/** The config.json shipped with the build: the CSP's connect-src and frame-ancestors. */
	config: ConfigFile;
	/** The sub-path the console was built for, e.g. `/admin`; empty for the root. */
	base?: string;
};

/** The hashed files, named by their content, are kept a year; everything else is revalidated. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';

/** Where the configurations expect the archive's build/ folder; the reader puts in theirs. */
export const DEFAULT_ROOT = '/srv/agent-console/build';
export const DEFAULT_PORT = 80;

const titleCase = (name: string) =>
	name.replace(/(^|-)([a-z])/g, (_, dash, c) => dash + c.toUpperCase());

function headerList(config: ConfigFile): [string, string][] {
	return Object.entries(securityHeaders(config)).map(([name, value]) => [titleCase(name), value]);
}

function cleanBase(base = ''): string {
	const trimmed = base.replace(/\/+$/, '');
	if (trimmed && !/^(\/[\w.-]+)+$/.test(trimmed)) throw new Error(`Not a base path: ${base}`);
	return trimmed;
}

const regexp = (path: string) => path.replace(/[.]/g, '\\.');

export function nginxConfig({ config, base }: ServerConfigOptions): string {
	const b = cleanBase(base);
	const headers = headerList(config)
		.map(([name, value]) => `    add_header ${name} "${value}" always;`)
		.join('\n');
	const redirects = b
		? `
    # Everything lives under ${b}/; the bare host goes there, and nothing else is served.
    location = /    { return 302 ${b}/; }
    location = ${b} { return 302 ${b}/; }
    location /      { return 404; }
`
		: '';
	return `# The agent console, as its own server (scripts/static-server.ts) serves it: written by
# \`npm run release\` from the same header definitions. Include it in nginx's http block (e.g. as
# /etc/nginx/conf.d/agent-console.conf), set \`root\` to the archive's build/ folder and \`listen\` to
# your port (add TLS as usual).${b ? `\n# Built for the sub-path ${b}: the console's files are in build${b}/.` : ''}
#
# Keep the Content-Security-Policy in step with build${b}/config.json: an \`allowedAgentHosts\` host
# goes into connect-src as http://, https://, ws:// and wss://host, a \`frameAncestors\` origin into
# frame-ancestors (or make the archive again with \`npm run release\`).

# Cache-Control by status and path: a year for the hashed files under ${b}/_app/immutable/, only
# when found (a 404 must not be kept); revalidate everything else.
map "$status $uri" $console_cache_control {
    "~^(200|304) ${regexp(b)}/_app/immutable/"  "${CACHE_IMMUTABLE}";
    default  "${CACHE_REVALIDATE}";
}

server {
    listen ${DEFAULT_PORT};
    root ${DEFAULT_ROOT};
    index index.html;
    # The build writes .gz and .br beside every text file. For .br, load the brotli module
    # (Debian: libnginx-mod-http-brotli-static) and add: brotli_static on;
    gzip_static on;
    server_tokens off;
    absolute_redirect off;               # Location: as the console's server sends it, a path

    # Every header here, none in a location: nginx drops all of a server's add_header lines for a
    # location that has one of its own.
${headers}
    add_header Cache-Control $console_cache_control always;
${redirects}
    location ${b}/_app/ { try_files $uri =404; }${' '.repeat(Math.max(1, 8 - b.length))}# the app's own files: no page fallback
    location ${b}/      { try_files $uri ${b}/index.html; }   # pages: the SPA fallback
}
`;
}

export function caddyfile({ config, base }: ServerConfigOptions): string {
	const b = cleanBase(base);
	const headers = headerList(config)
		.map(([name, value]) => `\t\t${name} "${value}"`)
		.join('\n');
	const files = `file_server {\n\t\t\tprecompressed br gzip\n\t\t}`;
	const redirects = b
		? `
	# Everything lives under ${b}/; the bare host goes there, and nothing else is served.
	redir / ${b}/
	redir ${b} ${b}/
`
		: '';
	return `# The agent console, as its own server (scripts/static-server.ts) serves it: written by
# \`npm run release\` from the same header definitions. Run it as it is
# (\`caddy run --config Caddyfile --adapter caddyfile\`) or paste the site into yours; set \`root\` to
# the archive's build/ folder and the address to yours (a domain name gets HTTPS by itself).${b ? `\n# Built for the sub-path ${b}: the console's files are in build${b}/.` : ''}
#
# Keep the Content-Security-Policy in step with build${b}/config.json: an \`allowedAgentHosts\` host
# goes into connect-src as http://, https://, ws:// and wss://host, a \`frameAncestors\` origin into
# frame-ancestors (or make the archive again with \`npm run release\`).

(console_headers) {
	header {
${headers}
		-Server
	}
}

:${DEFAULT_PORT} {
	root * ${DEFAULT_ROOT}
	import console_headers
${redirects}
	# The hashed files, named by their content: kept a year.
	handle ${b}/_app/immutable/* {
		header Cache-Control "${CACHE_IMMUTABLE}"
		${files}
	}
	# The app's own files: no page fallback, a missing one is a 404.
	handle ${b}/_app/* {
		header Cache-Control "${CACHE_REVALIDATE}"
		${files}
	}
	# Pages: the SPA fallback.
	handle${b ? ` ${b}/*` : ''} {
		header Cache-Control "${CACHE_REVALIDATE}"
		try_files {path} ${b}/index.html
		${files}
	}${
		b
			? `
	handle {
		error 404
	}`
			: ''
	}
	# An error answer has the headers too, and is never kept.
	handle_errors {
		import console_headers
		header Cache-Control "${CACHE_REVALIDATE}"
		respond "{err.status_code} {err.status_text}"
	}
}
`;
}

const xmlAttribute = (value: string) =>
	value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function iisWebConfig({ config, base }: ServerConfigOptions): string {
	const b = cleanBase(base);
	const path = b.slice(1);
	const headers = headerList(config)
		.map(([name, value]) => `\t\t\t\t<add name="${name}" value="${xmlAttribute(value)}" />`)
		.join('\n');
	const redirect = b
		? `
				<!-- Everything lives under ${b}/; the bare host goes there, and nothing else is served. -->
				<rule name="Console: to its path" stopProcessing="true">
					<match url="^(${regexp(path)})?$" />
					<action type="Redirect" url="${b}/" redirectType="Found" />
				</rule>
				<rule name="Console: nothing else" stopProcessing="true">
					<match url="^${regexp(path)}/" negate="true" />
					<action type="CustomResponse" statusCode="404" statusReason="Not Found" statusDescription="Not found" />
				</rule>`
		: '';
	const prefix = b ? `${regexp(path)}/` : '';
	return `<?xml version="1.0" encoding="UTF-8"?>
<!--
	The agent console, as its own server (scripts/static-server.ts) serves it: written by
	\`npm run release\` from the same header definitions. Copy this file into the site's folder (the
	archive's build/ folder). Needs IIS's URL Rewrite module.${b ? `\n\tBuilt for the sub-path ${b}: the console's files are in build${b}/.` : ''}
	Keep the Content-Security-Policy in step with build${b}/config.json: an allowedAgentHosts host goes
	into connect-src as http://, https://, ws:// and wss://host, a frameAncestors origin into
	frame-ancestors (or make the archive again with \`npm run release\`).
-->
<configuration>
	<system.webServer>
		<httpProtocol>
			<customHeaders>
				<remove name="X-Powered-By" />
${headers}
			</customHeaders>
		</httpProtocol>
		<staticContent>
			<remove fileExtension=".json" />
			<mimeMap fileExtension=".json" mimeType="application/json" />
		</staticContent>
		<rewrite>
			<rules>${redirect}
				<!-- The app's own files: no page fallback, a missing one is a 404. -->
				<rule name="Console: app files" stopProcessing="true">
					<match url="^${prefix}_app/" />
					<action type="None" />
				</rule>
				<!-- Pages: the SPA fallback. -->
				<rule name="Console: pages" stopProcessing="true">
					<match url="^${prefix}" />
					<conditions>
						<add input="{REQUEST_FILENAME}" matchType="IsFile" negate="true" />
					</conditions>
					<action type="Rewrite" url="${b}/index.html" />
				</rule>
			</rules>
			<outboundRules>
				<!-- The hashed files, named by their content: kept a year, only when found. -->
				<rule name="Console: cache immutable" stopProcessing="true">
					<match serverVariable="RESPONSE_Cache_Control" pattern=".*" />
					<conditions>
						<add input="{REQUEST_URI}" pattern="^${regexp(b)}/_app/immutable/" />
						<add input="{RESPONSE_STATUS}" pattern="^(200|304)$" />
					</conditions>
					<action type="Rewrite" value="${CACHE_IMMUTABLE}" />
				</rule>
				<!-- Everything else is revalidated. -->
				<rule name="Console: cache revalidate">
					<match serverVariable="RESPONSE_Cache_Control" pattern=".*" />
					<action type="Rewrite" value="${CACHE_REVALIDATE}" />
				</rule>
			</outboundRules>
		</rewrite>
	</system.webServer>
</configuration>
`;
}
