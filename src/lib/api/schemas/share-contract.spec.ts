import { describe, expect, it } from 'vitest';
import { mountFolder, nfsShareParts, shareLetter, smbShareParts } from './share-contract.ts';

describe('the shapes of a network share', () => {
	it('reads \\\\server\\share with folders below it, and nothing else', () => {
		expect(smbShareParts('\\\\nas.studio.lan\\media')).toEqual({
			host: 'nas.studio.lan',
			share: 'media',
			folder: ''
		});
		expect(smbShareParts(' \\\\192.168.1.20\\Studio Files\\2027\\ ')).toEqual({
			host: '192.168.1.20',
			share: 'Studio Files',
			folder: '\\2027'
		});
		expect(smbShareParts('\\\\files\\C$')?.share).toBe('C$');
		for (const bad of [
			'nas\\media',
			'\\\\nas',
			'\\\\nas\\',
			'//nas/media',
			'\\\\na s\\m',
			'\\\\nas\\a:b'
		])
			expect(smbShareParts(bad), bad).toBeNull();
		expect(smbShareParts(`\\\\nas\\${'m'.repeat(300)}`)).toBeNull();
	});

	it('reads server:/path for NFS, an IPv6 server in brackets, and refuses a climb', () => {
		expect(nfsShareParts('nas.example.com:/media')).toEqual({
			host: 'nas.example.com',
			path: '/media'
		});
		expect(nfsShareParts('[fd00::2]:/exports/a b')).toEqual({
			host: '[fd00::2]',
			path: '/exports/a b'
		});
		for (const bad of ['nas:media', ':/media', 'nas:/a/../b', '\\\\nas\\media', 'nas/media'])
			expect(nfsShareParts(bad), bad).toBeNull();
	});

	it('takes a drive letter in any usual spelling', () => {
		for (const [typed, letter] of [
			['Z:', 'Z'],
			['z', 'Z'],
			['Y:\\', 'Y'],
			[' d: ', 'D']
		])
			expect(shareLetter(typed!), typed).toBe(letter);
		for (const bad of ['A:', 'ZZ', 'Z:\\media', '1:', '']) expect(shareLetter(bad), bad).toBeNull();
	});

	it('takes a Unix or Windows folder as a mount point, in one spelling', () => {
		expect(mountFolder('/mnt//media/')).toEqual({ path: '/mnt/media' });
		expect(mountFolder('c:/Mounts\\media\\')).toEqual({ path: 'C:\\Mounts\\media' });
		const problem = (path: string) => {
			const r = mountFolder(path);
			return 'problem' in r ? r.problem : null;
		};
		expect(problem('')).toMatch(/Enter the folder/);
		expect(problem('mnt/media')).toMatch(/full folder path/);
		expect(problem('/')).toMatch(/not on the root/);
		expect(problem('C:\\')).toMatch(/not on the root/);
		expect(problem('/mnt/../etc')).toMatch(/\. or \.\./);
		expect(problem('/mnt/a\\b')).toMatch(/uses \//);
		expect(problem('/mnt/a?b')).toMatch(/\* \? " < > \|/);
		expect(problem(`/${'a'.repeat(300)}`)).toMatch(/at most 260/);
	});
});
