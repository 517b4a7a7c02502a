import { tryMount, type ShareSet, type SimServer, type SimShare } from '../model/shares.ts';

/**
 * The studio's network as the agent's machine sees it, and the shares the agent starts with: a
 * NAS that takes SMB 2.0 and later for one account, and NFS; an old scanner box that speaks SMB
 * 1.0 to guests only; a render node with NFS 3. Seeded: the NAS's media at Z: (mounted), the old
 * box's scans at Y: asking for SMB 3.0 (which it does not speak: the share that fails to mount),
 * and the NAS's renders over NFS 4.1 on a folder (mounted).
 */

/** The one account of the NAS; its password is what a test types to sign in. */
export const NAS_ACCOUNT = { username: 'ann', domain: 'STUDIO', password: 'Nas-Pass-2027' };

export const SEEDED_SHARES = {
	media: 'f3a1c2d4-5b6e-4f70-8a9b-0c1d2e3f4a5b',
	scans: 'a7b8c9d0-e1f2-4a3b-9c4d-5e6f7a8b9c0d',
	renders: 'c0d1e2f3-a4b5-4c6d-8e7f-9a0b1c2d3e4f'
} as const;

export function seedNetwork(): SimServer[] {
	return [
		{
			host: 'nas.studio.lan',
			smb: {
				versions: ['2.0', '2.1', '3.0', '3.1.1'],
				shares: ['media', 'projects', 'archive'],
				guest: false,
				accounts: [{ ...NAS_ACCOUNT }]
			},
			nfs: { versions: ['3', '4', '4.1'], exports: ['/media', '/renders'] }
		},
		{
			host: 'oldnas.studio.lan',
			smb: { versions: ['1.0'], shares: ['scans'], guest: true, accounts: [] }
		},
		{ host: 'render01.studio.lan', nfs: { versions: ['3'], exports: ['/frames'] } }
	];
}

export function seedShares(network: SimServer[]): ShareSet {
	const set: ShareSet = {
		smb: [
			{
				kind: 'smb',
				id: SEEDED_SHARES.media,
				name: 'Studio media',
				smbShare: '\\\\nas.studio.lan\\media',
				version: '3.1.1',
				localPath: 'Z:',
				active: false,
				isAuthenticated: true,
				username: NAS_ACCOUNT.username,
				domain: NAS_ACCOUNT.domain,
				password: NAS_ACCOUNT.password
			},
			{
				kind: 'smb',
				id: SEEDED_SHARES.scans,
				name: 'Old scans',
				smbShare: '\\\\oldnas.studio.lan\\scans',
				version: '3.0',
				localPath: 'Y:',
				active: false,
				isAuthenticated: false,
				username: null,
				domain: null,
				password: null
			}
		],
		nfs: [
			{
				kind: 'nfs',
				id: SEEDED_SHARES.renders,
				name: 'Renders',
				nfsShare: 'nas.studio.lan:/renders',
				version: '4.1',
				localPath: 'C:\\Mounts\\renders',
				active: false
			}
		],
		mountAttempts: 0
	};
	// Mounted as the agent starts: what fails stays inactive, its reason said to nobody yet.
	for (const share of [...set.smb, ...set.nfs] as SimShare[])
		share.active = tryMount(share, network) === null;
	return set;
}
