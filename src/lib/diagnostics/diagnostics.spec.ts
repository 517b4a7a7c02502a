import { describe, expect, it } from 'vitest';
import { CREDENTIAL_SAMPLES, NAMED_SECRET_SAMPLES, PLANTED } from '$lib/mask';
import {
	diagnosticsFile,
	diagnosticsFileName,
	diagnosticsReport,
	diagnosticsSummary,
	type DiagnosticsInput
} from './diagnostics';

const AT = Date.UTC(2026, 10, 29, 3, 45, 12, 345);
let next = 0;
/** A text with one credential sample after it, in turn, as the credentials mode plants them. */
const planted = (text: string) =>
	`${text} ${CREDENTIAL_SAMPLES[next++ % CREDENTIAL_SAMPLES.length]}`;

function input(overrides: Partial<DiagnosticsInput> = {}): DiagnosticsInput {
	return {
		at: AT,
		console: { version: '0.1.0', build: '1764387912345', basePath: '', language: 'en' },
		browser: {
			userAgent: 'Mozilla/5.0 Chrome/140',
			language: 'en-GB',
			languages: ['en-GB', 'de'],
			viewport: { width: 1280, height: 720 },
			framed: false,
			origin: 'http://localhost:4173'
		},
		agent: {
			address: 'http://localhost:29123',
			signedIn: true,
			status: { ok: true, value: 1 },
			version: { ok: true, value: { current: '3.4.0', newest: '3.5.0', updateRequired: true } }
		},
		configuration: {
			agentUrl: 'http://localhost:29123',
			savedInThisBrowser: false,
			allowedAgentHosts: [],
			frameAncestors: [],
			basePath: '',
			identityProvider: null,
			loadError: null
		},
		channels: {
			ok: true,
			value: [
				{
					name: 'notification',
					state: 'live',
					since: AT - 60_000,
					attempt: null,
					received: 12,
					malformed: 0,
					lastFrameAt: AT - 1000,
					readBy: 'shared worker'
				}
			]
		},
		failedRequests: [
			{
				at: AT - 5000,
				method: 'GET',
				path: '/drive/get/42',
				status: 499,
				code: 'NOT_FOUND',
				failure: 'http'
			}
		],
		problems: {
			ok: true,
			value: [
				{ at: AT - 2000, severity: 'error', summary: 'plan.psd failed', count: 1, source: 'live' }
			]
		},
		...overrides
	};
}

/** Every field an agent's answer reaches, each with a credential planted, and named ones beside. */
function plantedInput(): DiagnosticsInput {
	const base = input();
	return input({
		agent: {
			...base.agent,
			status: {
				ok: true,
				value: { ...NAMED_SECRET_SAMPLES, State: planted('Running'), Detail: planted('ok') }
			},
			version: {
				ok: true,
				value: { current: planted('3.4.0'), newest: planted('3.5.0'), updateRequired: true }
			}
		},
		configuration: {
			...base.configuration,
			identityProvider: {
				slug: 'google',
				name: planted('Google'),
				authorizeUrl: 'https://idp.example/auth?client_secret=PLANTEDidp&x=1',
				scope: 'openid'
			},
			loadError: planted('config.json: agentUrl refused.')
		},
		channels: {
			ok: true,
			value: base.channels.ok
				? base.channels.value.map((c) => ({ ...c, readBy: planted(c.readBy) }))
				: []
		},
		problems: {
			ok: true,
			value: CREDENTIAL_SAMPLES.map((sample, i) => ({
				at: AT - i,
				severity: 'error',
				summary: `plan.psd failed: ${sample}`,
				count: 1,
				source: 'live'
			}))
		}
	});
}

describe('diagnostics', () => {
	it('holds the console, browser, agent, configuration, channels, failures and problems', () => {
		const report = diagnosticsReport(input());
		expect(report).toMatchObject({
			kind: 'agent-console-diagnostics',
			createdAt: '2026-11-29T03:45:12.345Z',
			console: { version: '0.1.0', build: '1764387912345' },
			browser: { framed: false, viewport: { width: 1280, height: 720 } },
			agent: { address: 'http://localhost:29123', status: 1, version: { current: '3.4.0' } },
			channels: [{ name: 'notification', state: 'live', lastFrameAt: '2026-11-29T03:45:11.345Z' }],
			failedRequests: [{ method: 'GET', path: '/drive/get/42', status: 499, code: 'NOT_FOUND' }],
			recentProblems: [{ summary: 'plan.psd failed' }]
		});
		const file = diagnosticsFile(report);
		expect(JSON.parse(file)).toEqual(report);
	});

	it('says what could not be read', () => {
		const reason = 'Not read: you are signed out.';
		const report = diagnosticsReport(
			input({ channels: { ok: false, reason }, problems: { ok: false, reason } })
		);
		expect(report.channels).toEqual({ notRead: reason });
		expect(report.recentProblems).toEqual({ notRead: reason });
		expect(diagnosticsSummary(input({ channels: { ok: false, reason } }))).toContain(
			`Live channels: ${reason}`
		);
	});

	it('lets no planted credential into the file or the summary', () => {
		const source = plantedInput();
		expect(JSON.stringify(source)).toContain(PLANTED);
		const file = diagnosticsFile(diagnosticsReport(source));
		const summary = diagnosticsSummary(source);
		expect(file).not.toContain(PLANTED);
		expect(summary).not.toContain(PLANTED);
		// The planted text arrived, masked: the test would pass on an empty file otherwise.
		expect(file).toContain('"smbPassword": "***"');
		expect(file).toContain('plan.psd failed: ');
	});

	it('names the file with the time it was made', () => {
		expect(diagnosticsFileName(AT)).toBe('agent-console-diagnostics-2026-11-29T03-45-12Z.json');
	});

	it('sums it up in a few lines', () => {
		const summary = diagnosticsSummary(input());
		expect(summary).toContain('Console: version 0.1.0, build 1764387912345');
		expect(summary).toContain('Agent: http://localhost:29123; status 1; version 3.4.0');
		expect(summary).toContain('Live channels: notification live');
		expect(summary).toContain('GET /drive/get/42 499 NOT_FOUND');
		expect(summary.split('\n').length).toBeLessThan(20);
	});
});
