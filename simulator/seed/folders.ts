import type { FolderTree, SimDisk, SimFolder } from '../model/folders.ts';

/**
 * The machine the development agent runs on: a Windows desktop with its system disk (C:, the
 * user ann's home with Documents, Pictures, Desktop...), a data disk (D:), a nearly full external
 * disk (E:) and a mapped network share (S:). The seeded drives and backups live in these folders.
 */

/** A folder's contents: a number is a file of that many bytes, an object a folder. */
type Contents = { [name: string]: number | Contents };

const GB = 1024 ** 3;

const C: Contents = {
	'Program Files': { Agent: { 'agent.exe': 48_221_184 }, Adobe: {}, 'Microsoft Office': {} },
	ProgramData: { Agent: { cache: { 'team-drive': {}, design: {} }, 'settings.json': 4_312 } },
	Users: {
		ann: {
			Desktop: { 'Shortcuts.txt': 412, 'Quarterly review.pptx': 3_211_776 },
			Documents: {
				'Budget 2027.xlsx': 48_213,
				'Letter to the landlord.docx': 21_904,
				Contracts: { 'Studio lease.pdf': 1_204_332, 'Freelance agreement.pdf': 402_118 },
				Invoices: { 'INV-2026-031.pdf': 88_120, 'INV-2026-032.pdf': 90_411 },
				Notes: {}
			},
			Downloads: { 'installer.msi': 71_303_168, 'brief.zip': 12_582_912 },
			Music: { Playlists: {} },
			Pictures: {
				'Holidays 2026': { 'IMG_0412.jpg': 4_312_004, 'IMG_0413.jpg': 4_208_332 },
				Screenshots: { 'Screenshot 2026-11-02.png': 512_300 },
				'profile.png': 204_800
			},
			Videos: {
				Edits: { 'teaser v3.mp4': 812_381_204 },
				Raw: { 'A001_C003.mov': 2_147_483_000 }
			}
		},
		Public: { 'Public Documents': {} }
	},
	Windows: { System32: {} }
};

const D: Contents = {
	Archive: { Projects: {}, Footage: {} },
	Projects: {
		'Brand 2027': { 'moodboard.psd': 221_456_118, 'logo final.ai': 8_120_330 },
		'Spring campaign': { 'script.docx': 64_112, 'storyboard.pdf': 9_811_020 }
	},
	Footage: { 'Interview A.mov': 4_812_331_008, 'B-roll': {} },
	Scratch: {}
};

const E: Contents = {
	Media: { Music: {}, Films: {} },
	'Camera imports': { '2026-10-14': { 'DSC_1001.NEF': 31_204_112, 'DSC_1002.NEF': 30_921_004 } },
	'Old backups': {}
};

const S: Contents = {
	Shares: { Studio: { Clients: {}, Templates: {} }, Finance: { '2026': {} } }
};

function folder(name: string, contents: Contents): SimFolder {
	const made: SimFolder = { name, folders: [], files: [] };
	for (const [child, value] of Object.entries(contents)) {
		if (typeof value === 'number') made.files.push({ name: child, size: value });
		else made.folders.push(folder(child, value));
	}
	return made;
}

const disk = (letter: string, contents: Contents, freeBytes: number): SimDisk => ({
	...folder(`${letter}:`, contents),
	freeBytes
});

/** A fresh copy of the machine's folders (folders made by calls go into it). */
export function seedFolders(): FolderTree {
	return {
		disks: [
			disk('C', C, 180 * GB),
			disk('D', D, 1_200 * GB),
			// The external disk is nearly full: a cache moved there does not fit.
			disk('E', E, 2 * GB),
			disk('S', S, 2_000 * GB)
		],
		home: 'C:\\Users\\ann'
	};
}
