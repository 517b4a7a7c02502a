import { createContext } from 'svelte';
import type { DriveOrBackupFollow } from '$lib/drives/follow.svelte';

/** The drive page's live follow, for the file list inside it. */
export const [getDriveOrBackupFollow, setDriveOrBackupFollow] =
	createContext<DriveOrBackupFollow>();
