/**
 * Focus for what opens over the page (dialogs, panels, menus), as Svelte actions. When it goes,
 * focus goes back to the control that was focused when it came, so a keyboard user carries on
 * where they were instead of at the top of the page. The header's menus use it on every page;
 * what only the signed-in pages use (a modal, a part that takes the focus) is in `modal.ts`, so
 * the sign-in page does not load it.
 */

type Target = () => HTMLElement | null | undefined;

/** True when nothing useful holds the focus: the browser left it on the body. */
function focusLost() {
	const active = document.activeElement;
	return !active || active === document.body || !active.isConnected;
}

/**
 * Gives the focus back to what held it when `node` appeared, once `node` is gone, but only if
 * focus was lost with it (a click on another control keeps that control focused). `fallback`
 * is used when that opener is gone too (a button that its own form replaced).
 */
export function returnFocus(node: HTMLElement, fallback?: Target) {
	const opener = document.activeElement;
	return {
		destroy() {
			// After the update: the fallback may be drawn in the same update that removed `node`.
			queueMicrotask(() => {
				if (!focusLost()) return;
				const back =
					opener instanceof HTMLElement &&
					opener !== document.body &&
					opener.isConnected &&
					!node.contains(opener)
						? opener
						: fallback?.();
				back?.focus();
			});
		}
	};
}
