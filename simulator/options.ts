import { parseArgs } from 'node:util';
import { RESEND_COOLDOWN_S } from '../src/lib/contract.ts';
import { isHostName } from './host-check.ts';

export type SimulatorOptions = {
	host: string;
	port: number;
	allowOrigins: string[];
	/** Host names answered besides localhost's, loopback addresses and `host` (see host-check.ts). */
	allowHosts: string[];
	users: number;
	seed: number;
	eventsPerSecond: number;
	/** Lifetime of issued JWTs, in seconds. */
	tokenTtl: number;
	/** Lifetime of an MFA session, in seconds. */
	mfaTtl: number;
	/** Lifetime of a sign-up activation code, in seconds. */
	codeTtl: number;
	/** Wait before another activation code may be sent, in seconds. */
	resendCooldown: number;
	/** How long the agent stays away after the Exit command, in seconds. */
	restartSeconds: number;
	providerSlug: string;
	oidcClientId: string;
	control: boolean;
	log: boolean;
	maxBodyBytes: number;
	/** Time allowed to receive a request's headers and body, in milliseconds. */
	requestTimeoutMs: number;
	/** A credential in every text the agent sends (see plant.ts); set by the control surface. */
	plantCredentials: boolean;
	/**
	 * How a cache move is told (the contract leaves it open): 'model' puts `cacheMove` in the
	 * drive's model and sends CacheMove frames; 'summary' tells it only by the summary's status.
	 */
	cacheMoveNews: CacheMoveNews;
};

export const CACHE_MOVE_NEWS = ['model', 'summary'] as const;
export type CacheMoveNews = (typeof CACHE_MOVE_NEWS)[number];

/** The dashboard's dev server (5173) and `npm start` (4173), on both loopback names. */
export const DEFAULT_ALLOW_ORIGINS = [
	'http://localhost:5173',
	'http://127.0.0.1:5173',
	'http://localhost:4173',
	'http://127.0.0.1:4173'
];

export const DEFAULT_OPTIONS: SimulatorOptions = {
	host: '127.0.0.1',
	port: 29123,
	allowOrigins: DEFAULT_ALLOW_ORIGINS,
	allowHosts: [],
	users: 300,
	seed: 1,
	eventsPerSecond: 2,
	tokenTtl: 3600,
	mfaTtl: 180,
	codeTtl: 600,
	resendCooldown: RESEND_COOLDOWN_S,
	restartSeconds: 3,
	providerSlug: 'google',
	oidcClientId: 'agent-console-dev',
	control: true,
	log: true,
	maxBodyBytes: 64 * 1024,
	requestTimeoutMs: 15_000,
	plantCredentials: false,
	cacheMoveNews: 'model'
};

const FLAGS = {
	host: { type: 'string', env: 'SIM_HOST' },
	port: { type: 'string', env: 'SIM_PORT' },
	'allow-origin': { type: 'string', multiple: true, env: 'SIM_ALLOW_ORIGIN' },
	'allow-host': { type: 'string', multiple: true, env: 'SIM_ALLOW_HOST' },
	users: { type: 'string', env: 'SIM_USERS' },
	seed: { type: 'string', env: 'SIM_SEED' },
	'events-per-second': { type: 'string', env: 'SIM_EVENTS_PER_SECOND' },
	'token-ttl': { type: 'string', env: 'SIM_TOKEN_TTL' },
	'mfa-ttl': { type: 'string', env: 'SIM_MFA_TTL' },
	'code-ttl': { type: 'string', env: 'SIM_CODE_TTL' },
	'resend-cooldown': { type: 'string', env: 'SIM_RESEND_COOLDOWN' },
	'restart-seconds': { type: 'string', env: 'SIM_RESTART_SECONDS' },
	'provider-slug': { type: 'string', env: 'SIM_PROVIDER_SLUG' },
	'oidc-client-id': { type: 'string', env: 'SIM_OIDC_CLIENT_ID' },
	'cache-move-news': { type: 'string', env: 'SIM_CACHE_MOVE_NEWS' },
	'no-control': { type: 'boolean', env: 'SIM_NO_CONTROL' },
	quiet: { type: 'boolean', env: 'SIM_QUIET' },
	help: { type: 'boolean', env: '' }
} as const;

