import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '$lib/test/memory-storage';
import { BrowserAlerts } from './problem-alerts.svelte.ts';

/** A browser's Notification whose question the test answers, as the user would. */
function fakeNotification(permission: NotificationPermission) {
	let answer: (value: NotificationPermission) => void = () => undefined;
	const fake = {
		permission,
		asked: 0,
		requestPermission: () => {
			fake.asked++;
			return new Promise<NotificationPermission>((resolve) => {
				answer = (value) => {
					fake.permission = value;
					resolve(value);
				};
			});
		},
		answer: (value: NotificationPermission) => answer(value)
	};
	vi.stubGlobal('Notification', fake);
	return fake;
}

beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
afterEach(() => vi.unstubAllGlobals());

describe('browser alerts', () => {
	it('says the browser is asking until the user answers, then turns on', async () => {
		const browser = fakeNotification('default');
		const alerts = new BrowserAlerts();
		expect(alerts.state).toBe('off');
		const turning = alerts.set(true);
		expect(alerts.state).toBe('asking');
		// A second click while the question is open asks nothing more.
		await alerts.set(true);
		expect(browser.asked).toBe(1);
		browser.answer('granted');
		await turning;
		expect(alerts.state).toBe('on');
		expect(alerts.unanswered).toBe(false);
	});

	it('a question closed without an answer leaves it off, and says the next time asks again', async () => {
		const browser = fakeNotification('default');
		const alerts = new BrowserAlerts();
		const turning = alerts.set(true);
		browser.answer('default');
		await turning;
		expect(alerts.state).toBe('off');
		expect(alerts.unanswered).toBe(true);
		const again = alerts.set(true);
		expect(alerts.state).toBe('asking');
		expect(alerts.unanswered).toBe(false);
		browser.answer('denied');
		await again;
		expect(alerts.state).toBe('denied');
	});

	it('a no for this time only is not a lasting block: the next time on asks again', async () => {
		// WebKitGTK answers "denied" and leaves the permission "default".
		const browser = fakeNotification('default');
		const alerts = new BrowserAlerts();
		const turning = alerts.set(true);
		browser.answer('denied');
		browser.permission = 'default';
		await turning;
		expect(alerts.state).toBe('off');
		expect(alerts.unanswered).toBe(true);
	});

	it('answers through the callback of older Safari', async () => {
		vi.stubGlobal('Notification', {
			permission: 'default',
			requestPermission: (callback: (value: NotificationPermission) => void) => {
				callback('granted');
				return undefined;
			}
		});
		const alerts = new BrowserAlerts();
		await alerts.set(true);
		expect(alerts.state).toBe('on');
	});

	it('is unsupported where the browser has no notifications', async () => {
		vi.stubGlobal('Notification', undefined);
		const alerts = new BrowserAlerts();
		await alerts.set(true);
		expect(alerts.state).toBe('unsupported');
		expect(alerts.unavailable).toBe('unsupported');
	});
});
