import { AgentError } from '$lib/api/errors';
import { listFreeLetters } from '$lib/api/folders';
import { readShares, type ShareKind, type ShareList } from '$lib/api/shares';
import { DATA, readAgent } from '../page-data/page-data.svelte.ts';

/**
 * What the form of a new or changed share reads before it opens: every share (for the checks,
 * and the share being changed) and the free drive letters (a new share may turn out SMB). Reads
 * only: nothing here changes the agent.
 */

type Depends = (...deps: `${string}:${string}`[]) => void;

export type ShareConfig = {
	list: ShareList;
	/** Null when the agent did not list them: the letter check then waits for the agent. */
	freeLetters: string[] | null;
};

export function readShareConfig(kind: ShareKind, id: string | null, depends: Depends) {
	return {
		kind,
		id,
		config: readAgent(depends, DATA.shares, async (signal): Promise<ShareConfig> => {
			const [list, freeLetters] = await Promise.all([
				readShares({ signal }),
				kind === 'smb' || id === null
					? listFreeLetters({ signal }).catch((error: unknown) => {
							if (error instanceof AgentError) return null;
							throw error;
						})
					: Promise.resolve(null)
			]);
			return { list, freeLetters };
		})
	};
}
