import { DRIVE_CONFIG } from '../../src/lib/contract.ts';
import { takenLetters } from '../model/configuration.ts';
import { addFolder, childrenOf, findFolder, parsePath, type SimFolder } from '../model/folders.ts';
import { AgentFailure, Fields, fail, ok } from '../reply.ts';
import { driveEntries, makeDriveFolder } from './files.ts';
import { route, type AgentContext, type Route } from '../routing.ts';

/**
 * The pickers on the agent's machine (/management, no token): its disks, the drive letters a
 * virtual drive may take, the folders and files of a folder, and a new folder.
 */

/** The folder a `path` query names: empty or `/` is the user's home; unknown is 404 NOT_FOUND. */
function folderAt(ctx: AgentContext, raw: string | null): { folder: SimFolder; path: string } {
	const tree = ctx.state.folders;
	const path = raw === null || raw.trim() === '' || raw.trim() === '/' ? tree.home : raw;
	const parsed = parsePath(path);
	if ('problem' in parsed && parsed.problem === 'traversal')
		throw fail('SECURITY', 'A path may not hold . or .. as a folder name.');
	const found = findFolder(tree, path);
	if (!found) throw fail('NOT_FOUND', `No folder ${path} on this computer.`, 404);
	return found;
}

const join = (parent: string, name: string) => `${parent.replace(/\\+$/, '')}\\${name}`;

/** What a new folder's name may not hold: traversal, separators and what Windows refuses. */
const UNSAFE_NAME = /\.\.|[\\/:*?"<>|]/;
const hasControl = (name: string) => [...name].some((c) => c.charCodeAt(0) < 32);
const RESERVED_NAME = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;

export function folderRoutes(): Route[] {
	return [
		route('GET', '/management/list_drives', (_req, ctx) =>
			ok(ctx.state.folders.disks.map((d) => `${d.name}\\`))
		),
		route('GET', '/management/list_available_drives', (_req, ctx) => {
			const taken = takenLetters(ctx.state);
			return ok([...DRIVE_CONFIG.letters].filter((letter) => !taken.has(letter)));
		}),
		route('GET', '/management/list_directories', (req, ctx) => {
			// A drive's folders are its files' (controllers/files.ts), not the disk's.
			const inDrive = driveEntries(ctx, req.query.get('path') ?? '');
			if (inDrive) return ok(inDrive.filter((e) => e.objectType === 2).map((e) => e.fullPath));
			const { folder, path } = folderAt(ctx, req.query.get('path'));
			return ok(childrenOf(folder).folders.map((f) => join(path, f.name)));
		}),
		route('GET', '/management/list_files_directories', (req, ctx) => {
			const inDrive = driveEntries(ctx, req.query.get('path') ?? '');
			if (inDrive) return ok(inDrive);
			const { folder, path } = folderAt(ctx, req.query.get('path'));
			const { folders, files } = childrenOf(folder);
			return ok([
				...folders.map((f) => ({ fileName: f.name, fullPath: join(path, f.name), objectType: 2 })),
				...files.map((f) => ({ fileName: f.name, fullPath: join(path, f.name), objectType: 1 }))
			]);
		}),
		route('POST', '/management/make_directory', (req, ctx) => {
			const f = new Fields(req.body);
			const path = f.string('path', 'The folder', { optional: true });
			const name = f.string('directoryName', 'The new folder name', { max: 255 });
			f.done();
			const refuse = (code: string, message: string) =>
				new AgentFailure(499, code, { directoryName: [message] });
			if (UNSAFE_NAME.test(name) || hasControl(name) || /^\.+$/.test(name.trim()))
				throw refuse('SECURITY', 'A folder name may not hold .. or any of \\ / : * ? " < > |.');
			if (name.trim() !== name || name.endsWith('.'))
				throw refuse(
					'VALIDATION',
					'A folder name may not start or end with a space, or end with a dot.'
				);
			if (RESERVED_NAME.test(name)) throw refuse('VALIDATION', `${name} is a name Windows keeps.`);
			const inDrive = path ? makeDriveFolder(ctx, path, name) : undefined;
			if (inDrive) return ok(inDrive);
			const parent = folderAt(ctx, path);
			if (!addFolder(parent.folder, name))
				throw refuse('DUPLICATE', `${join(parent.path, name)} already exists.`);
			return ok(join(parent.path, name));
		})
	];
}
