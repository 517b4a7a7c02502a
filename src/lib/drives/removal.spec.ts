import { describe, expect, it } from 'vitest';
import { removedWords } from './removal.ts';

describe('removal words', () => {
	it('says what removing did, with the files left behind counted', () => {
		expect(removedWords('drive', 'Team Drive', 1234)).toBe(
			'Removed the drive "Team Drive". Its files in the cloud stay. 1,234 files still to upload stay in its cache folder on this computer.'
		);
		expect(removedWords('backup', 'Laptop', 1)).toContain('1 file still to upload stays');
		expect(removedWords('backup', 'Laptop', 0)).toBe(
			'Removed the backup "Laptop". Its files in the cloud stay.'
		);
	});
});
