import { readDriveFolder } from '$lib/files/folder-read';
import { pathParts } from '$lib/files/files-view';
import { DATA, readAgent } from '$lib/page-data/page-data.svelte';

export async function load({ depends, parent, params, url }) {
	await parent();
	// Only the folder is read from the agent: a new sort or filter runs no load.
	const path = pathParts(url.searchParams.get('path')).join('/');
	return {
		id: params.id,
		path,
		folder: readAgent(depends, DATA.folder, (signal) =>
			readDriveFolder(params.id, path, { signal })
		)
	};
}
