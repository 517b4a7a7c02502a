/**
 * Focus for what opens over the page (dialogs, panels, menus), as Svelte actions. When it goes,
 * focus goes back to the control that was focused when it came, so a keyboard user carries on
 * where they were instead of at the top of the page.
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

/**
 * Shows a `<dialog>` as a modal while it is in the page: the rest of the page is inert, focus
 * goes to its `autofocus` control or else its first one (the browser's rule), and comes back to
 * the opener when it goes.
 */
export function modal(node: HTMLDialogElement) {
	const back = returnFocus(node);
	if (!node.open) node.showModal();
	return {
		destroy() {
			// Taken out of the page, it has left the top layer already; closing it now would fire a
			// `close` event for a dialog that another one (the same row redrawn) may have replaced.
			if (node.isConnected) node.close();
			back.destroy();
		}
	};
}

/** Brings a part that opened inside the page into view with its first field focused. */
export function takeFocus(node: HTMLElement) {
	node.scrollIntoView({ block: 'nearest' });
	node
		.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea')
		?.focus({ preventScroll: true });
}
