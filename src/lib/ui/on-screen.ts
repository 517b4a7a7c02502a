import type { Attachment } from 'svelte/attachments';

/**
 * Calls `show` while some of the element is on screen, and what it returned once it leaves: a
 * row asks for its health only when someone can see it, and a card's words that count seconds
 * follow the clock only then.
 */
export function whileOnScreen(show: () => () => void): Attachment<HTMLElement> {
	return (element) => {
		let hide: (() => void) | null = null;
		const observer = new IntersectionObserver((entries) => {
			const on = entries.some((e) => e.isIntersecting);
			if (on) hide ??= show();
			else {
				hide?.();
				hide = null;
			}
		});
		observer.observe(element);
		return () => {
			observer.disconnect();
			hide?.();
		};
	};
}
