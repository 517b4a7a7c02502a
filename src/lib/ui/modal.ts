import { returnFocus } from './focus';

/** Focus for the signed-in pages' dialogs and parts that open in place (see `focus.ts`). */

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
