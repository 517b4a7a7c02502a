import type { FailedRequest } from '$lib/api/failures';
import { maskCredentials, maskDeep } from '$lib/mask';
import { inBaseLocale } from '$lib/i18n/catalogs';
import { m } from '$lib/paraglide/messages';

/**
 * The diagnostics a user hands to support: what the console, the browser and the agent are, how
 * the channels are, and what failed lately, as one JSON file. Built from what the controller
 * gathered (`diagnostics.svelte.ts`), so a test can plant anything in it; the whole report passes
 * through the mask once more before it is written, so a credential that reached a source by a
 * path the mask did not see still stays out of the file. The keys are for machines: English.
 */

/** A read that may have failed: what it gave, or why it could not be read, in words. */
export type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

export type ChannelHealth = {
	name: string;
	/** stopped, connecting, live or reconnecting. */
	state: string;
	/** Since when it is in that state, where the channel says. */
	since: number | null;
	attempt: number | null;
	received: number;
	malformed: number;
	lastFrameAt: number | null;
	readBy: string;
};

export type RecentProblem = {
	at: number;
	severity: string;
	summary: string;
	count: number;
	source: string;
};

export type DiagnosticsInput = {
	at: number;
	console: { version: string; build: string; basePath: string; language: string };
	browser: {
		userAgent: string;
		language: string;
		languages: readonly string[];
		viewport: { width: number; height: number };
		framed: boolean;
		origin: string;
	};
	agent: {
		address: string;
		signedIn: boolean;
		status: Read<unknown>;
		version: Read<{ current: string | null; newest: string | null; updateRequired: boolean }>;
	};
	configuration: {
		agentUrl: string;
		savedInThisBrowser: boolean;
		allowedAgentHosts: readonly string[];
		frameAncestors: readonly string[];
		basePath: string;
		identityProvider: { slug: string; name: string; authorizeUrl: string; scope: string } | null;
		loadError: string | null;
	};
	channels: Read<readonly ChannelHealth[]>;
	failedRequests: readonly FailedRequest[];
	problems: Read<readonly RecentProblem[]>;
};

/** Times as ISO text, the one form every reader of the file parses. */
const iso = (at: number | null) =>
	at === null || !Number.isFinite(at) ? null : new Date(at).toISOString();

const readOf = <T, U>(read: Read<T>, map: (value: T) => U) =>
	read.ok ? map(read.value) : { notRead: read.reason };

/** The report as it goes into the file: times as text, every credential masked. */
export function diagnosticsReport(input: DiagnosticsInput): Record<string, unknown> {
	const report = {
		kind: 'agent-console-diagnostics',
		createdAt: iso(input.at),
		console: input.console,
		browser: input.browser,
		agent: {
			address: input.agent.address,
			signedIn: input.agent.signedIn,
			status: readOf(input.agent.status, (value) => value),
			version: readOf(input.agent.version, (value) => value)
		},
		configuration: input.configuration,
		channels: readOf(input.channels, (list) =>
			list.map((c) => ({ ...c, since: iso(c.since), lastFrameAt: iso(c.lastFrameAt) }))
		),
		failedRequests: input.failedRequests.map((f) => ({ ...f, at: iso(f.at) })),
		recentProblems: readOf(input.problems, (list) => list.map((p) => ({ ...p, at: iso(p.at) })))
	};
	return maskDeep(report) as Record<string, unknown>;
}

/** The file's text: what the preview shows and what Save writes, the same string. */
export function diagnosticsFile(report: Record<string, unknown>): string {
	return `${JSON.stringify(report, null, 2)}\n`;
}

/** agent-console-diagnostics-2026-11-29T03-45-12Z.json: the time it was made, safe in any folder. */
export function diagnosticsFileName(at: number): string {
	const stamp = new Date(at)
		.toISOString()
		.replace(/\.\d+Z$/, 'Z')
		.replaceAll(':', '-');
	return `agent-console-diagnostics-${stamp}.json`;
}

/** A few lines to paste into a message to support, in English like the file (`inBaseLocale`). */
export function diagnosticsSummary(input: DiagnosticsInput): string {
	const report = diagnosticsReport(input) as {
		createdAt: string;
		agent: { address: string };
		failedRequests: {
			method: string;
			path: string;
			status: number | null;
			code: string | null;
			failure: string;
		}[];
	};
	return inBaseLocale(() => {
		const { agent, channels, problems } = input;
		const lines = [
			m.settings_diagnostics_summary_made({ at: report.createdAt }),
			m.settings_diagnostics_summary_console({
				version: input.console.version,
				build: input.console.build
			}),
			m.settings_diagnostics_summary_browser({
				agent: input.browser.userAgent,
				width: input.browser.viewport.width,
				height: input.browser.viewport.height,
				framed: String(input.browser.framed)
			}),
			m.settings_diagnostics_summary_agent({
				address: report.agent.address,
				status: agent.status.ok
					? JSON.stringify(maskDeep(agent.status.value))
					: agent.status.reason,
				version: agent.version.ok
					? (agent.version.value.current ?? m.settings_diagnostics_summary_unknown())
					: agent.version.reason
			}),
			m.settings_diagnostics_summary_channels({
				channels: channels.ok
					? channels.value.map((c) => `${c.name} ${c.state}`).join(', ')
					: channels.reason
			}),
			m.settings_diagnostics_summary_problems({
				count: problems.ok ? problems.value.length : 0,
				failed: report.failedRequests.length
			}),
			...report.failedRequests
				.slice(-5)
				.map((f) => `  ${f.method} ${f.path} ${f.status ?? f.failure}${f.code ? ` ${f.code}` : ''}`)
		];
		return maskCredentials(`${lines.join('\n')}\n`);
	});
}
