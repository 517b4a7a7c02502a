import { describe, expect, it } from 'vitest';
import { LINK_LIFETIME_MS, linkLifetime, relativePath } from './share-link';

describe('a download link’s lifetime', () => {
	it('reads what the link says, else 24 hours', () => {
		expect(linkLifetime('https://b.s3.amazonaws.com/k?X-Amz-Expires=3600&X-Amz-Signature=x')).toBe(
			3_600_000
		);
		expect(linkLifetime('https://storage.googleapis.com/b/k?X-Goog-Expires=600')).toBe(600_000);
		expect(
			linkLifetime(
				'https://a.blob.core.windows.net/c/k?st=2026-11-25T10:00:00Z&se=2026-11-26T10:00:00Z&sig=x'
			)
		).toBe(LINK_LIFETIME_MS);
		expect(linkLifetime('https://x.example/k')).toBe(LINK_LIFETIME_MS);
		expect(linkLifetime('not a url')).toBe(LINK_LIFETIME_MS);
		expect(linkLifetime('https://x.example/k?X-Amz-Expires=99999999')).toBe(LINK_LIFETIME_MS);
	});

	it('finds a file’s path inside the drive', () => {
		expect(relativePath('G:\\', 'G:\\Docs\\a.pdf')).toBe('Docs\\a.pdf');
		expect(relativePath('D:\\Archive', 'D:\\Archive\\Docs\\a.pdf')).toBe('Docs\\a.pdf');
		expect(relativePath('/Volumes/Team/', '/Volumes/Team/a.pdf')).toBe('a.pdf');
	});
});
