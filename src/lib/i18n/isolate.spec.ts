import { describe, expect, it } from 'vitest';
import { isolate, isolateInputs, mayReorder } from './isolate';

const RLO = '\u202e';
const FSI = '\u2068';
const PDI = '\u2069';

describe('isolate', () => {
	it('leaves text that cannot reorder as it is', () => {
		for (const text of ['Team Drive', 'Lаptop documents', '写真 2024', '1.2 GB', ''])
			expect(isolate(text)).toBe(text);
	});

	it('wraps an override and right-to-left letters in FSI … PDI', () => {
		expect(isolate(`Contract_signed${RLO}fdp.exe`)).toBe(
			`${FSI}Contract_signed${RLO}fdp.exe${PDI}`
		);
		expect(isolate('קבצים')).toBe(`${FSI}קבצים${PDI}`);
		expect(mayReorder('\u200f')).toBe(true);
	});

	it('drops a PDI that would close the isolate early, and closes one left open', () => {
		expect(isolate(`a${PDI}${RLO}b`)).toBe(`${FSI}a${RLO}b${PDI}`);
		expect(isolate(`a${FSI}b`)).toBe(`${FSI}a${FSI}b${PDI}${PDI}`);
		expect(isolate(`${FSI}a${PDI}b`)).toBe(`${FSI}${FSI}a${PDI}b${PDI}`);
	});

	it('isolates the string inputs of a message, and keeps the object when none needs it', () => {
		const plain = { name: 'Team Drive', count: 3 };
		expect(isolateInputs(plain)).toBe(plain);
		expect(isolateInputs({ name: `x${RLO}y`, count: 3 })).toEqual({
			name: `${FSI}x${RLO}y${PDI}`,
			count: 3
		});
		expect(isolateInputs(undefined)).toBeUndefined();
	});
});
