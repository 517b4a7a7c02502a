import { describe, expect, it } from 'vitest';
import { repeatNote, ToastGroups } from './toast-groups';

describe('toast groups', () => {
	it('counts repeats of one key in its first toast, and starts anew once it went', () => {
		const groups = new ToastGroups();
		expect(groups.add('error:a', 'p1')).toEqual({ id: 'p1', count: 1 });
		expect(groups.add('warning:b', 'p2')).toEqual({ id: 'p2', count: 1 });
		expect(groups.add('error:a', 'p3')).toEqual({ id: 'p1', count: 2 });
		expect(groups.add('error:a', 'p4')).toEqual({ id: 'p1', count: 3 });
		groups.forget('error:a');
		expect(groups.add('error:a', 'p5')).toEqual({ id: 'p5', count: 1 });
	});

	it('says nothing for one, and how many and when last for more', () => {
		const at = new Date(2026, 10, 25, 3, 43, 20).getTime();
		expect(repeatNote(1, at)).toBe('');
		expect(repeatNote(3, at)).toBe(' · ×3, last at 03:43:20 AM');
	});
});
