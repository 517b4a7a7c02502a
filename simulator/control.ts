import type { IncomingMessage } from 'node:http';
import { TOTP, Secret } from 'otpauth';
import {
	AGENT_STATUS,
	CHANNELS,
	DRIVE_TYPE,
	NOTIFICATION_TYPE,
	type ChannelName as Channel
} from '../src/lib/contract.ts';
import type { Activity } from './activity.ts';
import type { SimClock } from './clock.ts';
import { parseFault, type Fault } from './faults.ts';
import { BODY_METHODS, BodyTooLarge, readBody } from './http.ts';
import type { LiveHub, SocketMode } from './live.ts';
import { reportTally } from './model/drives.ts';
import { bigFolder } from './seed/files.ts';
import type { SimState } from './model/state.ts';
import type { OidcProvider } from './oidc.ts';
import { CACHE_MOVE_NEWS, type CacheMoveNews, type SimulatorOptions } from './options.ts';
import type { Reply } from './reply.ts';
import type { TokenIssuer } from './tokens.ts';
import type { TransferBoard } from './transfers.ts';

/**
 * What the control surface may reach of the development agent, and no more: the server hands it
 * these parts, so the two do not import each other.
 */
export type ControlContext = {
	options: Pick<
		SimulatorOptions,
		'allowOrigins' | 'plantCredentials' | 'eventsPerSecond' | 'cacheMoveNews'
	>;
	state: Pick<
		SimState,
		| 'addGenerated'
		| 'addHostile'
		| 'demo'
		| 'drives'
		| 'history'
		| 'opened'
		| 'outbox'
		| 'plan'
		| 'reseedDrives'
		| 'seatsLeft'
		| 'seatsUsed'
		| 'shares'
		| 'sharedDriveSyncs'
		| 'status'
		| 'update'
	>;
	tokens: Pick<TokenIssuer, 'revokeAll'>;
	live: Pick<
		LiveHub,
		| 'broadcast'
		| 'clientCount'
		| 'disconnectAll'
		| 'flood'
		| 'mode'
		| 'notify'
		| 'sent'
		| 'setActivity'
	>;
	work: Pick<Activity, 'finishOne' | 'reset' | 'syncing'>;
	transfers: Pick<TransferBoard, 'all' | 'clear' | 'reset'>;
	oidc: Pick<OidcProvider, 'authorize' | 'decide' | 'discovery' | 'issue' | 'jwks'>;
	faults: Fault[];
	clock: Pick<SimClock, 'advance' | 'date'>;
	/** Everything back to its start: state, tokens, sockets, faults, clock and options. */
	reset: () => void;
};

/** One call of the control surface: `b` is the body when it is a JSON object, else empty. */
type ControlCall = { sim: ControlContext; query: URLSearchParams; body: unknown; b: Obj };
type Endpoint = (call: ControlCall) => Reply | Promise<Reply>;

const SOCKET_MODES: SocketMode[] = ['normal', 'hang', 'close-at-once', 'refuse'];

const json = (body: unknown, status = 200): Reply => ({ status, body });
const bad = (message: string): Reply => json({ error: message }, 400);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

export function currentTotp(secret: string): string {
	return new TOTP({ secret: Secret.fromBase32(secret) }).generate();
}

/**
 * A frame too big for a request body to carry: a UserNotification of `bytes` bytes (up to 64 MB),
 * or one whose Data nests `depth` arrays deep (up to a million). Undefined when neither is asked.
 */
