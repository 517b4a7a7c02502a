import { createContext } from 'svelte';
import type { StorageFollow } from '$lib/drives/follow.svelte';

/** The drive page's live follow, for the file list inside it. */
export const [getStorageFollow, setStorageFollow] = createContext<StorageFollow>();
