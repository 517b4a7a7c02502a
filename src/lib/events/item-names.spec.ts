import { describe, expect, it } from 'vitest';
import type { DriveOrBackupList } from '$lib/api/drives';
import type { ShareList } from '$lib/api/shares';
import { itemNameOf, itemNames } from './item-names';

const drive = (id: string, name: string) => ({ id, name, storageName: 'Storage', path: 'D:\\x' });

const drives = {
	items: [
		{ kind: 'drive', key: 'drive:0', drive: drive('AB-12', 'Design assets') },
		{ kind: 'backup', key: 'backup:0', drive: drive('cd-34', 'Archive') }
	],
	drives: 1,
	backups: 1,
	unreadable: 0
} as unknown as DriveOrBackupList;
const shares = {
	items: [
		{ kind: 'smb', id: '7', model: { name: 'Team share', smbShare: '\\\\nas\\team' } },
		{ kind: 'nfs', id: '7', model: { name: 'Media', nfsShare: 'nas:/media' } }
	]
} as unknown as ShareList;

describe('item names', () => {
	const names = itemNames(drives, shares);
	const of = (kind: string, operation: string, item: string | null) =>
		itemNameOf(names, { kind, operation, item } as Parameters<typeof itemNameOf>[1])?.label;

	it('names drives, backups and shares by kind and id, in any case, with their pages', () => {
		expect(of('drive', '/management/clouddrive/ab-12', 'ab-12')).toBe('Design assets');
		expect(of('backup', '/management/cloudbackup/CD-34', 'CD-34')).toBe('Archive');
		expect(of('share', '/management/smbclient/7', '7')).toBe('Team share');
		expect(of('share', '/management/nfsclient/7', '7')).toBe('Media');
		expect(itemNameOf(names, { kind: 'drive', operation: '', item: 'AB-12' })?.href).toMatch(
			/ab-12$/i
		);
	});

	it('never names an item of another kind that has the same id', () => {
		expect(of('backup', '/management/cloudbackup/ab-12', 'ab-12')).toBeUndefined();
		expect(of('user', '/user/update_user', '7')).toBeUndefined();
		expect(of('transfer', '/transfer/cancel', '7')).toBeUndefined();
		expect(of('drive', '/management/clouddrive', null)).toBeUndefined();
	});

	it('names nothing when the agent gave no list', () => {
		expect(itemNames(null, null).size).toBe(0);
	});
});
