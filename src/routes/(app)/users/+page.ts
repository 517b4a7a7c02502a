import { DATA, readAgent } from '$lib/page-data/page-data.svelte';
import { seatsLeft } from '$lib/api/users';
import { readUsers } from '$lib/users/users-list';
import { usersList } from '$lib/users/users-query';

export async function load({ depends, parent, url }) {
	await parent();
	// Only the list's own parameters count: opening a user's panel reads nothing again.
	const query = usersList.parse(url.searchParams, usersList.rememberedPageSize);
	return {
		query,
		users: readAgent(depends, DATA.users, (signal) => readUsers(query, signal)),
		seats: readAgent(depends, DATA.seats, (signal) => seatsLeft({ signal }))
	};
}
