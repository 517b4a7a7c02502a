import { describe, expect, it } from 'vitest';
import { AgentHttpError } from '$lib/api/errors';
import { readShareModel, type ShareItem } from '$lib/api/shares';
import {
	changedSince,
	checks,
	edits,
	fromModel,
	newShareForm,
	nextShareLetter,
	normaliseShare,
	passwordState,
	shareRefusal,
	storedRows,
	toBody,
	toChangeBody,
	type ShareForm
} from './share-config';

const smbItem = (over: Record<string, unknown> = {}, index = 0) =>
	readShareModel(
		'smb',
		{
			id: 'media',
			name: 'Studio media',
			smbShare: '\\\\nas.studio.lan\\media',
			version: '3.1.1',
			localPath: 'Z:',
			active: true,
			isAuthenticated: true,
			username: 'ann',
			domain: 'STUDIO',
			...over
		},
		index
	)!;

const nfsItem = (over: Record<string, unknown> = {}) =>
	readShareModel('nfs', {
		id: 'renders',
		name: 'Renders',
		nfsShare: 'nas:/renders',
		version: '4.1',
		localPath: 'C:\\Mounts\\renders',
		active: true,
		...over
	})!;

const smbForm = (over: Partial<ShareForm> = {}): ShareForm => ({
	...newShareForm('smb', ['F', 'P', 'X']),
	name: 'Projects',
	share: '\\\\nas.studio.lan\\projects',
	username: 'ann',
	password: 'secret',
	...over
});

const context = (stored: ShareItem | null = null, others: ShareItem[] = []) => ({
	others,
	freeLetters: ['F', 'P', 'X'],
	stored
});

describe('a new share', () => {
	it('starts on the last free letter, as Windows maps network drives from Z down', () => {
		expect(nextShareLetter(['f', 'P:', 'X:\\', 'bad'])).toBe('X');
		expect(nextShareLetter([])).toBeNull();
		expect(nextShareLetter(null)).toBeNull();
		expect(newShareForm('smb', ['F', 'P'])).toMatchObject({
			localPath: 'P',
			version: '3.1.1',
			isAuthenticated: true,
			password: ''
		});
		expect(newShareForm('nfs', ['F'])).toMatchObject({
			localPath: '',
			version: '4',
			isAuthenticated: false
		});
	});

	it('takes a share in the forms people type it', () => {
		expect(normaliseShare('smb', ' smb://nas/media/films ')).toBe('\\\\nas\\media\\films');
		expect(normaliseShare('smb', '//nas/media')).toBe('\\\\nas\\media');
		expect(normaliseShare('smb', '\\\\nas/media')).toBe('\\\\nas\\media');
		expect(normaliseShare('smb', 'nas\\media')).toBe('nas\\media');
		expect(normaliseShare('nfs', 'nfs://nas/exports/a')).toBe('nas:/exports/a');
		expect(normaliseShare('nfs', 'nas:/media')).toBe('nas:/media');
	});

	it('becomes the contract body, the password only when typed, the letter with its colon', () => {
		expect(
			toBody(smbForm({ share: 'smb://nas/projects', localPath: 'p', domain: ' STUDIO ' }))
		).toEqual({
			name: 'Projects',
			smbShare: '\\\\nas\\projects',
			version: '3.1.1',
			localPath: 'P:',
			isAuthenticated: true,
			username: 'ann',
			domain: 'STUDIO',
			password: 'secret'
		});
		expect(toBody(smbForm({ password: '' }))).not.toHaveProperty('password');
		expect(toBody(smbForm({ isAuthenticated: false }))).toMatchObject({
			isAuthenticated: false,
			username: '',
			domain: ''
		});
		expect(toBody(smbForm({ isAuthenticated: false }))).not.toHaveProperty('password');
		expect(
			toBody({
				...newShareForm('nfs', null),
				name: 'N',
				share: 'nas:/media',
				localPath: ' /mnt/m '
			})
		).toEqual({ name: 'N', nfsShare: 'nas:/media', version: '4', localPath: '/mnt/m' });
	});
});

