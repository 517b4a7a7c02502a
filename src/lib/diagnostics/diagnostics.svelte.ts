import { version as build } from '$app/environment';
import { version as packageVersion } from '../../../package.json';
import { AgentHttpError } from '$lib/api/errors';
import { failedRequests } from '$lib/api/failures';
import { agentStatus, checkUpdate } from '$lib/api/management';
import { pageOrigin } from '$lib/api/client';
import { config } from '$lib/config.svelte';
import { download } from '$lib/list/csv';
import { inBaseLocale } from '$lib/i18n/catalogs';
import type { ChannelStatus, LiveChannel } from '$lib/live/channel.svelte';
import type { Problem } from '$lib/live/problems.svelte';
import { m } from '$lib/paraglide/messages';
import { isFramed } from '$lib/state/browser-storage';
import { language } from '$lib/state/language.svelte';
import { session } from '$lib/state/session.svelte';
import {
	diagnosticsFile,
	diagnosticsFileName,
	diagnosticsReport,
	diagnosticsSummary,
	type ChannelHealth,
	type DiagnosticsInput,
	type Read,
	type RecentProblem
} from './diagnostics';

/** The recent problems of the live list in rows (the overview's `recentProblems`), from the route. */
export type ProblemRows = (live: readonly Problem[]) => Promise<readonly RecentProblem[]>;

/**
 * The longest the channels are given to connect: the hub opens them once the kept timeline is
 * read (at most 1.5 s), then the socket's own handshake.
 */
const CHANNEL_WAIT_MS = 4000;

/** Once the channel is live or has failed to connect, or after `ms`. */
function settled(
	channel: Pick<LiveChannel<unknown>, 'status' | 'onStatus'>,
	ms: number
): Promise<void> {
	const done = (status: ChannelStatus) => status.kind === 'live' || status.kind === 'reconnecting';
	if (done(channel.status)) return Promise.resolve();
	return new Promise((resolve) => {
		const finish = () => {
			clearTimeout(timer);
			stop();
			resolve();
		};
		const timer = setTimeout(finish, ms);
		const stop = channel.onStatus((status) => {
			if (done(status)) finish();
		});
	});
}

/** Why a read failed, in the file's words (English, as the file is). */
function reasonOf(error: unknown): string {
	return inBaseLocale(() =>
		error instanceof AgentHttpError && error.status === 401 && !session.signedIn
			? m.settings_diagnostics_signed_out()
			: error instanceof Error
				? error.message
				: String(error)
	);
}

async function read<T>(run: () => Promise<T>): Promise<Read<T>> {
	try {
		return { ok: true, value: await run() };
	} catch (error) {
		return { ok: false, reason: reasonOf(error) };
	}
}

/**
 * The Settings page's diagnostics: gathered when the user asks (it reads the agent twice), kept as
 * the one text the preview shows and Save writes, and a summary to copy. The live channels are
 * looked at only when signed in: they never load for a signed-out page.
 */
export class Diagnostics {
	/** The file's text, null until gathered. */
	text = $state.raw<string | null>(null);
	fileName = $state('');
	summary = $state('');
	busy = $state(false);
	readonly #problemRows: ProblemRows;

	constructor(problemRows: ProblemRows) {
		this.#problemRows = problemRows;
	}

	async gather(signal?: AbortSignal) {
		if (this.busy) return;
		this.busy = true;
		try {
			const input = await this.#input(signal);
			this.text = diagnosticsFile(diagnosticsReport(input));
			this.fileName = diagnosticsFileName(input.at);
			this.summary = diagnosticsSummary(input);
		} finally {
			this.busy = false;
		}
	}

	async #input(signal?: AbortSignal): Promise<DiagnosticsInput> {
		const [status, version] = await Promise.all([
			read(() => agentStatus({ signal })),
			read(async () => {
				const answer = await checkUpdate({ signal });
				return {
					current: answer.currentVersion ?? null,
					newest: answer.newVersion ?? null,
					updateRequired: answer.isUpdateRequired
				};
			})
		]);
		const { channels, problems } = await this.#live();
		const runtime = config.runtime;
		const idp = runtime.identityProvider;
		return {
			at: Date.now(),
			console: {
				version: packageVersion,
				build,
				basePath: runtime.basePath,
				language: language.current
			},
			browser: {
				userAgent: navigator.userAgent,
				language: navigator.language,
				languages: [...(navigator.languages ?? [])],
				viewport: { width: window.innerWidth, height: window.innerHeight },
				framed: isFramed(),
				origin: pageOrigin()
			},
			agent: { address: config.agentUrl, signedIn: session.signedIn, status, version },
			configuration: {
				agentUrl: runtime.agentUrl,
				savedInThisBrowser: config.isSaved,
				allowedAgentHosts: runtime.allowedAgentHosts,
				frameAncestors: runtime.frameAncestors,
				basePath: runtime.basePath,
				// The client id names the console to the provider; it grants nothing, but support needs
				// no more than which provider and where.
				identityProvider: idp
					? { slug: idp.slug, name: idp.name, authorizeUrl: idp.authorizeUrl, scope: idp.scope }
					: null,
				loadError: config.loadError
			},
			channels,
			failedRequests: failedRequests(),
			problems
		};
	}

	/**
	 * The channels' health and the problems they brought; loaded only for a signed-in user. Settings
	 * lies outside the signed-in area, which closes the channels as it goes: they are opened here
	 * for the reading, as the signed-in area would open them, and closed again.
	 */
	async #live(): Promise<Pick<DiagnosticsInput, 'channels' | 'problems'>> {
		const owner = session.timelineOwner;
		if (!session.signedIn || owner === null) {
			const reason = inBaseLocale(() => m.settings_diagnostics_not_listening());
			return { channels: { ok: false, reason }, problems: { ok: false, reason } };
		}
		const { live } = await import('$lib/live/live.svelte');
		const opened = live.channels.some((channel) => channel.status.kind === 'stopped');
		if (opened) live.start(config.agentUrl, owner);
		try {
			await Promise.all(live.channels.map((channel) => settled(channel, CHANNEL_WAIT_MS)));
			const channels: ChannelHealth[] = live.channels.map((channel) => {
				const status = channel.status;
				return {
					name: channel.name,
					state: status.kind,
					since: 'since' in status ? status.since : null,
					attempt: 'attempt' in status ? status.attempt : null,
					received: channel.received,
					malformed: channel.malformed,
					lastFrameAt: channel.lastFrameAt,
					readBy: channel.readBy
				};
			});
			return {
				channels: { ok: true, value: channels },
				problems: await read(() => this.#problemRows(live.problems.recent()))
			};
		} finally {
			if (opened) live.stop();
		}
	}

	/** Downloads the text the preview shows. */
	save() {
		if (this.text !== null) download(this.text, 'application/json', this.fileName);
	}
}
