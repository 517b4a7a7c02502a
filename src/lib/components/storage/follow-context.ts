import { createContext } from 'svelte';
import type { StorageFollow } from '$lib/state/storage-follow.svelte';

/** The drive page's live follow, for the file list inside it. */
export const [getStorageFollow, setStorageFollow] = createContext<StorageFollow>();
