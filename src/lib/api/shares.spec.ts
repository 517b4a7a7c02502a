import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAgent } from '$lib/test/fake-agent';
import { AgentHttpError } from './errors.ts';
import {
	changeShare,
	createShare,
	readShare,
	readShareModel,
	readShares,
	removeShare,
	type SmbBody
} from './shares.ts';

const media = {
	id: 'f3a1',
	name: 'Studio media',
	smbShare: '\\\\nas\\media',
	version: '3.1.1',
	localPath: 'Z:',
	active: true,
	isAuthenticated: true,
	username: 'ann',
	domain: 'STUDIO'
};
const renders = {
	id: 7,
	name: 'Renders',
	nfsShare: 'nas:/renders',
	version: '4.1',
	localPath: '/mnt/renders',
	active: false
};

/** A fetch answering each path as given (status and body), keeping what was asked. */
function agentAnswering(answers: Record<string, [number, unknown]>) {
	fakeAgent();
	const asked: string[] = [];
	vi.stubGlobal(
		'fetch',
		vi.fn(async (url: URL, init: RequestInit = {}) => {
			asked.push(`${init.method ?? 'GET'} ${url.pathname}`);
			const [status, body] = answers[url.pathname] ?? [404, undefined];
			return new Response(body === undefined ? null : JSON.stringify(body), { status });
		})
	);
	return asked;
}

describe('reading the shares', () => {
	afterEach(() => vi.unstubAllGlobals());

	it('lists SMB then NFS shares, ids as text, rows without an id counted apart', async () => {
		agentAnswering({
			'/management/smbclient': [200, [media, { name: 'no id' }]],
			'/management/nfsclient': [200, [renders]]
		});
		const list = await readShares();
		expect(list.items.map((i) => [i.kind, i.id, i.key])).toEqual([
			['smb', 'f3a1', 'smb:0'],
			['nfs', '7', 'nfs:0']
		]);
		expect(list.unreadable).toBe(1);
		expect(list.failed).toEqual([]);
	});

	it('never keeps a credential an agent sends back, and keeps the fields it does not know', () => {
		const item = readShareModel('smb', {
			...media,
			password: 'hunter2',
			smbPassword: 'x',
			apiToken: 'y',
			mountedAt: '2026-11-25T10:00:00Z'
		})!;
		expect(item.model).toEqual({ ...media, mountedAt: '2026-11-25T10:00:00Z' });
		expect(JSON.stringify(item)).not.toMatch(/hunter2|smbPassword|apiToken/);
	});

	it('shows one list when the other fails, and fails only when both do', async () => {
		agentAnswering({ '/management/smbclient': [200, [media]] });
		const list = await readShares();
		expect(list.items).toHaveLength(1);
		expect(list.failed).toEqual([{ kind: 'nfs', error: expect.any(AgentHttpError) }]);
		expect(list.failed[0]!.error.message).toMatch(/does not offer this \(404\)/);
		agentAnswering({});
		await expect(readShares()).rejects.toBeInstanceOf(AgentHttpError);
	});

	it('reads one share afresh by its id, or null once it is gone', async () => {
		agentAnswering({ '/management/nfsclient': [200, [renders]] });
		expect((await readShare('nfs', '7'))?.model).toEqual(renders);
		expect(await readShare('nfs', '8')).toBeNull();
	});
});

describe('changing the shares', () => {
	afterEach(() => vi.unstubAllGlobals());

	const body: SmbBody = {
		name: 'Studio media',
		smbShare: '\\\\nas\\media',
		version: '3.1.1',
		localPath: 'Z:',
		isAuthenticated: true,
		username: 'ann',
		domain: 'STUDIO',
		password: 'typed once'
	};

	it('adds with a POST naming the console, the password in the body only', async () => {
		const calls = fakeAgent(200, JSON.stringify(media));
		const made = await createShare('smb', body);
		expect(calls).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: '/management/smbclient',
				query: {},
				headers: expect.objectContaining({ 'x-app-origin': 'agent-console' }),
				body
			})
		]);
		expect(made?.model).toEqual(media);
	});

	it('changes with a PUT to the id, removes with a DELETE, an odd id encoded', async () => {
		const calls = fakeAgent(200, JSON.stringify(renders));
		const changed = await changeShare('nfs', 'a/b', { ...renders, name: 'R' });
		await removeShare('smb', 'f3a1');
		expect(calls.map((c) => [c.method, c.path, c.headers['x-app-origin']])).toEqual([
			['PUT', '/management/nfsclient/a%2Fb', 'agent-console'],
			['DELETE', '/management/smbclient/f3a1', 'agent-console']
		]);
		expect(changed?.id).toBe('7');
	});

	it('sends a masked field back as stored, and the password only as typed', async () => {
		const stored = { ...media, passphrase: 'vault words', apiKey: 'k-123' };
		const calls = fakeAgent(200, (call) =>
			JSON.stringify(call.method === 'GET' ? [renders, stored] : media)
		);
		const read = (await readShare('smb', String(media.id)))!;
		expect(read.model).toMatchObject({ passphrase: '***', apiKey: '***' });
		await changeShare('smb', read.id, { ...read.model, name: 'Media 2' });
		await changeShare('smb', read.id, { ...read.model, password: 'typed once' });
		const puts = calls.filter((c) => c.method === 'PUT').map((c) => c.body);
		expect(puts[0]).toEqual({
			...media,
			passphrase: 'vault words',
			apiKey: 'k-123',
			name: 'Media 2'
		});
		expect(puts[0]).not.toHaveProperty('password');
		expect(puts[1]).toMatchObject({ passphrase: 'vault words', password: 'typed once' });
	});

	it('answers null when the agent sends no model back, so the list is read instead', async () => {
		fakeAgent(200, '');
		expect(await createShare('smb', body)).toBeNull();
	});

	it('turns a refusal into an error with the messages by field', async () => {
		fakeAgent(
			499,
			JSON.stringify({
				type: 'DUPLICATE',
				status: 499,
				errors: { localPath: ['Z: is already in use.'] }
			})
		);
		const error = await createShare('smb', body).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(AgentHttpError);
		expect((error as AgentHttpError).fieldErrors).toEqual({ localPath: ['Z: is already in use.'] });
	});
});