describe('checks before sending', () => {
	it('says every problem at once, keyed by the wire field', () => {
		const errors = checks(
			smbForm({
				name: ' ',
				share: 'nas/media',
				version: '9',
				localPath: 'A',
				username: '',
				password: ''
			}),
			context()
		);
		expect(Object.keys(errors).sort()).toEqual(
			['localPath', 'name', 'password', 'smbShare', 'username', 'version'].sort()
		);
		expect(checks(smbForm(), context())).toEqual({});
	});

	it('names who holds a letter or a folder already in use', () => {
		const media = smbItem();
		expect(checks(smbForm({ localPath: 'Z' }), context(null, [media])).localPath).toEqual([
			'Z: is already in use: the share "Studio media" is mounted there.'
		]);
		expect(checks(smbForm({ localPath: 'G' }), context()).localPath).toEqual([
			'G: is already in use on this computer: a disk or a drive has it.'
		]);
		// Its own letter is not in the free list, and is no problem.
		expect(checks(fromModel(media), context(media)).localPath).toBeUndefined();
		const renders = nfsItem();
		const nfs = { ...newShareForm('nfs', null), name: 'N', share: 'nas:/media' };
		expect(
			checks({ ...nfs, localPath: 'c:/mounts/renders/a' }, context(null, [renders])).localPath
		).toEqual([
			'C:\\mounts\\renders\\a is already in use: the share "Renders" is mounted at C:\\Mounts\\renders.'
		]);
		expect(checks({ ...nfs, localPath: 'mnt' }, context()).localPath![0]).toMatch(
			/^Give the full path, starting with the drive letter/
		);
		expect(checks(smbForm({ name: 'studio MEDIA' }), context(null, [media])).name).toEqual([
			'A share named Studio media already exists.'
		]);
	});
});

describe('the password, written and never read', () => {
	const media = smbItem();

	it('is kept when left empty, for the same server and user', () => {
		const form = fromModel(media);
		expect(form.password).toBe('');
		expect(passwordState(form, media)).toBe('kept');
		expect(checks(form, context(media))).toEqual({});
		expect(passwordState({ ...form, password: 'new' }, media)).toBe('new');
	});

	it('is asked for again for another server or user, and needed where none is stored', () => {
		const form = fromModel(media);
		expect(passwordState({ ...form, share: '\\\\files\\media' }, media)).toBe('again');
		expect(passwordState({ ...form, username: 'bob' }, media)).toBe('again');
		expect(checks({ ...form, username: 'bob' }, context(media)).password![0]).toMatch(/again/);
		const guest = smbItem({ isAuthenticated: false, username: null, domain: null });
		expect(passwordState({ ...fromModel(guest), isAuthenticated: true }, guest)).toBe('needed');
		expect(passwordState({ ...form, isAuthenticated: false }, media)).toBe('guest');
	});

	it('is said in a change, never shown', () => {
		const form = fromModel(media);
		expect(edits(media, form)).toEqual([]);
		expect(edits(media, { ...form, password: 'hunter2', version: '3.0' })).toEqual([
			{ field: 'version', label: 'Version', was: '3.1.1', now: '3.0' },
			{
				field: 'password',
				label: 'Password',
				was: 'the stored one',
				now: 'the one you typed (not shown)'
			}
		]);
		expect(edits(media, { ...form, isAuthenticated: false })).toEqual([
			{
				field: 'isAuthenticated',
				label: 'Sign-in',
				was: 'As STUDIO\\ann',
				now: 'Guest access (no user name)'
			},
			{
				field: 'password',
				label: 'Password',
				was: 'the stored one',
				now: 'none: the agent forgets it'
			}
		]);
		expect(JSON.stringify(edits(media, { ...form, password: 'hunter2' }))).not.toContain('hunter2');
		expect(storedRows(media).find((r) => r.field === 'password')?.value).toBe(
			'Stored by the agent, never shown'
		);
	});

	it('goes in a change body only when typed, over the stored model and the fields it does not know', () => {
		const odd = smbItem({ mountOptions: { cache: 'strict' } });
		const body = toChangeBody({ ...fromModel(odd), name: 'Media' }, odd);
		expect(body).toMatchObject({ id: 'media', name: 'Media', mountOptions: { cache: 'strict' } });
		expect(body).not.toHaveProperty('password');
	});
});

