/**
 * The layout's rules, checked by `npm run lint` (`depcruise`). Type-only imports count: a circle
 * of types is still two modules that cannot be understood apart.
 *
 * The root of src/lib holds only what every layer uses. A new module there is caught whether it
 * imports something (`from`) or is imported (`to`); one that does neither is unused, which knip
 * reports.
 */
const ROOT_MODULES = ['routes', 'config.svelte', 'agent-url', 'loopback', 'contract', 'mask'];
const ROOT_ALLOWED = `^src/lib/(${ROOT_MODULES.map((m) => m.replace('.', '\\.')).join('|')})(\\.spec)?\\.ts$`;
const ROOT_FILE = '^src/lib/[^/]+$';

/** Folders of the agent's areas, named like their api/ module and development-agent controller. */
const FEATURES =
	'^src/lib/(authentication|drives|events|files|folders|history|management|shares|transfers|users)/';
/** Folders of toolkits: a list, a form, a record panel, page data, charts… each logic and parts. */
const TOOLKITS =
	'^src/lib/(actions|charts|config-form|form|format|list|offline|page-data|record|ui|virtual-list)/';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
	forbidden: [
		{
			name: 'no-circular',
			severity: 'error',
			comment: 'Modules that import each other, type-only imports included.',
			from: {},
			to: { circular: true }
		},
		{
			name: 'root-of-lib-imports',
			severity: 'error',
			comment: `The root of src/lib keeps only ${ROOT_MODULES.join(', ')}: put a new module in its feature or toolkit folder.`,
			from: { path: ROOT_FILE, pathNot: ROOT_ALLOWED },
			to: {}
		},
		{
			name: 'root-of-lib-imported',
			severity: 'error',
			comment: `The root of src/lib keeps only ${ROOT_MODULES.join(', ')}: put a new module in its feature or toolkit folder.`,
			from: {},
			to: { path: ROOT_FILE, pathNot: ROOT_ALLOWED }
		},
		{
			name: 'root-of-lib-stands-alone',
			severity: 'error',
			comment: 'What every layer uses reads no feature, stream or page.',
			from: { path: ROOT_ALLOWED },
			to: { path: [FEATURES, TOOLKITS, '^src/lib/live/', '^src/routes/'] }
		},
		{
			name: 'i18n-is-the-floor',
			severity: 'error',
			comment:
				"src/lib/i18n (the messages' catalogs, word tables, the pseudo-locale) sits beside the compiled messages, under everything that speaks.",
			from: { path: '^src/lib/i18n/' },
			to: { path: [FEATURES, TOOLKITS, '^src/lib/(api|live|state)/', '^src/routes/'] }
		},
		{
			name: 'api-is-the-wire',
			severity: 'error',
			comment: 'src/lib/api talks to the agent and knows nothing above it.',
			from: { path: '^src/lib/api/' },
			to: { path: [FEATURES, TOOLKITS, '^src/lib/live/', '^src/routes/'] }
		},
		{
			name: 'live-is-the-streams',
			severity: 'error',
			comment: 'src/lib/live reads the channels; pages and features read it, not the other way.',
			from: { path: '^src/lib/live/' },
			to: { path: [FEATURES, '^src/routes/'] }
		},
		{
			name: 'state-is-app-wide',
			severity: 'error',
			comment:
				'src/lib/state holds the app-wide singletons; features read them, not the other way.',
			from: { path: '^src/lib/state/' },
			to: { path: [FEATURES, '^src/routes/'] }
		},
		{
			name: 'toolkits-know-no-feature',
			severity: 'error',
			comment: 'A toolkit serves every feature, so it names none of them.',
			from: { path: TOOLKITS, pathNot: '\\.spec\\.ts$' },
			to: { path: [FEATURES, '^src/routes/'] }
		},
		{
			name: 'lib-does-not-reach-into-routes',
			severity: 'error',
			comment: 'Code beside a route is that route’s; shared code lives in src/lib.',
			from: { path: '^src/lib/' },
			to: { path: '^src/routes/' }
		},
		{
			name: 'development-agent-uses-the-contract-only',
			severity: 'error',
			comment:
				'The development agent shares the contract and the mask with the console, nothing else.',
			from: { path: '^simulator/' },
			to: { path: '^src/', pathNot: [ROOT_ALLOWED, '^src/lib/api/schemas/'] }
		},
		{
			name: 'test-processes-load-no-messages',
			severity: 'error',
			comment:
				"The development agent and the end-to-end helpers are loaded by every test worker, the test server and npm start: the console's compiled messages are over 2,000 modules (about 1.8 CPU-s in each process, and more for the test runner's first transform of each). They say what they say in their own words.",
			from: { path: '^(simulator|tests/e2e)/', pathNot: '\\.spec\\.ts$' },
			// Every message module imports the runtime: one finding a module, not one a message.
			to: { path: '^src/lib/paraglide/runtime\\.js$', reachable: true }
		}
	],
	options: {
		doNotFollow: { path: 'node_modules' },
		exclude: { path: '(^|/)(\\.svelte-kit|build|node_modules)/' },
		tsPreCompilationDeps: true,
		tsConfig: { fileName: 'scripts/layout.tsconfig.json' },
		enhancedResolveOptions: {
			exportsFields: ['exports'],
			conditionNames: ['import', 'require', 'node', 'default', 'types', 'svelte'],
			extensions: ['.ts', '.js', '.svelte', '.json']
		}
	}
};
