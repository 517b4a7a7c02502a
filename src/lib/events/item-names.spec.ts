import { describe, expect, it } from 'vitest';
import type { DriveOrBackupList } from '$lib/api/drives';
import type { ShareList } from '$lib/api/shares';
import { itemNames } from './item-names';

const drive = (id: string, name: string) => ({ id, name, storageName: 'Storage', path: 'D:\\x' });

describe('item names', () => {
	it('names drives, backups and shares by id in any case, with their pages', () => {
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
			items: [{ kind: 'smb', id: 'sh-1', model: { name: 'Team share', smbShare: '\\\\nas\\team' } }]
		} as unknown as ShareList;
		const names = itemNames(drives, shares);
		expect(names.get('ab-12')?.label).toBe('Design assets');
		expect(names.get('ab-12')?.href).toMatch(/ab-12$/i);
		expect(names.get('cd-34')?.label).toBe('Archive');
		expect(names.get('sh-1')?.label).toBe('Team share');
		expect(names.size).toBe(3);
	});

	it('names nothing when the agent gave no list', () => {
		expect(itemNames(null, null).size).toBe(0);
	});
});
