import type { Seats } from '$lib/api/schemas/users';
import { USER_TYPE } from '$lib/contract';
import { USER_TYPE_NAMES } from '$lib/names/enums';
import { m } from '$lib/paraglide/messages';

/**
 * The desktop user types with the seat count package_inquiry gives for each. `label` is the
 * type's name and `seats` says how many are left of it, each read in the language of the moment.
 */
export const SEAT_TYPES = [
	{
		type: 16,
		key: 'admin',
		get label() {
			return USER_TYPE_NAMES[USER_TYPE.DesktopAdmin] ?? '';
		},
		seats: (left: string) => m.parts_seats_admin({ left }),
		field: 'adminUsers'
	},
	{
		type: 32,
		key: 'creative',
		get label() {
			return USER_TYPE_NAMES[USER_TYPE.DesktopCreativeUser] ?? '';
		},
		seats: (left: string) => m.parts_seats_creative({ left }),
		field: 'creativeUsers'
	},
	{
		type: 64,
		key: 'standard',
		get label() {
			return USER_TYPE_NAMES[USER_TYPE.DesktopStandardUser] ?? '';
		},
		seats: (left: string) => m.parts_seats_standard({ left }),
		field: 'standardUsers'
	}
] as const;

/** Seats left for a desktop user type; null when the agent did not say. */
export function seatsFor(seats: Seats | null, type: number): number | null {
	const field = SEAT_TYPES.find((t) => t.type === type)?.field;
	const value = field && seats ? seats[field] : null;
	return typeof value === 'number' && Number.isFinite(value)
		? Math.max(0, Math.floor(value))
		: null;
}

/** The desktop type within a user type (flags), or 0. */
export function desktopTypeOf(userType: number): number {
	return SEAT_TYPES.find((t) => (userType & t.type) !== 0)?.type ?? 0;
}
