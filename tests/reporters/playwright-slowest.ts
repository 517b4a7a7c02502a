import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Prints the ten slowest end-to-end tests after the run, so a slow one is seen before it piles up. */
export default class SlowestReporter implements Reporter {
	readonly #durations: { title: string; ms: number }[] = [];

	onTestEnd(test: TestCase, result: TestResult) {
		this.#durations.push({
			title: `${test.location.file.split('/').slice(-1)[0]} › ${test.titlePath().slice(3).join(' › ')}`,
			ms: result.duration
		});
	}

	onEnd() {
		const slowest = this.#durations.sort((a, b) => b.ms - a.ms).slice(0, 10);
		if (!slowest.length) return;
		console.log('\nSlowest end-to-end tests:');
		for (const { title, ms } of slowest)
			console.log(`  ${(ms / 1000).toFixed(1).padStart(5)} s  ${title}`);
	}

	printsToStdio() {
		return false;
	}
}
