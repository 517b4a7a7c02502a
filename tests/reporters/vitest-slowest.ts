import type { Reporter, TestModule } from 'vitest/node';

/** Prints the ten slowest unit and integration tests after the run. */
export default class SlowestReporter implements Reporter {
	onTestRunEnd(modules: ReadonlyArray<TestModule>) {
		const durations: { title: string; ms: number }[] = [];
		for (const module of modules) {
			for (const test of module.children.allTests()) {
				durations.push({
					title: `${module.moduleId.split('/').slice(-2).join('/')} › ${test.fullName}`,
					ms: test.diagnostic()?.duration ?? 0
				});
			}
		}
		const slowest = durations.sort((a, b) => b.ms - a.ms).slice(0, 10);
		if (!slowest.length) return;
		console.log('\nSlowest unit tests:');
		for (const { title, ms } of slowest)
			console.log(`  ${(ms / 1000).toFixed(2).padStart(6)} s  ${title}`);
	}
}