function hostileFrame(b: Obj): string | Reply | undefined {
	if (b.bytes !== undefined) {
		if (!Number.isInteger(b.bytes) || (b.bytes as number) < 32 || (b.bytes as number) > 64 << 20)
			return bad('bytes must be a whole number from 32 to 67108864');
		const head = `{"Type":${NOTIFICATION_TYPE.UserNotification},"Data":{"Message":"`;
		return `${head}${'x'.repeat((b.bytes as number) - head.length - 3)}"}}`;
	}
	if (b.depth !== undefined) {
		if (!Number.isInteger(b.depth) || (b.depth as number) < 1 || (b.depth as number) > 1_000_000)
			return bad('depth must be a whole number from 1 to 1000000');
		const depth = b.depth as number;
		return `{"Type":${NOTIFICATION_TYPE.UserNotification},"Data":${'['.repeat(depth)}${']'.repeat(depth)}}`;
	}
	return undefined;
}

const ENDPOINTS: Record<string, Endpoint> = {
	'GET /__sim': () =>
		json({
			endpoints: [
				'GET /__sim/accounts',
				'GET|DELETE /__sim/outbox',
				'POST /__sim/push {channel, frame | raw | bytes | depth, count?}',
				'GET|POST|DELETE /__sim/faults {path, method?, count?, status?, delayMs?, body?, text?, json?}',
				'GET /__sim/sockets (the sockets open on each channel)',
				'POST /__sim/sockets {action: drop|close, code?, mode?}',
				'POST /__sim/status {status}',
				'POST /__sim/update {isUpdateRequired, currentVersion?, newVersion?}',
				'POST /__sim/plan {adminUsers?, creativeUsers?, standardUsers?} (seats left)',
				'GET /__sim/drives (files per drive, sync passes running, folders opened in the explorer)',
				'POST /__sim/drives {empty?, filesPerDrive?} (no drives, or the seeded ones, with that many files)',
				'POST /__sim/drives/generate {count, backups?, filesPerDrive?, healthDelayMs?} (the seeded drives and that many more)',
				'POST /__sim/drives/hostile (drives and backups with odd ids, and trends with a day twice)',
				'POST /__sim/drives/{id} {field: value, ...} (a drive or backup changed behind the console: an AppNotification with Origin agent-app)',
				'POST /__sim/drives/refuse {field, kind?: drive|backup, code?, message?, id?} (the next create, or change of id, refused on that field)',
				'POST /__sim/transfer {id, path?, fail?} (one waiting file transferred at once)',
				'GET|POST /__sim/shares {empty} (the shares, whether a password is stored, mounts tried; or none)',
				'GET /__sim/transfers (the current transfers, and how each moves)',
				'POST /__sim/transfers {empty} (no current transfers, or the seeded ones)',
				'POST /__sim/files {id, count, folder?} (a folder of count files in sync added to a drive)',
				'POST /__sim/reset',
				'POST /__sim/id-token {email, name?, nonce?, audience?, expiresInSeconds?}',
				'POST /__sim/revoke',
				'GET|POST /__sim/clock {advanceSeconds}',
				'GET|POST /__sim/cors {allowOrigins}',
				'POST /__sim/activity {eventsPerSecond}',
				'POST /__sim/flood {perSecond, seconds}',
				'GET /__sim/stats',
				'POST /__sim/plant {on} (a credential in every text the agent sends, until reset)',
				'POST /__sim/cache-move-news {news: model|summary} (how a cache move is told, until reset)',
				'GET /__sim/oidc/.well-known/openid-configuration'
			]
		}),
	'GET /__sim/accounts': ({ sim }) =>
		json({
			accounts: sim.state.demo.map((d) => ({
				...d,
				...(d.totpSecret ? { currentCode: currentTotp(d.totpSecret) } : {})
			}))
		}),
	'GET /__sim/outbox': ({ sim, query }) => {
		const to = query.get('to')?.toLowerCase();
		return json({ messages: sim.state.outbox.filter((m) => !to || m.to.toLowerCase() === to) });
	},
	'DELETE /__sim/outbox': ({ sim }) => {
		sim.state.outbox = [];
		return json({ ok: true });
	},
	'POST /__sim/push': ({ sim, b }) => {
		const channel = b.channel as Channel;
		if (!CHANNELS.includes(channel)) return bad(`channel must be one of ${CHANNELS.join(', ')}`);
		const hostile = hostileFrame(b);
		if (typeof hostile === 'object') return hostile;
		if (hostile === undefined && !('frame' in b) && typeof b.raw !== 'string')
			return bad('give frame (any JSON), raw (text), bytes or depth');
		const count = Number.isInteger(b.count) ? Math.min(b.count as number, 100_000) : 1;
		for (let i = 0; i < count; i++)
			sim.live.broadcast(channel, hostile ?? ('frame' in b ? b.frame : (b.raw as string)));
		return json({ sent: count, clients: sim.live.clientCount(channel) });
	},
	'GET /__sim/faults': ({ sim }) => json({ faults: sim.faults }),
	'POST /__sim/faults': ({ sim, b }) => {
		const fault = parseFault(b);
		if (typeof fault === 'string') return bad(fault);
		sim.faults.push(fault);
		return json({ faults: sim.faults });
	},
	'DELETE /__sim/faults': ({ sim }) => {
		sim.faults.length = 0;
		return json({ faults: [] });
	},
	'GET /__sim/sockets': ({ sim }) =>
		json({
			notification: sim.live.clientCount('notification'),
			statechange: sim.live.clientCount('statechange'),
			mode: sim.live.mode
		}),
	'POST /__sim/sockets': ({ sim, b }) => {
		if (b.mode !== undefined) {
			if (!SOCKET_MODES.includes(b.mode as SocketMode))
				return bad(`mode must be one of ${SOCKET_MODES.join(', ')}`);
			sim.live.mode = b.mode as SocketMode;
		}
		if (b.action === 'drop') sim.live.disconnectAll();
		else if (b.action === 'close') {
			const code = Number.isInteger(b.code) ? (b.code as number) : 1000;
			if (code !== 1000 && (code < 3000 || code > 4999))
				return bad('code must be 1000 or 3000 to 4999');
			sim.live.disconnectAll(code, typeof b.reason === 'string' ? b.reason : '');
		} else if (b.action !== undefined) return bad('action must be drop or close');
		return json({ mode: sim.live.mode });
	},
	'POST /__sim/status': ({ sim, b }) => {
		const status = b.status;
		if (!Number.isInteger(status))
			return bad('status must be a whole number (0, 1, 2, 4, 8 or any other)');
		sim.state.status = status as number;
		return json({ status });
	},
	'POST /__sim/update': ({ sim, b }) => {
		if (typeof b.isUpdateRequired !== 'boolean')
			return bad('isUpdateRequired must be true or false');
		sim.state.update = {
			isUpdateRequired: b.isUpdateRequired,
			currentVersion:
				typeof b.currentVersion === 'string' ? b.currentVersion : sim.state.update.currentVersion,
			newVersion: typeof b.newVersion === 'string' ? b.newVersion : sim.state.update.newVersion
		};
		return json(sim.state.update);
	},
	'POST /__sim/drives': ({ sim, b }) => {
		if (b.empty !== undefined && typeof b.empty !== 'boolean')
			return bad('empty must be true or false');
		const files = b.filesPerDrive;
		if (
			files !== undefined &&
			(!Number.isInteger(files) || (files as number) < 1 || (files as number) > 500_000)
		)
			return bad('filesPerDrive must be a whole number from 1 to 500000');
		sim.work.reset();
		sim.state.reseedDrives(files === undefined ? {} : { filesPerDrive: files as number });
		if (b.empty) sim.state.drives = { drives: [], backups: [] };
		return json(drivesView(sim));
	},
	'GET /__sim/drives': ({ sim }) => json(drivesView(sim)),
	'POST /__sim/shares': ({ sim, b }) => {
		if (typeof b.empty !== 'boolean') return bad('empty must be true or false');
		if (b.empty) sim.state.shares = { smb: [], nfs: [], mountAttempts: 0 };
		return json(sharesView(sim));
	},
	'GET /__sim/shares': ({ sim }) => json(sharesView(sim)),
	'POST /__sim/drives/generate': ({ sim, b }) => {
		// The seeded drives, then this many more (an agent that runs thousands).
		const whole = (key: string, fallback: number, max: number) => {
			const v = b[key] ?? fallback;
			return Number.isInteger(v) && (v as number) >= 0 && (v as number) <= max
				? (v as number)
				: `${key} must be a whole number from 0 to ${max}`;
		};
		const options = {
			drives: whole('count', 0, 20_000),
			backups: whole('backups', 0, 20_000),
			filesPerDrive: whole('filesPerDrive', 6, 1000),
			healthDelayMs: whole('healthDelayMs', 0, 60_000)
		};
		const wrong = Object.values(options).find((v) => typeof v === 'string');
		if (wrong !== undefined) return bad(wrong as string);
		sim.work.reset();
		const { healthDelayMs, ...sizes } = options as Record<keyof typeof options, number>;
		sim.state.reseedDrives();
		sim.state.addGenerated(sizes);
		reportTally(sim.state.drives).healthDelayMs = healthDelayMs;
		return json(drivesView(sim));
	},
	'POST /__sim/drives/hostile': ({ sim }) => {
		// Odd ids (empty, slashes, twice, needing escapes) and trends with a day twice.
		sim.state.addHostile();
		return json(drivesView(sim));
	},
	'POST /__sim/drives/refuse': ({ sim, b }) => {
		// The agent's own refusal of the next create (or change of `id`), keyed by one field.
		const kind = b.kind ?? 'drive';
		if (kind !== 'drive' && kind !== 'backup') return bad('kind must be drive or backup');
		if (typeof b.field !== 'string' || !b.field) return bad('field (a request field) is required');
		for (const key of ['code', 'message', 'id'])
			if (b[key] !== undefined && typeof b[key] !== 'string') return bad(`${key} must be text`);
		const code = (b.code as string | undefined) ?? 'VALIDATION';
		const message = (b.message as string | undefined) ?? `The agent refused this ${b.field}.`;
		const id = b.id as string | undefined;
		const fault: Fault = {
			path: `/management/${kind === 'drive' ? 'clouddrive' : 'cloudbackup'}${id ? `/${id.toLowerCase()}` : ''}`,
			method: id ? 'PUT' : 'POST',
			count: 1,
			status: 499,
			body: 'json',
			json: { type: code, status: 499, errors: { [b.field]: [message] } }
		};
		sim.faults.push(fault);
		return json({ refusing: fault });
	},
	'POST /__sim/transfer': ({ sim, b }) => {
		// One file of a drive or backup transferred to its end at once, with its frames.
		if (typeof b.id !== 'string') return bad('id (a drive or backup id) is required');
		const all = [...sim.state.drives.drives, ...sim.state.drives.backups];
		const driveOrBackup = all.find((d) => d.id === b.id);
		if (!driveOrBackup) return bad(`no drive or backup with the id ${b.id}`);
		const path = typeof b.path === 'string' ? b.path : null;
		const done = sim.work.finishOne(driveOrBackup, path, b.fail === true);
		if (!done)
			return bad(
				path ? `no file ${path} in ${driveOrBackup.name}` : `nothing waits in ${driveOrBackup.name}`
			);
		return json({ path: done });
	},
	'GET /__sim/transfers': ({ sim }) =>
		json({
			transfers: sim.transfers.all.map((t) => ({
				...t.item,
				background: t.background,
				speed: t.speed,
				file: t.file !== undefined
			}))
		}),
	'POST /__sim/transfers': ({ sim, b }) => {
		// No current transfers at all (an idle agent), or the seeded ones again.
		if (typeof b.empty !== 'boolean') return bad('empty must be true or false');
		if (b.empty) sim.transfers.clear();
		else sim.transfers.reset();
		return json({ transfers: sim.transfers.all.length });
	},
	'POST /__sim/files': ({ sim, b }) => {
		// A very large folder in a drive (the bench's 50,000 entries): files in sync, one folder.
		const drive = sim.state.drives.drives.find((d) => d.id === b.id);
		if (!drive) return bad('id (a drive id) is required');
		const count = b.count;
		if (!Number.isInteger(count) || (count as number) < 1 || (count as number) > 200_000)
			return bad('count must be a whole number from 1 to 200000');
		const folder = typeof b.folder === 'string' ? b.folder.replace(/[\\/]+/g, '\\') : 'Big folder';
		const parts = folder.split('\\').filter(Boolean);
		if (!parts.length || parts.some((p) => p === '.' || p === '..'))
			return bad('folder must be a path inside the drive, without . or ..');
		for (const file of bigFolder(parts.join('\\'), count as number, sim.clock.date().getTime()))
			drive.files.push(file);
		drive.version++;
		return json({ id: drive.id, folder: parts.join('\\'), files: drive.files.length });
	},
	'POST /__sim/plan': ({ sim, b }) => {
		// Seats left per desktop type: the plan grows or shrinks to leave exactly that many.
		const used = sim.state.seatsUsed();
		for (const key of ['adminUsers', 'creativeUsers', 'standardUsers'] as const) {
			const left = b[key];
			if (left === undefined) continue;
			if (!Number.isInteger(left) || (left as number) < 0)
				return bad(`${key} must be a whole number of seats left, 0 or more`);
			sim.state.plan[key] = used[key] + (left as number);
		}
		return json(sim.state.seatsLeft());
	},
	'POST /__sim/reset': ({ sim }) => {
		sim.reset();
		return json({ ok: true, status: AGENT_STATUS.Created });
	},
	'POST /__sim/id-token': async ({ sim, b }) => {
		if (typeof b.email !== 'string' || !b.email.includes('@')) return bad('email is required');
		const idToken = await sim.oidc.issue({
			email: b.email,
			name: typeof b.name === 'string' ? b.name : undefined,
			nonce: typeof b.nonce === 'string' ? b.nonce : undefined,
			audience: typeof b.audience === 'string' ? b.audience : undefined,
			expiresInSeconds: Number.isInteger(b.expiresInSeconds)
				? (b.expiresInSeconds as number)
				: undefined
		});
		return json({ idToken });
	},
	'POST /__sim/clock': ({ sim, b }) => {
		const seconds = b.advanceSeconds;
		if (
			typeof seconds !== 'number' ||
			!Number.isFinite(seconds) ||
			seconds < 0 ||
			seconds > 366 * 86400
		)
			return bad('advanceSeconds must be from 0 to a year');
		sim.clock.advance(seconds * 1000);
		return json({ now: sim.clock.date().toISOString() });
	},
	'GET /__sim/clock': ({ sim }) => json({ now: sim.clock.date().toISOString() }),
	'POST /__sim/revoke': ({ sim }) => {
		sim.tokens.revokeAll();
		return json({ ok: true });
	},
	'GET /__sim/cors': ({ sim }) => json({ allowOrigins: sim.options.allowOrigins }),
	'POST /__sim/plant': ({ sim, b }) => {
		if (typeof b.on !== 'boolean') return bad('on must be true or false');
		sim.options.plantCredentials = b.on;
		return json({ on: b.on });
	},
	'POST /__sim/cache-move-news': ({ sim, b }) => {
		if (!CACHE_MOVE_NEWS.includes(b.news as CacheMoveNews))
			return bad(`news must be one of ${CACHE_MOVE_NEWS.join(', ')}`);
		sim.options.cacheMoveNews = b.news as CacheMoveNews;
		return json({ news: b.news });
	},
	'POST /__sim/cors': ({ sim, b }) => {
		const origins = b.allowOrigins;
		if (!Array.isArray(origins) || !origins.every((o) => typeof o === 'string')) {
			return bad('allowOrigins must be a list of origins');
		}
		sim.options.allowOrigins = origins as string[];
		return json({ allowOrigins: origins });
	},
	'POST /__sim/activity': ({ sim, b }) => {
		const eps = b.eventsPerSecond;
		if (!Number.isInteger(eps) || (eps as number) < 0)
			return bad('eventsPerSecond must be 0 or more');
		sim.options.eventsPerSecond = eps as number;
		sim.live.setActivity(eps as number);
		return json({ eventsPerSecond: eps });
	},
	'POST /__sim/flood': ({ sim, b }) => {
		const perSecond = b.perSecond;
		const seconds = b.seconds;
		if (
			!Number.isInteger(perSecond) ||
			(perSecond as number) < 1 ||
			(perSecond as number) > 100_000
		) {
			return bad('perSecond must be 1 to 100000');
		}
		if (typeof seconds !== 'number' || seconds <= 0 || seconds > 120)
			return bad('seconds must be up to 120');
		return json(sim.live.flood(perSecond as number, seconds));
	},
	'GET /__sim/stats': ({ sim }) =>
		json({
			sent: sim.live.sent,
			clients: {
				notification: sim.live.clientCount('notification'),
				statechange: sim.live.clientCount('statechange')
			},
			status: sim.state.status
		}),
	'GET /__sim/oidc/.well-known/openid-configuration': ({ sim }) => sim.oidc.discovery(),
	'GET /__sim/oidc/jwks': ({ sim }) => sim.oidc.jwks(),
	'GET /__sim/oidc/authorize': ({ sim, query }) => sim.oidc.authorize(query),
	'POST /__sim/oidc/authorize': ({ sim, body }) =>
		sim.oidc.decide(body instanceof URLSearchParams ? body : new URLSearchParams())
};