export const USAGE = `Usage: npm run sim -- [options]

  --host HOST               listen address (default 127.0.0.1)            SIM_HOST
  --port PORT               listen port (default 29123)                   SIM_PORT
  --allow-origin ORIGIN     browser origin allowed by CORS; repeatable    SIM_ALLOW_ORIGIN (comma-separated)
                            (default: localhost and 127.0.0.1 on 5173 and 4173)
  --allow-host NAME         a Host name answered besides localhost,       SIM_ALLOW_HOST (comma-separated)
                            loopback addresses and --host; repeatable
  --users N                 seeded users besides the demo accounts (300)  SIM_USERS
  --seed N                  seed for the generated data (1)              SIM_SEED
  --events-per-second N     background activity on the sockets; 0 = off (2)  SIM_EVENTS_PER_SECOND
  --token-ttl SECONDS       JWT lifetime (3600)                           SIM_TOKEN_TTL
  --mfa-ttl SECONDS         MFA session lifetime (180)                    SIM_MFA_TTL
  --code-ttl SECONDS        sign-up activation code lifetime (600)        SIM_CODE_TTL
  --resend-cooldown SECONDS wait between activation e-mails (30)          SIM_RESEND_COOLDOWN
  --restart-seconds SECONDS downtime after the Exit command (3)           SIM_RESTART_SECONDS
  --provider-slug SLUG      identity-provider route prefix (google)       SIM_PROVIDER_SLUG
  --oidc-client-id ID       client id of the development OIDC provider    SIM_OIDC_CLIENT_ID
  --cache-move-news HOW     a cache move told by the 'model' and frames,  SIM_CACHE_MOVE_NEWS
                            or by the 'summary' status only (model)
  --no-control              turn off the /__sim/ control surface          SIM_NO_CONTROL=1
  --quiet                   no request log                                SIM_QUIET=1
`;

export class OptionsError extends Error {}

function toNumber(name: string, value: string, min: number, max: number): number {
	const n = Number(value);
	if (!Number.isInteger(n) || n < min || n > max) {
		throw new OptionsError(
			`--${name} must be a whole number from ${min} to ${max}, not "${value}"`
		);
	}
	return n;
}

function truthy(value: string | undefined): boolean {
	return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/** Command line first, then its environment-variable twin, then the default. */
export function parseOptions(
	argv: string[],
	env: Record<string, string | undefined>
): SimulatorOptions | 'help' {
	const options = Object.fromEntries(
		Object.entries(FLAGS).map(([name, flag]) => [
			name,
			{ type: flag.type, multiple: 'multiple' in flag }
		])
	) as Record<string, { type: 'string' | 'boolean'; multiple: boolean }>;
	let values: Record<string, string | boolean | (string | boolean)[] | undefined>;
	try {
		values = parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
	} catch (error) {
		throw new OptionsError((error as Error).message);
	}
	if (values.help) return 'help';

	const get = (name: keyof typeof FLAGS): string | undefined => {
		const v = values[name];
		if (typeof v === 'string') return v;
		const fromEnv = env[FLAGS[name].env];
		return fromEnv === '' ? undefined : fromEnv;
	};
	const flag = (name: keyof typeof FLAGS): boolean =>
		values[name] === true || truthy(env[FLAGS[name].env]);

	const d = DEFAULT_OPTIONS;
	const origins = values['allow-origin'];
	const envOrigins = env.SIM_ALLOW_ORIGIN?.split(',')
		.map((s) => s.trim())
		.filter(Boolean);
	const fromArgs = Array.isArray(origins) ? origins.map(String) : [];
	const allowOrigins = fromArgs.length
		? fromArgs
		: envOrigins?.length
			? envOrigins
			: d.allowOrigins;
	for (const origin of allowOrigins) {
		if (origin !== '*' && !/^https?:\/\/[^/]+$/.test(origin)) {
			throw new OptionsError(
				`--allow-origin takes an origin like http://localhost:4173, not "${origin}"`
			);
		}
	}
	const hostArgs = values['allow-host'];
	const allowHosts = Array.isArray(hostArgs)
		? hostArgs.map(String)
		: (env.SIM_ALLOW_HOST?.split(',')
				.map((s) => s.trim())
				.filter(Boolean) ?? d.allowHosts);
	for (const name of allowHosts) {
		if (!isHostName(name)) {
			throw new OptionsError(`--allow-host takes a host name like agent.test, not "${name}"`);
		}
	}
	const news = get('cache-move-news') ?? d.cacheMoveNews;
	if (!(CACHE_MOVE_NEWS as readonly string[]).includes(news))
		throw new OptionsError(`--cache-move-news takes model or summary, not "${news}"`);
	const num = (name: keyof typeof FLAGS, fallback: number, min: number, max: number) => {
		const v = get(name);
		return v === undefined ? fallback : toNumber(name, v, min, max);
	};
	return {
		...d,
		host: get('host') ?? d.host,
		port: num('port', d.port, 0, 65535),
		allowOrigins,
		allowHosts,
		users: num('users', d.users, 0, 1_000_000),
		seed: num('seed', d.seed, 0, 2 ** 31),
		eventsPerSecond: num('events-per-second', d.eventsPerSecond, 0, 100_000),
		tokenTtl: num('token-ttl', d.tokenTtl, 1, 365 * 86400),
		mfaTtl: num('mfa-ttl', d.mfaTtl, 1, 86400),
		codeTtl: num('code-ttl', d.codeTtl, 1, 86400 * 30),
		resendCooldown: num('resend-cooldown', d.resendCooldown, 0, 86400),
		restartSeconds: num('restart-seconds', d.restartSeconds, 0, 600),
		providerSlug: (get('provider-slug') ?? d.providerSlug).toLowerCase(),
		oidcClientId: get('oidc-client-id') ?? d.oidcClientId,
		cacheMoveNews: news as CacheMoveNews,
		control: !flag('no-control'),
		log: !flag('quiet')
	};
}
