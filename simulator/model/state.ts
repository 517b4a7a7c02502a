import { randomInt } from 'node:crypto';
import {
	AGENT_STATUS,
	LIMITS,
	TRANSFER_DIRECTION,
	TRANSFER_STATUS,
	USER_STATUS,
	USER_TYPE
} from '../../src/lib/contract.ts';
import { SimClock } from '../clock.ts';
import {
	ODD_CHARACTERS_ID,
	generateStorages,
	hostileStorages,
	seedDrives,
	type GenerateOptions,
	type SeedOptions
} from '../seed/drives.ts';
import { seedFolders } from '../seed/folders.ts';
import { seedHistory } from '../seed/history.ts';
import { seedNetwork, seedShares } from '../seed/shares.ts';
import { seedData } from '../seed/users.ts';
import { randomToken } from '../tokens.ts';
import type { DriveOrBackupSet } from './drives.ts';
import type { FolderTree } from './folders.ts';
import type { ShareSet, SimServer } from './shares.ts';
import { fileEntry, type HistoryEntry, type Person } from './history.ts';
import type { DemoAccount, SimAccount, SimUser } from './users.ts';

export type MfaSession = {
	id: string;
	userId: string;
	kind: 'totp' | 'sms';
	smsCode: string | null;
	expiresAt: number;
	failures: number;
};

export type Activation = { code: string; expiresAt: number; sentAt: number };

export type OutboxMessage = {
	id: number;
	at: string;
	to: string;
	kind: 'activation' | 'password-reset' | 'sms';
	subject: string;
	code: string | null;
	text: string;
};

// No 0/O or 1/I: the code is typed by a person from an e-mail.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function activationCode(): string {
	return Array.from(
		{ length: LIMITS.activationCode },
		() => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]
	).join('');
}

/** Everything the simulated agent remembers; reset() returns to the seeded state. */
export class SimState {
	account!: SimAccount;
	users = new Map<string, SimUser>();
	demo: DemoAccount[] = [];
	mfaSessions = new Map<string, MfaSession>();
	activations = new Map<string, Activation>();
	outbox: OutboxMessage[] = [];
	status: number = AGENT_STATUS.Created;
	/** Bumped on every change to users, so cached list orderings know they are stale. */
	usersVersion = 0;
	update = { isUpdateRequired: false, currentVersion: '3.4.2', newVersion: '3.4.2' };
	drives: DriveOrBackupSet = { drives: [], backups: [] };
	/** The folders of the machine the agent runs on, as its pickers browse them. */
	folders: FolderTree = seedFolders();
	/** How the drives are seeded: the control surface can ask for more files per drive. */
	driveSeed: SeedOptions = {};
	/** The file servers the machine sees, and the SMB and NFS shares the agent mounts from them. */
	network: SimServer[] = seedNetwork();
	shares: ShareSet = seedShares(this.network);
	/** The transfer history, oldest first. */
	history: HistoryEntry[] = [];
	#historyId = 0;
	/** Folders opened in the file explorer of this machine, newest last (the control surface shows them). */
	opened: { kind: 'drive' | 'backup'; id: string; path: string; at: string }[] = [];
	/** Times the shared drives were fetched. */
	sharedDriveSyncs = 0;
	/** A TOTP secret handed out by generate_mfa_token and not yet confirmed, per user id. */
	mfaEnrolments = new Map<string, string>();
	/** Seats the plan has per desktop user type, in all; what is left is this minus the users. */
	plan = { adminUsers: 0, creativeUsers: 0, standardUsers: 0 };
	#outboxId = 0;
	readonly #count: number;
	readonly #seed: number;

	readonly clock: SimClock;

	constructor(userCount: number, seed: number, clock = new SimClock()) {
		this.clock = clock;
		this.#count = userCount;
		this.#seed = seed;
		this.reset();
	}

