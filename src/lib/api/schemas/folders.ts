import * as z from 'zod/mini';

/**
 * The pickers on the agent's machine (`list_drives`, `list_available_drives`, `list_directories`,
 * `list_files_directories`, `make_directory`). Lists are read element by element where they are
 * used, so one odd element is left out (and counted), not the list.
 */

export const pathListSchema = z.array(z.unknown());

/** One entry of `list_files_directories`. `objectType` is open: 1 file, 2 folder, maybe names. */
export const folderEntrySchema = z.looseObject({
	fullPath: z.string(),
	fileName: z.optional(z.nullable(z.string())),
	objectType: z.optional(z.nullable(z.union([z.number(), z.string()]))),
	isDirectory: z.optional(z.nullable(z.boolean()))
});
export type FolderEntrySent = z.infer<typeof folderEntrySchema>;
