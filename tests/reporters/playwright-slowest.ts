import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

type Timed = { title: string; ms: number };

/** The `count` longest of `items`, longest first. */
function longest(items: Timed[], count: number): Timed[] {
	return [...items].sort((a, b) => b.ms - a.ms).slice(0, count);
}

/** Each file's tests' time added up: where the suite's time goes, file by file. */
function byFile(tests: (Timed & { file: string })[]): Timed[] {
	const sums = new Map<string, number>();
	for (const { file, ms } of tests) sums.set(file, (sums.get(file) ?? 0) + ms);
	return [...sums].map(([title, ms]) => ({ title, ms }));
}

const line = ({ title, ms }: Timed) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${title}`;

/**
 * Prints the ten slowest end-to-end tests and the ten files whose tests take longest in all after
 * the run, so a slow one is seen before it piles up.
 */
export default class SlowestReporter implements Reporter {
	readonly #durations: (Timed & { file: string })[] = [];

	onTestEnd(test: TestCase, result: TestResult) {
		const file = test.location.file.split('/').at(-1) ?? test.location.file;
		this.#durations.push({
			file,
			title: `${file} › ${test.titlePath().slice(3).join(' › ')}`,
			ms: result.duration
		});
	}

	onEnd() {
		if (!this.#durations.length) return;
		console.log('\nSlowest end-to-end tests:');
		for (const timed of longest(this.#durations, 10)) console.log(line(timed));
		console.log('\nSlowest end-to-end files (their tests added up):');
		for (const timed of longest(byFile(this.#durations), 10)) console.log(line(timed));
	}

	printsToStdio() {
		return false;
	}
}
