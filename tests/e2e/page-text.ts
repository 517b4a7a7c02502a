import type { Page } from '@playwright/test';

/**
 * Everything of a page where a credential could show: what a person sees or could copy, and what
 * the browser keeps. For the checks that a secret reaches nowhere it should not.
 */

/** Every text of the page a person or the browser's history could see: text, attributes, values, the title. */
export const pageText = (page: Page) =>
	page.evaluate(() => {
		const out: string[] = [`title: ${document.title}`];
		const walker = document.createTreeWalker(
			document.documentElement,
			NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT
		);
		for (let node: Node | null = walker.currentNode; node; node = walker.nextNode()) {
			if (node.nodeType === Node.TEXT_NODE) out.push(node.nodeValue ?? '');
			else {
				const element = node as Element;
				for (const attribute of element.attributes) out.push(attribute.value);
				if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)
					out.push(element.value);
			}
		}
		return out.join('\n');
	});

/** Session and local storage, and every IndexedDB database with all its records. */
export const storageText = (page: Page) =>
	page.evaluate(async () => {
		const out: string[] = [
			JSON.stringify({ ...sessionStorage }),
			JSON.stringify({ ...localStorage })
		];
		for (const { name } of await indexedDB.databases()) {
			if (!name) continue;
			const db = await new Promise<IDBDatabase>((resolve, reject) => {
				const open = indexedDB.open(name);
				open.onsuccess = () => resolve(open.result);
				open.onerror = () => reject(open.error);
			});
			for (const store of db.objectStoreNames) {
				const all = db.transaction(store).objectStore(store).getAll();
				out.push(
					await new Promise<string>((resolve, reject) => {
						all.onsuccess = () => resolve(JSON.stringify(all.result));
						all.onerror = () => reject(all.error);
					})
				);
			}
			db.close();
		}
		return out.join('\n');
	});