const JSON_TYPE = /^application\/json\s*(;|$)/i;
const MAX_BODY_BYTES = 1024 * 1024;

/** A request to the development control surface under /__sim/ (not part of the agent's API). */
export async function controlRequest(
	sim: ControlContext,
	req: IncomingMessage,
	method: string,
	path: string,
	query: URLSearchParams
): Promise<Reply> {
	const type = String(req.headers['content-type'] ?? '');
	// Changes only as JSON: a browser must then ask the CORS list first, so no other site can
	// post a plain-text or form request that adds its origin, revokes tokens or resets the agent.
	// The one form is the development identity provider's own sign-in page.
	if (
		method !== 'GET' &&
		method !== 'HEAD' &&
		path !== '/__sim/oidc/authorize' &&
		!JSON_TYPE.test(type)
	) {
		return json({ error: 'The control surface takes changes as application/json only.' }, 415);
	}
	let body: unknown;
	try {
		const raw = BODY_METHODS.has(method) ? await readBody(req, MAX_BODY_BYTES) : Buffer.alloc(0);
		const text = raw.toString('utf8');
		if (type.startsWith('application/x-www-form-urlencoded')) body = new URLSearchParams(text);
		else body = text ? JSON.parse(text) : undefined;
	} catch (error) {
		if (error instanceof BodyTooLarge)
			return { status: 413, headers: { connection: 'close' }, body: { error: 'body too large' } };
		return bad('body is not valid JSON');
	}
	return control(sim, method, path, query, body);
}

