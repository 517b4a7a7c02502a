import prettier from 'eslint-config-prettier';
import path from 'node:path';
import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import { defineConfig, includeIgnoreFile } from 'eslint/config';
import globals from 'globals';
import ts from 'typescript-eslint';

const gitignorePath = path.resolve(import.meta.dirname, '.gitignore');

export default defineConfig(
	includeIgnoreFile(gitignorePath),
	js.configs.recommended,
	ts.configs.recommended,
	svelte.configs.recommended,
	prettier,
	svelte.configs.prettier,
	{
		languageOptions: { globals: { ...globals.browser, ...globals.node } },
		rules: {
			// typescript-eslint strongly recommend that you do not use the no-undef lint rule on TypeScript projects.
			// see: https://typescript-eslint.io/troubleshooting/faqs/eslint/#i-get-errors-from-the-no-undef-rule-about-global-variables-not-being-defined-even-though-there-are-no-typescript-errors
			'no-undef': 'off'
		}
	},
	{
		files: ['**/*.svelte', '**/*.svelte.ts', '**/*.svelte.js'],
		languageOptions: {
			parserOptions: {
				projectService: true,
				extraFileExtensions: ['.svelte'],
				parser: ts.parser
			}
		}
	},
	{
		// Type-aware rules on every TypeScript file: a promise nobody awaits or marks `void` is how
		// errors get lost.
		files: ['**/*.ts', '**/*.svelte'],
		languageOptions: {
			parserOptions: {
				projectService: { allowDefaultProject: ['*.js'] },
				extraFileExtensions: ['.svelte']
			}
		},
		rules: {
			'@typescript-eslint/no-floating-promises': 'error'
		}
	},
	{
		rules: {
			// The console keeps its state in runes and has no stores: importing svelte/store is an
			// error, so the rule that checks how stores are read, which asks the type checker about
			// every identifier in every component (half the lint's rule time), has nothing to find.
			'no-restricted-imports': [
				'error',
				{ paths: [{ name: 'svelte/store', message: 'Keep state in runes ($state, $derived).' }] }
			],
			'svelte/require-store-reactive-access': 'off',
			// Every link, goto(), pushState() and replaceState() takes its path from `route.*` in src/lib/routes.ts, which calls
			// resolve() itself and adds typed query parameters; the rule cannot see through that.
			'svelte/no-navigation-without-resolve': [
				'error',
				{ ignoreGoto: true, ignoreLinks: true, ignorePushState: true, ignoreReplaceState: true }
			]
		}
	}
);
