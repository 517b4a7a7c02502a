import type { Seats } from '$lib/api/schemas/user';

/** The desktop user types with the seat count package_inquiry gives for each. */
export const SEAT_TYPES = [
	{ type: 16, key: 'admin', label: 'Desktop admin', field: 'adminUsers' },
	{ type: 32, key: 'creative', label: 'Desktop creative', field: 'creativeUsers' },
	{ type: 64, key: 'standard', label: 'Desktop standard', field: 'standardUsers' }
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