function control(
	sim: ControlContext,
	method: string,
	path: string,
	query: URLSearchParams,
	body: unknown
): Reply | Promise<Reply> {
	const key = `${method} ${path}`;
	const endpoint = Object.hasOwn(ENDPOINTS, key) ? ENDPOINTS[key] : undefined;
	const driveOrBackup = /^\/__sim\/drives\/([^/]+)$/.exec(path)?.[1];
	if (!endpoint && method === 'POST' && driveOrBackup !== undefined)
		return changeBehind(sim, decodeSegment(driveOrBackup), isObj(body) ? body : {});
	if (!endpoint)
		return json({ error: `No control endpoint ${method} ${path}. GET /__sim lists them.` }, 404);
	return endpoint({ sim, query, body, b: isObj(body) ? body : {} });
}

/** What the control surface says about the drives: sizes, sync passes, explorer windows opened. */
function drivesView(sim: ControlContext) {
	const row = (d: { id: string; name: string; files: unknown[] }) => ({
		id: d.id,
		name: d.name,
		files: d.files.length
	});
	return {
		drives: sim.state.drives.drives.map(row),
		backups: sim.state.drives.backups.map(row),
		syncing: sim.work.syncing,
		opened: sim.state.opened,
		sharedDriveSyncs: sim.state.sharedDriveSyncs,
		history: sim.state.history.length,
		/** Drives and backups removed through the API, and what each left in its folder. */
		removed: sim.state.drives.removed ?? [],
		/** Report calls by path without the id, since the drives were last seeded. */
		reads: reportTally(sim.state.drives).reads
	};
}