describe('a change made elsewhere', () => {
	it('stays when the user saves over it: only the fields they edited are sent as theirs', () => {
		const base = smbItem();
		const current = smbItem({ version: '3.0', localPath: 'M:' });
		const body = toChangeBody({ ...fromModel(base), name: 'Media' }, current, base);
		expect(body).toMatchObject({ name: 'Media', version: '3.0', localPath: 'M:' });
		const guest = toChangeBody({ ...fromModel(base), isAuthenticated: false }, current, base);
		expect(guest).toMatchObject({
			isAuthenticated: false,
			username: '',
			domain: '',
			version: '3.0'
		});
	});

	it('is said field by field, fields this console does not show included', () => {
		const before = smbItem({ extra: 1 });
		const after = smbItem({ version: '3.0', localPath: 'M:', extra: 2 });
		expect(changedSince(before, after)).toEqual([
			{ field: 'version', label: 'Version', was: '3.1.1', now: '3.0' },
			{ field: 'localPath', label: 'On this computer', was: 'Z:', now: 'M:' },
			{ field: 'extra', label: 'extra (as sent)', was: '1', now: '2' }
		]);
		// Mounted or not is no change of its settings.
		expect(changedSince(before, smbItem({ extra: 1, active: false }))).toEqual([]);
	});
});

describe('the agent’s refusals', () => {
	it('go beside the fields they name, in any spelling, and the rest in a sentence', () => {
		const error = new AgentHttpError(499, 'VALIDATION', {
			LocalPath: ['Z: is already in use.'],
			'$.smbShare': ['Bad share.'],
			mountOptions: ['Unknown option.']
		});
		expect(shareRefusal(error)).toEqual({
			fieldErrors: { localPath: ['Z: is already in use.'], smbShare: ['Bad share.'] },
			text: 'mountOptions: Unknown option.',
			mount: null
		});
	});

	it('put a DUPLICATE under its code beside the name or the local path it speaks of', () => {
		const name = new AgentHttpError(499, 'DUPLICATE', { DUPLICATE: ['That name is taken.'] });
		expect(shareRefusal(name).fieldErrors).toEqual({ name: ['That name is taken.'] });
		const letter = new AgentHttpError(499, 'DUPLICATE', { DUPLICATE: ['Z: is in use.'] });
		expect(shareRefusal(letter).fieldErrors).toEqual({ localPath: ['Z: is in use.'] });
	});

	it('read a mount failure answered as a refusal, with its likely reason', () => {
		const unreachable = new AgentHttpError(499, 'UNREACHABLE', {
			UNREACHABLE: ['The network path was not found.']
		});
		expect(shareRefusal(unreachable)).toEqual({
			fieldErrors: {},
			text: 'The network path was not found.',
			mount: 'server'
		});
		const words = new AgentHttpError(499, 'MOUNT', { MOUNT: ['Mount failed: access denied.'] });
		expect(shareRefusal(words).mount).toBe('credentials');
		expect(shareRefusal(new AgentHttpError(499, null)).text).toMatch(/499/);
	});
});

