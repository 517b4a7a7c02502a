import type { Locked } from './config-form';

/**
 * The ids a field's control is described by, as `FieldNotes` draws them: what the choice means,
 * why it is locked, its errors; undefined when none is said.
 */
export function describedBy(
	field: string,
	said: { note?: string; locked?: Locked | boolean; errors?: readonly string[] }
): string | undefined {
	return (
		[
			said.note ? `${field}-note` : '',
			said.locked ? `${field}-locked` : '',
			said.errors?.length ? `${field}-error` : ''
		]
			.filter(Boolean)
			.join(' ') || undefined
	);
}
