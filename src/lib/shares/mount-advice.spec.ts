import { describe, expect, it } from 'vitest';
import { readShareModel } from '$lib/api/shares';
import {
	factsOf,
	modelReason,
	mountChecks,
	mountNewsOf,
	mountProblem,
	mountStatus,
	newsIsAbout,
	reasonOf
} from './mount-advice';

const scans = readShareModel('smb', {
	id: 'scans',
	name: 'Old scans',
	smbShare: '\\\\oldnas.studio.lan\\scans',
	version: '3.0',
	localPath: 'Y:',
	active: false,
	isAuthenticated: false,
	username: null,
	domain: null
})!;

const at = new Date('2026-11-25T10:00:00Z');

/** The development agent's frame about a mount. */
const frame = (data: Record<string, unknown>) => ({ Type: 2, Data: data });

describe('why a mount failed', () => {
	it('reads the reason from a code first, else from the words agents and systems use', () => {
		expect(reasonOf('UNREACHABLE', 'whatever')).toBe('server');
		expect(reasonOf('version', '')).toBe('version');
		expect(reasonOf('AUTH', '')).toBe('credentials');
		expect(reasonOf('IN_USE', '')).toBe('local-path');
		const said: [string, string][] = [
			['System error 53: The network path was not found.', 'server'],
			['System error 67: The network name cannot be found.', 'share'],
			['System error 1326: The user name or password is incorrect.', 'credentials'],
			['System error 85: The local device name is already in use.', 'local-path'],
			['mount.nfs: access denied by server while mounting nas:/x', 'credentials'],
			['mount.nfs: Protocol not supported', 'version'],
			['The server render01 does not speak NFS 4: it takes NFS 3.', 'version'],
			['The server nas.invalid did not answer: it could not be reached.', 'server'],
			['The server nas does not export /nothing.', 'share'],
			['mount.nfs: Connection timed out', 'server']
		];
		for (const [words, reason] of said) expect(reasonOf(null, words), words).toBe(reason);
		expect(reasonOf(null, 'Something odd happened.')).toBeNull();
	});

	it('lists what to check about this share, the likely one first and marked', () => {
		const checks = mountChecks(factsOf(scans), 'version');
		expect(checks.map((c) => [c.reason, c.likely])).toEqual([
			['version', true],
			['server', false],
			['share', false],
			['credentials', false],
			['local-path', false]
		]);
		expect(checks[0]!.text).toBe(
			'Does oldnas.studio.lan speak SMB 3.0? Old boxes speak only SMB 1.0, and current ones refuse it: choose one the server offers.'
		);
		expect(checks.find((c) => c.reason === 'credentials')!.text).toMatch(/let guests in/);
		expect(checks.find((c) => c.reason === 'local-path')!.text).toMatch(/^Is Y: free\?/);
		expect(mountChecks(factsOf(scans), null).map((c) => c.reason)).toEqual([
			'server',
			'share',
			'version',
			'credentials',
			'local-path'
		]);
	});
});

describe('what the agent says about a mount', () => {
	it('reads the development agent’s frames, failed and not', () => {
		const failed = mountNewsOf(
			frame({
				Title: 'Could not mount Old scans',
				Message: 'The server oldnas.studio.lan does not speak SMB 3.0: it takes SMB 1.0.',
				Severity: 'Error',
				Operation: 'ShareMount',
				ShareId: 'scans',
				Reason: 'VERSION'
			}),
			at
		);
		expect(failed).toMatchObject({ shareId: 'scans', ok: false, reason: 'version', at });
		expect(
			mountNewsOf(frame({ Title: 'Mounted X', Severity: 'Information', ShareId: 7, Reason: null }))
		).toMatchObject({ shareId: '7', ok: true, reason: null });
	});

	it('reads another agent’s words about a mount, and ignores every other frame', () => {
		const news = mountNewsOf(
			frame({ Title: 'Mount failed', Message: 'Old scans: access denied', Severity: 'Warning' })
		)!;
		expect(news).toMatchObject({ shareId: null, ok: false, reason: 'credentials' });
		expect(newsIsAbout(news, scans)).toBe(true);
		expect(mountNewsOf(frame({ Title: 'Sync stopped', Severity: 'Error' }))).toBeNull();
		expect(mountNewsOf({ Type: 4, Data: { Operation: 'ShareMount' } })).toBeNull();
		expect(mountNewsOf(frame({ ShareId: { odd: true } }))).toBeNull();
	});

	it('says whether it is mounted, and why not: the news, a reason on the model, or nothing yet', () => {
		expect(mountStatus(scans)).toEqual({ text: 'Not mounted', tone: 'bad' });
		const unknown = readShareModel('nfs', { id: 'x' })!;
		expect(mountStatus(unknown).tone).toBe('unknown');
		expect(mountProblem(scans, null)).toEqual({ said: null, at: null, reason: null });
		const news = mountNewsOf(
			frame({
				Title: 'Could not mount',
				Message: 'Bad version',
				ShareId: 'scans',
				Reason: 'VERSION'
			}),
			at
		);
		expect(mountProblem(scans, news)).toEqual({ said: 'Bad version', at, reason: 'version' });
		const withReason = readShareModel('smb', {
			...scans.model,
			lastError: { message: 'Logon failure', code: 'AUTH' }
		})!;
		expect(mountProblem(withReason, null)).toEqual({
			said: 'Logon failure',
			at: null,
			reason: 'credentials'
		});
		const mounted = readShareModel('smb', { ...scans.model, active: true })!;
		expect(mountProblem(mounted, news)).toBeNull();
	});

	it('finds a reason on a model in the forms agents might use', () => {
		expect(modelReason({ error: 'Host down' })).toEqual({ message: 'Host down', code: null });
		expect(modelReason({ mountError: { Message: 'x', Code: 'IN_USE' } })).toEqual({
			message: 'x',
			code: 'IN_USE'
		});
		expect(modelReason({ error: '  ', errorMessage: 42 })).toBeNull();
	});
});