describe('text that reaches the mount command, and where a share is mounted', () => {
	const nfs = { ...newShareForm('nfs', null), name: 'N', share: 'nas:/media' };

	it('refuses a line break or a control character in the user name, domain or name, saying why', () => {
		const lineBreak = /line break: the agent passes it to the command that mounts the share/;
		expect(checks(smbForm({ username: 'ann\r\nnet user x /add' }), context()).username).toEqual([
			expect.stringMatching(lineBreak)
		]);
		expect(checks(smbForm({ domain: 'STUDIO\n' }), context()).domain).toEqual([
			expect.stringMatching(lineBreak)
		]);
		expect(checks(smbForm({ name: 'Media\rx' }), context()).name).toEqual([
			expect.stringMatching(lineBreak)
		]);
		expect(checks(smbForm({ username: 'ann\tbob' }), context()).username).toEqual([
			expect.stringMatching(/control characters/)
		]);
		expect(checks(smbForm({ domain: 'STU\u0000DIO' }), context()).domain).toEqual([
			expect.stringMatching(/control characters/)
		]);
	});

	it('refuses shell and Windows metacharacters in a user name, and a domain not shaped as one', () => {
		for (const username of [
			'ann & calc',
			'ann|x',
			'$(id)',
			'ann;rm',
			'`x`',
			'50%',
			'A\\B\\ann',
			'\\ann',
			'STUDIO\\',
			'\\\\nas\\ann'
		])
			expect(checks(smbForm({ username }), context()).username, username).toEqual([
				expect.stringMatching(/put the domain in its own field/)
			]);
		expect(checks(smbForm({ username: 'STUDIO\\ann' }), context())).toEqual({});
		for (const domain of ['STUDIO & x', '../..', 'a..b', 'studio;x', 'a b'])
			expect(checks(smbForm({ domain }), context()).domain, domain).toEqual([
				expect.stringMatching(/only letters, digits, dots, hyphens and underscores/)
			]);
		expect(
			checks(smbForm({ username: 'ann.lee@studio.lan', domain: 'studio.example.com' }), context())
		).toEqual({});
		expect(checks(smbForm({ domain: ' WORKGROUP ' }), context())).toEqual({});
		expect(checks(smbForm({ domain: '' }), context())).toEqual({});
	});

	it('refuses a mount over a system folder or a whole profile, in any spelling', () => {
		expect(checks({ ...nfs, localPath: 'C:\\Windows\\System32' }, context()).localPath).toEqual([
			"A share mounted on C:\\Windows\\System32 would hide the system's own folder C:\\Windows. Choose an empty folder of your own, such as C:\\Mounts\\media."
		]);
		expect(checks({ ...nfs, localPath: 'c:/WINDOWS./system32' }, context()).localPath).toHaveLength(
			1
		);
		expect(checks({ ...nfs, localPath: '/usr/local' }, context()).localPath).toHaveLength(1);
		expect(checks({ ...nfs, localPath: 'C:\\Users\\ann' }, context()).localPath).toEqual([
			expect.stringMatching(/whole user profile \(C:\\Users\\ann\)/)
		]);
		expect(checks({ ...nfs, localPath: 'C:\\Mounts\\media' }, context()).localPath).toBeUndefined();
		expect(checks({ ...nfs, localPath: '/mnt/media' }, context()).localPath).toBeUndefined();
	});

	it('judges a user name and domain only when they change from the stored ones', () => {
		const stored = smbItem({ username: 'STUDIO\\ann & co', domain: 'studio lan' });
		const renamed = { ...fromModel(stored), name: 'Studio media 2' };
		expect(checks(renamed, context(stored))).toEqual({});
		expect(checks({ ...renamed, username: 'STUDIO\\bob & co' }, context(stored)).username).toEqual([
			expect.stringMatching(/put the domain in its own field/)
		]);
		expect(checks({ ...renamed, domain: 'studio;x' }, context(stored)).domain).toEqual([
			expect.stringMatching(/only letters, digits, dots, hyphens and underscores/)
		]);
		// A new share has nothing stored to keep.
		expect(checks({ ...renamed, id: null }, context()).username).toHaveLength(1);
		expect(checks({ ...renamed, username: '' }, context(stored)).username).toHaveLength(1);
	});

	it('refuses a mount point that is not a full path, saying why', () => {
		for (const localPath of ['\\Windows\\System32', 'C:Mounts', 'Windows', 'mnt/media'])
			expect(checks({ ...nfs, localPath }, context()).localPath, localPath).toEqual([
				'Give the full path, starting with the drive letter, e.g. C:\\Mounts\\media (on a Mac or ' +
					`Linux computer, starting with /): the agent would read ${localPath} from its own ` +
					'working folder, which for a service is often C:\\Windows\\System32.'
			]);
	});

	it('refuses dots and spaces standing for . or .., and a short name', () => {
		expect(checks({ ...nfs, localPath: 'C:\\Mounts\\.. \\Windows' }, context()).localPath).toEqual([
			expect.stringMatching(/only dots and spaces/)
		]);
		expect(checks({ ...nfs, localPath: 'C:\\Mounts\\...' }, context()).localPath).toHaveLength(1);
		expect(checks({ ...nfs, localPath: 'C:\\PROGRA~1\\x' }, context()).localPath).toEqual([
			expect.stringMatching(/not its short name PROGRA~1/)
		]);
	});

	it('knows a mount point in use in another spelling', () => {
		const renders = nfsItem();
		expect(
			checks({ ...nfs, localPath: 'C:\\Mounts\\Renders.' }, context(null, [renders])).localPath
		).toEqual([expect.stringMatching(/the share "Renders" is mounted at C:\\Mounts\\renders/)]);
	});
});
