import { randomUUID } from 'node:crypto';
import { NOTIFICATION_TYPE } from '../../src/lib/contract.ts';
import {
	checkShare,
	readShare,
	shareModel,
	tryMount,
	type ShareKind,
	type SimNfsShare,
	type SimShare,
	type SimSmbShare
} from '../model/shares.ts';
import { fail, ok } from '../reply.ts';
import { route, type AgentContext, type Handler, type Route } from '../routing.ts';

/**
 * The network shares the agent mounts (/management/smbclient, /management/nfsclient, no token).
 * A create or change stores the share and tries to mount it at once: the answer says whether it
 * is mounted (`active`), and a UserNotification frame says what happened, with the reason when it
 * failed. The SMB password is written, never read.
 */

const listOf = (kind: ShareKind, ctx: AgentContext): SimShare[] =>
	kind === 'smb' ? ctx.state.shares.smb : ctx.state.shares.nfs;

function find(kind: ShareKind, segment: string, ctx: AgentContext): SimShare {
	let id = segment;
	try {
		id = decodeURIComponent(segment);
	} catch {
		// A malformed escape is an id like any other: it finds nothing.
	}
	const found = listOf(kind, ctx).find((s) => s.id.toLowerCase() === id.toLowerCase());
	if (!found) throw fail('NOT_FOUND', `No ${kind.toUpperCase()} share with the id ${id}.`, 404);
	return found;
}

const where = (s: SimShare) => `${s.kind === 'smb' ? s.smbShare : s.nfsShare} on ${s.localPath}`;

/** Tries the mount, keeps the outcome in `active`, and tells it on /notification. */
function mount(share: SimShare, ctx: AgentContext) {
	ctx.state.shares.mountAttempts++;
	const failure = tryMount(share, ctx.state.network);
	share.active = failure === null;
	ctx.notify(NOTIFICATION_TYPE.UserNotification, {
		Title: failure ? `Could not mount ${share.name}` : `Mounted ${share.name}`,
		Message: failure ? failure.message : `${where(share)}.`,
		Severity: failure ? 'Error' : 'Information',
		TimeUtc: ctx.state.clock.date().toISOString(),
		Operation: 'ShareMount',
		ShareId: share.id,
		ShareType: share.kind.toUpperCase(),
		Reason: failure?.reason ?? null
	});
}

const list =
	(kind: ShareKind): Handler =>
	(_req, ctx) =>
		ok(listOf(kind, ctx).map(shareModel));

/** POST smbclient, nfsclient: checked, stored, then mounted; the answer is the model. */
const create =
	(kind: ShareKind): Handler =>
	(req, ctx) => {
		const input = readShare(kind, req.body);
		checkShare(ctx.state, kind, input);
		const common = {
			id: randomUUID(),
			name: input.name,
			version: input.version,
			localPath: input.localPath,
			active: false
		};
		let made: SimShare;
		if (kind === 'smb') {
			made = {
				...common,
				kind,
				smbShare: input.share,
				isAuthenticated: input.isAuthenticated,
				username: input.username,
				domain: input.domain,
				password: input.password
			} satisfies SimSmbShare;
			ctx.state.shares.smb.push(made);
		} else {
			made = { ...common, kind, nfsShare: input.share } satisfies SimNfsShare;
			ctx.state.shares.nfs.push(made);
		}
		mount(made, ctx);
		return ok(shareModel(made));
	};

/**
 * PUT smbclient/{id}, nfsclient/{id}: the model, with what is not sent kept. A password that is
 * not sent keeps the stored one (for the same server and user). The share is unmounted and
 * mounted again with the new settings, even when nothing changed: that is how to try again.
 */
const change =
	(kind: ShareKind): Handler =>
	(req, ctx) => {
		const share = find(kind, req.params[0]!, ctx);
		const input = readShare(kind, req.body, share);
		checkShare(ctx.state, kind, input, share);
		Object.assign(share, {
			name: input.name,
			version: input.version,
			localPath: input.localPath
		});
		if (share.kind === 'smb')
			Object.assign(share, {
				smbShare: input.share,
				isAuthenticated: input.isAuthenticated,
				username: input.username,
				domain: input.domain,
				password: input.password
			});
		else share.nfsShare = input.share;
		mount(share, ctx);
		return ok(shareModel(share));
	};

/** DELETE smbclient/{id}, nfsclient/{id}: unmounted and forgotten, its password with it. */
const remove =
	(kind: ShareKind): Handler =>
	(req, ctx) => {
		const share = find(kind, req.params[0]!, ctx);
		const shares = listOf(kind, ctx);
		shares.splice(shares.indexOf(share), 1);
		return ok();
	};

export function shareRoutes(): Route[] {
	return (['smb', 'nfs'] as const).flatMap((kind) => {
		const base = `/management/${kind}client`;
		return [
			route('GET', base, list(kind)),
			route('POST', base, create(kind)),
			route('PUT', `${base}/([^/]+)`, change(kind)),
			route('DELETE', `${base}/([^/]+)`, remove(kind), false)
		];
	});
}