/** The shares as the agent keeps them: whether a password is stored, never the password. */
function sharesView(sim: ControlContext) {
	const { smb, nfs, mountAttempts } = sim.state.shares;
	return {
		smb: smb.map(({ password, ...share }) => ({ ...share, passwordStored: Boolean(password) })),
		nfs,
		mountAttempts
	};
}

function decodeSegment(segment: string): string {
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}

/** What a drive or backup holds that is not its /management model, nor to be changed. */
const NOT_MODEL = new Set(['id', 'kind', 'files', 'version', 'quirks', 'cacheMove']);

/**
 * POST /__sim/drives/{id}: fields merged into a drive or backup as the agent's own app would
 * change it, behind the console's back: each must be a field of its model, of the same type
 * (objects merged key by key). A virtual drive's folder follows a new letter. The change is
 * announced like any other, with Origin "agent-app".
 */
function changeBehind(sim: ControlContext, id: string, b: Obj): Reply {
	const d = [...sim.state.drives.drives, ...sim.state.drives.backups].find(
		(x) => x.id.toLowerCase() === id.toLowerCase()
	);
	if (!d) return json({ error: `no drive or backup with the id ${id}` }, 404);
	const model = d as unknown as Obj;
	const changes: [string, unknown][] = [];
	for (const [key, value] of Object.entries(b)) {
		const was = model[key];
		if (NOT_MODEL.has(key) || !Object.hasOwn(model, key))
			return bad(`${key} is not a field of ${d.name} that can change`);
		if (isObj(was)) {
			if (!isObj(value)) return bad(`${key} must be an object`);
			for (const [sub, v] of Object.entries(value))
				if (!Object.hasOwn(was, sub) || typeof v !== typeof was[sub])
					return bad(`${key}.${sub} is not a field of ${key}, or not of its type`);
			changes.push([key, { ...was, ...value }]);
		} else if (
			was === null ? value !== null && typeof value !== 'string' : typeof value !== typeof was
		)
			return bad(`${key} must be ${was === null ? 'text or null' : `a ${typeof was}`}`);
		else changes.push([key, value]);
	}
	for (const [key, value] of changes) model[key] = value;
	if (
		d.kind === 'drive' &&
		d.driveType === DRIVE_TYPE.VirtualDrive &&
		'driveName' in b &&
		!('localPath' in b)
	)
		d.localPath = `${d.driveName}:\\`;
	d.version++;
	const area = d.kind === 'drive' ? 'clouddrive' : 'cloudbackup';
	sim.live.notify(NOTIFICATION_TYPE.AppNotification, {
		Operation: `${area}/${d.id}`,
		EndpointAddress: `/management/${area}/${d.id}`,
		HttpMethod: 'PUT',
		Origin: 'agent-app'
	});
	const hidden = new Set(['kind', 'files', 'version', 'quirks']);
	return json(Object.fromEntries(Object.entries(model).filter(([key]) => !hidden.has(key))));
}
