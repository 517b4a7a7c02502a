import { describe, expect, it } from 'vitest';
import { cellText, columnKeys, humanize, intervalText } from './report-words.ts';

describe('report words', () => {
	it('names report keys for people', () => {
		expect(humanize('SizeByExtension')).toBe('Size by extension');
		expect(humanize('LargestFiles')).toBe('Largest files');
		expect(humanize('IndexVersion')).toBe('Index version');
		expect(humanize('CPUTime')).toBe('Cpu time');
		expect(humanize('SizeBytes')).toBe('Size');
		expect(humanize('SizeFormatted')).toBe('Size');
		expect(humanize('LastModifiedDateUtc')).toBe('Last modified');
		expect(humanize('StartTimeUtc')).toBe('Start');
	});

	it('formats cells of open shapes by their key', () => {
		expect(cellText('SizeBytes', 2_000_000)).toBe('1.9 MB');
		expect(cellText('Count', 1234)).toMatch(/1.234|1,234/);
		expect(cellText('Extension', '.mov')).toBe('.mov');
		expect(cellText('Tags', ['a'])).toBe('["a"]');
		expect(cellText('X', null)).toBe('—');
		expect(cellText('LastModifiedDateUtc', 'not a date')).toBe('not a date');
	});
});

describe('columns and intervals', () => {
	it('leaves out formatted texts where the number is there', () => {
		expect(
			columnKeys([
				{ Extension: '.mov', SizeBytes: 1, SizeFormatted: '1 B' },
				{ Label: 'x', TotalSize: 2, TotalSizeFormatted: '2 B', NoteFormatted: 'kept' }
			])
		).toEqual(['Extension', 'SizeBytes', 'Label', 'TotalSize', 'NoteFormatted']);
	});

	it('says intervals the short way', () => {
		expect(intervalText(60)).toBe('every minute');
		expect(intervalText(300)).toBe('every 5 min');
		expect(intervalText(7200)).toBe('every 2 h');
		expect(intervalText(90)).toBe('every 1 min 30 sec');
	});
});
