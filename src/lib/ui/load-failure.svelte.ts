/**
 * A part of the console that loads on demand (a menu, a chart, a notice) could not be fetched: the
 * console's server stopped, or it was updated and the old files are gone. The browser keeps a
 * failed module import failed, so the way out is a reload; the root layout says so, once.
 */
class LoadFailure {
	failed = $state(false);

	/** Runs `load`, noting a failure (the caller still sees the rejection). */
	watch<T>(load: () => Promise<T>): Promise<T> {
		return load().catch((error: unknown) => {
			this.failed = true;
			throw error;
		});
	}
}

export const loadFailure = new LoadFailure();