	reset() {
		const seeded = seedData(this.#count, this.#seed);
		this.account = seeded.account;
		this.users = new Map(seeded.users.map((u) => [u.id, u]));
		this.usersChanged();
		this.demo = seeded.demo;
		this.mfaSessions.clear();
		this.activations.clear();
		this.outbox = [];
		this.#outboxId = 0;
		this.status = AGENT_STATUS.Created;
		this.update = { isUpdateRequired: false, currentVersion: '3.4.2', newVersion: '3.4.2' };
		this.driveSeed = {};
		this.reseedDrives();
		this.folders = seedFolders();
		this.network = seedNetwork();
		this.shares = seedShares(this.network);
		this.opened = [];
		this.sharedDriveSyncs = 0;
		this.mfaEnrolments.clear();
		// A few seats left of each kind on the seeded plan.
		const used = this.seatsUsed();
		this.plan = {
			adminUsers: used.adminUsers + 3,
			creativeUsers: used.creativeUsers + 5,
			standardUsers: used.standardUsers + 20
		};
		for (const user of this.users.values()) {
			if (user.username === 'pending@example.com') this.sendActivation(user.email, 0);
		}
	}

	/** The drives, backups and history as seeded, with `options` for the number of files. */
	reseedDrives(options: SeedOptions = this.driveSeed) {
		this.driveSeed = options;
		this.drives = seedDrives(options);
		const people = [this.agentUser(), ...this.#others()];
		this.history = seedHistory(
			[...this.drives.drives, ...this.drives.backups],
			people,
			this.clock.now()
		);
		this.#historyId = this.history.length;
	}

	/** Many numbered drives and backups after the seeded ones (an agent that runs thousands). */
	addGenerated(options: GenerateOptions) {
		const made = generateStorages(options);
		this.drives.drives.push(...made.drives);
		this.drives.backups.push(...made.backups);
	}

	/**
	 * The odd drives and backups after the seeded ones. The one with odd characters has three
	 * uploads of one day in the history, so its trends have a busy day to repeat: the last minutes,
	 * or, in a day's first minutes, the day before's last ones (the agent's days are UTC dates).
	 */
	addHostile() {
		const made = hostileStorages();
		this.drives.drives.push(...made.drives);
		this.drives.backups.push(...made.backups);
		const odd = made.drives.find((d) => d.id === ODD_CHARACTERS_ID)!;
		const now = this.clock.now();
		const sinceMidnight = now % 86_400_000;
		const last = sinceMidnight < 4 * 60_000 ? now - sinceMidnight - 1000 : now;
		const who = this.agentUser();
		odd.files
			.filter((f) => f.state === 'normal')
			.slice(0, 3)
			.forEach((file, i) => {
				const started = last - (3 - i) * 60_000;
				const outcome = { status: TRANSFER_STATUS.Completed, error: null, transferred: file.size };
				this.recordHistory((id) =>
					fileEntry(
						id,
						odd,
						file,
						TRANSFER_DIRECTION.Upload,
						started,
						started + 20_000,
						outcome,
						who
					)
				);
			});
	}

	/** The user signed in to the agent on this machine: the account's owner. */
	agentUser(): Person {
		const owner = [...this.users.values()].find((u) => u.owner) ?? [...this.users.values()][0];
		return this.#person(owner);
	}

	#person(u: SimUser | undefined): Person {
		return {
			id: u?.id ?? 'unknown',
			email: u?.email ?? '',
			name: u ? `${u.firstName} ${u.lastName}` : '',
			accountId: this.account.id
		};
	}

	#others(): Person[] {
		return [...this.users.values()]
			.filter((u) => !u.owner && !u.deleted && u.status === USER_STATUS.Active)
			.slice(0, 4)
			.map((u) => this.#person(u));
	}

	/** Appends a history entry built with the next id; the oldest go past 5,000 entries. */
	recordHistory(build: (id: number) => HistoryEntry) {
		this.history.push(build(++this.#historyId));
		if (this.history.length > 5000) this.history.shift();
	}

	/** Users of each desktop type holding a seat (active, inactive or pending; not deleted). */
	seatsUsed() {
		const used = { adminUsers: 0, creativeUsers: 0, standardUsers: 0 };
		for (const u of this.users.values()) {
			if (u.deleted) continue;
			if (u.userType & USER_TYPE.DesktopAdmin) used.adminUsers++;
			else if (u.userType & USER_TYPE.DesktopCreativeUser) used.creativeUsers++;
			else if (u.userType & USER_TYPE.DesktopStandardUser) used.standardUsers++;
		}
		return used;
	}

	/** package_inquiry: what is left on the plan. */
	seatsLeft() {
		const used = this.seatsUsed();
		return {
			adminUsers: Math.max(0, this.plan.adminUsers - used.adminUsers),
			creativeUsers: Math.max(0, this.plan.creativeUsers - used.creativeUsers),
			standardUsers: Math.max(0, this.plan.standardUsers - used.standardUsers),
			storage: 5_000,
			connections: 10,
			projects: 50,
			teams: 5,
			drives: 20,
			syncs: 20,
			logs: true,
			sso: false
		};
	}

	usersChanged() {
		this.usersVersion += 1;
	}

	findByUsername(username: string): SimUser | undefined {
		const wanted = username.trim().toLowerCase();
		for (const user of this.users.values()) {
			if (
				!user.deleted &&
				(user.username.toLowerCase() === wanted || user.email.toLowerCase() === wanted)
			) {
				return user;
			}
		}
		return undefined;
	}

	mail(message: Omit<OutboxMessage, 'id' | 'at'>) {
		this.outbox.push({ id: ++this.#outboxId, at: this.clock.date().toISOString(), ...message });
		if (this.outbox.length > 500) this.outbox.shift();
	}

	/** A new activation code replaces the previous one; `mail` words an invitation instead. */
	sendActivation(
		email: string,
		ttlSeconds: number,
		mail?: { subject: string; text: (code: string) => string }
	) {
		const key = email.toLowerCase();
		const replaced = this.activations.get(key)?.code;
		// The new code must differ from the one it replaces, or the old one would still work.
		let code = activationCode();
		while (code === replaced) code = activationCode();
		const now = this.clock.now();
		// A seeded pending account's code must outlive any test run: ttl 0 means a day.
		this.activations.set(key, {
			code,
			sentAt: now,
			expiresAt: now + (ttlSeconds || 86400) * 1000
		});
		this.mail({
			to: email,
			kind: 'activation',
			subject: mail?.subject ?? 'Activate your account',
			code,
			text: mail?.text(code) ?? `Your activation code is ${code}.`
		});
	}

	newMfaSession(user: SimUser, ttlSeconds: number): MfaSession {
		const session: MfaSession = {
			id: randomToken(48),
			userId: user.id,
			kind: user.totpSecret ? 'totp' : 'sms',
			smsCode: null,
			expiresAt: this.clock.now() + ttlSeconds * 1000,
			failures: 0
		};
		if (session.kind === 'sms') {
			session.smsCode = String(randomInt(1_000_000)).padStart(6, '0');
			this.mail({
				to: user.email,
				kind: 'sms',
				subject: 'Sign-in code (SMS)',
				code: session.smsCode,
				text: `Your sign-in code is ${session.smsCode}.`
			});
		}
		for (const [id, s] of this.mfaSessions)
			if (s.expiresAt < this.clock.now()) this.mfaSessions.delete(id);
		this.mfaSessions.set(session.id, session);
		return session;
	}
}
