import { describe, expect, it } from 'vitest';
import {
	CREDENTIAL_SAMPLES,
	MASK,
	MAX_DEPTH,
	NAMED_SECRET_SAMPLES,
	PLANTED,
	TOO_DEEP,
	isSecretName,
	maskCredentials,
	maskDeep
} from './mask.ts';

const jwt = (payload: unknown) =>
	`eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.abc`;

describe('maskCredentials', () => {
	it.each(CREDENTIAL_SAMPLES)('hides the secret of %s', (sample) => {
		const masked = maskCredentials(`Upload failed: ${sample} (retrying)`);
		expect(masked).not.toContain(PLANTED);
		expect(masked).toContain('Upload failed: ');
		expect(masked).toContain(' (retrying)');
	});

	it('keeps the parts of a URL that are not credentials', () => {
		expect(maskCredentials('GET /x?page=1&token=abc.def&y=2')).toBe(
			`GET /x?page=1&token=${MASK}&y=2`
		);
		expect(
			maskCredentials('https://b.s3.amazonaws.com/k?X-Amz-Date=2026&X-Amz-Signature=abc123&x=1')
		).toBe(`https://b.s3.amazonaws.com/k?X-Amz-Date=2026&X-Amz-Signature=${MASK}&x=1`);
		expect(maskCredentials('https://a.blob.core.windows.net/c?sv=2024&sig=ab%2Bc%3D&se=1')).toBe(
			`https://a.blob.core.windows.net/c?sv=2024&sig=${MASK}&se=1`
		);
		expect(maskCredentials('https://admin:pw@nas.local/x')).toBe(
			`https://admin:${MASK}@nas.local/x`
		);
	});

	it('masks the names agents use, in any case, and JWTs anywhere', () => {
		expect(maskCredentials('/a?page=1&TOKEN=x')).toBe(`/a?page=1&TOKEN=${MASK}`);
		expect(maskCredentials('session_token=abc&client_secret=def')).toBe(
			`session_token=${MASK}&client_secret=${MASK}`
		);
		expect(maskCredentials('jwtToken=abc')).toBe(`jwtToken=${MASK}`);
		expect(maskCredentials(`user ${jwt({ a: 1 })} end`)).toBe('user [token] end');
		expect(maskCredentials('Authorization: bearer abcdef123456')).toBe(
			`Authorization: bearer ${MASK}`
		);
		expect(maskCredentials('X-Amz-Security-Token: FQoGZXIvYXdzE')).toBe(
			`X-Amz-Security-Token: ${MASK}`
		);
		expect(maskCredentials('key AKIAIOSFODNN7EXAMPLE used')).toBe('key [key id] used');
	});

	it('masks inside an encoded URL carried by another one', () => {
		const masked = maskCredentials('/login?next=%2Fx%3Ftoken%3Dsecret123%26page%3D2');
		expect(masked).not.toContain('secret123');
		expect(masked).toContain('%26page%3D2');
	});

	it('masks JSON text held in a string, escaped or not', () => {
		expect(maskCredentials('{"access_token": "abc", "scope": "x"}')).toBe(
			`{"access_token": "${MASK}", "scope": "x"}`
		);
		expect(maskCredentials(String.raw`{\"token\":\"abc\"}`)).toBe(
			String.raw`{\"token\":\"${MASK}\"}`
		);
	});

	it('leaves ordinary text alone', () => {
		for (const text of [
			'The password needs an upper-case letter.',
			'Token expired: sign in again',
			'Invalid signature on the package',
			'C:\\Users\\ana\\Documents\\report.docx',
			'Uploading 3 files to bucket media-raw',
			'https://example.com/a?page=2&sort=name'
		])
			expect(maskCredentials(text)).toBe(text);
	});

	it('does not take long on a long text full of near misses', () => {
		const text = 'token'.repeat(20_000) + 'x_'.repeat(20_000) + '"token":"' + 'a'.repeat(50_000);
		expect(maskCredentials(text)).toContain(MASK);
		// Each of these once took seconds: a rule tried again at every letter of a long word.
		expect(maskCredentials('a-'.repeat(50_000) + '= token')).toHaveLength(100_007);
		expect(maskCredentials('-u ' + 'ab'.repeat(50_000) + ' -p x')).toContain(`-p ${MASK}`);
		expect(maskCredentials('mkdir ' + '-x '.repeat(30_000) + '-p a')).toMatch(/ -p \S+$/);
		expect(maskCredentials(String.raw`net use \\a\b ` + '/x '.repeat(50_000))).not.toContain(MASK);
	});
});

describe('isSecretName', () => {
	it.each([
		'password',
		'Password',
		'PASSWORD',
		'passwd',
		'pwd',
		'smbPassword',
		'SMB_PASSWORD',
		'smbpassword',
		'currentPassword',
		'passwords',
		'passphrase',
		'keyPassphrase',
		'secret',
		'clientSecret',
		'client_secret',
		'clientsecret',
		'secrets',
		'token',
		'accessToken',
		'X-Amz-Security-Token',
		'credential',
		'credentials',
		'Credentials',
		'X-Amz-Credential',
		'secretAccessKey',
		'AccountKey',
		'accountkey',
		'apiKey',
		'api_key',
		'x-api-key',
		'apikey',
		'privateKey',
		'encryptionKey',
		'storageKeys',
		'Authorization',
		'sig',
		'X-Amz-Signature',
		'SharedAccessSignature',
		'--password'
	])('%s names a credential', (name) => expect(isSecretName(name)).toBe(true));

	it.each([
		'key',
		'Key',
		'keys',
		'keyboard',
		'monkey',
		'hotkey',
		'KeyName',
		'keyId',
		'AccessKeyId',
		'objectKey',
		'sortKey',
		'publicKey',
		'uploadKey',
		'storageName',
		'StorageBucket',
		'passwordRequired',
		'isPasswordSet',
		'tokenExpiry',
		'TokenType',
		'bypass',
		'compass',
		'Passes',
		'design',
		'assignee',
		'authProvider',
		'author',
		'DriveId',
		'FilesPendingUpload',
		'Message'
	])('%s does not', (name) => expect(isSecretName(name)).toBe(false));
});

describe('maskCredentials, named secrets and echoed commands', () => {
	it.each([
		// Connection strings and key=value text.
		[
			'DefaultEndpointsProtocol=https;AccountName=studio;AccountKey=abc+/def==;EndpointSuffix=core.windows.net',
			`DefaultEndpointsProtocol=https;AccountName=studio;AccountKey=${MASK};EndpointSuffix=core.windows.net`
		],
		[
			'BlobEndpoint=https://a.blob.core.windows.net/;SharedAccessSignature=sv=2024-01-01&sig=abc%3D',
			`BlobEndpoint=https://a.blob.core.windows.net/;SharedAccessSignature=${MASK}&sig=${MASK}`
		],
		['Server=db;User Id=ann;Password=hunter2;', `Server=db;User Id=ann;Password=${MASK};`],
		[
			'https://nas.local/login?user=ann&password=hunter2&x=1',
			`https://nas.local/login?user=ann&password=${MASK}&x=1`
		],
		['secretAccessKey=abc smbPassword="two words"', `secretAccessKey=${MASK} smbPassword=${MASK}`],
		['smbPassword: hunter2', `smbPassword: ${MASK}`],
		['Authorization: Basic YW5uOmh1bnRlcjI=', `Authorization: Basic ${MASK}`],
		// JSON text, as stored and exported.
		[
			'{"smbPassword":"hunter2","clientSecret":"s3","Key":"Projects/plan.psd","credentials":{"password":"pw"}}',
			`{"smbPassword":"${MASK}","clientSecret":"${MASK}","Key":"Projects/plan.psd","credentials":{"password":"${MASK}"}}`
		],
		// Command lines echoed in a message.
		[
			String.raw`net use Z: \\nas\media Nas-Pass-2027 /user:STUDIO\ann`,
			String.raw`net use Z: \\nas\media ${MASK} /user:STUDIO\ann`
		],
		[
			String.raw`NET USE * "\\nas\my media" "two words" /persistent:no`,
			String.raw`NET USE * "\\nas\my media" ${MASK} /persistent:no`
		],
		[String.raw`net use \\nas\ipc$ secret1`, String.raw`net use \\nas\ipc$ ${MASK}`],
		['cmdkey /add:nas /user:ann /pass:hunter2', `cmdkey /add:nas /user:ann /pass:${MASK}`],
		['tool /password:"two words" /x', `tool /password:${MASK} /x`],
		['rclone --password hunter2 --user ann', `rclone --password ${MASK} --user ann`],
		['rclone --password=hunter2 --sort-key name', `rclone --password=${MASK} --sort-key name`],
		[
			'az --account-key abc== --client-secret=xyz',
			`az --account-key ${MASK} --client-secret=${MASK}`
		],
		[
			'mount -t cifs //nas/media /mnt/m -o username=ann,password=hunter2,vers=3.0',
			`mount -t cifs //nas/media /mnt/m -o username=ann,password=${MASK},vers=3.0`
		],
		[
			'mount.cifs //nas/m /mnt -o user=ann,pass=hunter2',
			`mount.cifs //nas/m /mnt -o user=ann,pass=${MASK}`
		],
		['smbclient //nas/media -U ann%hunter2 -c ls', `smbclient //nas/media -U ann%${MASK} -c ls`],
		[
			String.raw`smbclient //nas/media -U 'STUDIO\ann%hunter2'`,
			String.raw`smbclient //nas/media -U 'STUDIO\ann%${MASK}'`
		],
		['sshpass -p hunter2 ssh ann@nas', `sshpass -p ${MASK} ssh ann@nas`],
		['mysql -u root -p hunter2 db', `mysql -u root -p ${MASK} db`],
		['curl -u ann:hunter2 https://nas.local/', `curl -u ann:${MASK} https://nas.local/`],
		['curl --user=ann:hunter2 https://nas.local/', `curl --user=ann:${MASK} https://nas.local/`],
		['smb://ann:hunter2@nas/media', `smb://ann:${MASK}@nas/media`],
		// The password after the options, as often written.
		[
			String.raw`net use Z: \\nas\media /user:STUDIO\ann Nas-Pass-2027`,
			String.raw`net use Z: \\nas\media /user:STUDIO\ann ${MASK}`
		],
		[
			String.raw`net use Z: \\nas\media /user:"STUDIO\ann" /persistent:no "two words"`,
			String.raw`net use Z: \\nas\media /user:"STUDIO\ann" /persistent:no ${MASK}`
		],
		[
			String.raw`net use \\nas\media Nas-Pass /user:x`,
			String.raw`net use \\nas\media ${MASK} /user:x`
		],
		// user:password@host without a scheme.
		[
			'mount_smbfs //ann:Nas-Pass@nas/media /Volumes/media',
			`mount_smbfs //ann:${MASK}@nas/media /Volumes/media`
		],
		[
			'mount_smbfs //STUDIO;ann:Nas-Pass@nas/media /Volumes/media',
			`mount_smbfs //STUDIO;ann:${MASK}@nas/media /Volumes/media`
		],
		['copy to ann:hunter2@nas.local:/x', `copy to ann:${MASK}@nas.local:/x`],
		// -p and the password run together.
		['mysql -pHunter2', `mysql -p${MASK}`],
		['mysql -u root -pHunter2 db', `mysql -u root -p${MASK} db`],
		['sshpass -pHunter2 ssh ann@nas', `sshpass -p${MASK} ssh ann@nas`],
		[`sshpass -p'two words' ssh ann@nas`, `sshpass -p${MASK} ssh ann@nas`]
	])('masks %s', (text, expected) => expect(maskCredentials(text)).toBe(expected));

	it.each([
		String.raw`net use Z: \\nas\media /user:STUDIO\ann /persistent:yes`,
		String.raw`net use Z: /delete`,
		'mkdir -p /var/cache/agent',
		'ssh -p 22 ann@nas',
		'robocopy C:\\a D:\\b /p',
		'Uploaded 50% of plan.psd -u done',
		'GET /bucket?list-type=2&prefix=Projects&Key=Projects/plan.psd',
		'Key=Projects/plan.psd sortKey=name publicKey=ssh-ed25519',
		'Wrong password: check the share',
		'Token: sign in again',
		'The key is locked; keyboard shortcuts off',
		'C:\\Users\\ann\\AppData\\Local\\Keys\\cache',
		'passwordRequired=true tokenExpiry=3600',
		// `*` asks for the password; it is none.
		String.raw`net use Z: \\nas\media * /user:STUDIO\ann`,
		String.raw`net use * \\nas\media * /user:x /persistent:no`,
		// -p as a folder's parents, a port, a path or flags run together.
		'mkdir -p logs',
		'mkdir -p logs/2026 cache',
		'mkdir -pv logs',
		'docker run -p 8080:80 nginx',
		'docker run -p 127.0.0.1:8080:80/tcp nginx',
		'tar -C /x -p /var/backups',
		'cp -pr src dst',
		'patch -p1 < fix.diff',
		'mysql -p',
		'git@github.com:studio/console.git',
		'ssh ann@nas.local',
		'mailto:ann@studio.example',
		'Started at 10:30 on nas'
	])('leaves %s alone', (text) => expect(maskCredentials(text)).toBe(text));
});

describe('maskDeep', () => {
	it('keeps the agent words about a field named password, in a validation answer', () => {
		const answer = {
			type: 'VALIDATION',
			errors: { Password: ['The password needs at least 8 characters.'], Email: ['Taken.'] },
			fieldErrors: { smbPassword: 'Enter the share password.' },
			password: 'hunter2',
			credentials: { errors: { Password: 'hunter3' } }
		};
		expect(maskDeep(answer)).toEqual({
			type: 'VALIDATION',
			errors: { Password: ['The password needs at least 8 characters.'], Email: ['Taken.'] },
			fieldErrors: { smbPassword: 'Enter the share password.' },
			password: '***',
			credentials: { errors: { Password: '***' } }
		});
	});

	it('keeps a validation answer its words only: a word, a number or an object is masked', () => {
		expect(maskDeep({ Data: { Errors: { Password: 'Hunter2' } } })).toEqual({
			Data: { Errors: { Password: MASK } }
		});
		expect(
			maskDeep({
				errors: {
					Password: ['The password needs at least 8 characters.'],
					smbPassword: 'Hunter2',
					clientSecret: 12345678,
					credentials: { user: 'ann', value: 'x' },
					passphrase: ['correct horse', 42]
				},
				fieldErrors: { smbPassword: 'Enter the share password.', Password: ['Required'] }
			})
		).toEqual({
			errors: {
				Password: ['The password needs at least 8 characters.'],
				smbPassword: MASK,
				clientSecret: MASK,
				credentials: { user: MASK, value: MASK },
				passphrase: [MASK, MASK]
			},
			fieldErrors: { smbPassword: 'Enter the share password.', Password: ['Required'] }
		});
	});

	it('masks the value of every field named as a credential, at any depth, in any case', () => {
		const frame = {
			Type: 2,
			Data: {
				Message: 'Mounted',
				Password: 'p1',
				smbPassword: 'p2',
				secretAccessKey: 'p3',
				passphrase: 'p4',
				clientSecret: 'p5',
				credentials: { password: 'p6', username: 'ann', list: ['p7'] },
				AccountKey: 'p8',
				Token: 12345,
				apiKeys: ['p9', 'p10'],
				PasswordSet: true,
				EmptyPassword: '',
				Key: 'Projects/plan.psd',
				keys: ['a/b.txt'],
				StorageName: 'Studio S3',
				keyboard: 'de'
			}
		};
		expect(maskDeep(frame)).toEqual({
			Type: 2,
			Data: {
				Message: 'Mounted',
				Password: MASK,
				smbPassword: MASK,
				secretAccessKey: MASK,
				passphrase: MASK,
				clientSecret: MASK,
				credentials: { password: MASK, username: MASK, list: [MASK] },
				AccountKey: MASK,
				Token: MASK,
				apiKeys: [MASK, MASK],
				PasswordSet: true,
				EmptyPassword: '',
				Key: 'Projects/plan.psd',
				keys: ['a/b.txt'],
				StorageName: 'Studio S3',
				keyboard: 'de'
			}
		});
		expect(frame.Data.Password).toBe('p1');
	});

	it('masks every named sample the credentials mode plants', () => {
		const masked = JSON.stringify(
			maskDeep({ Data: NAMED_SECRET_SAMPLES, rows: [NAMED_SECRET_SAMPLES] })
		);
		expect(masked).not.toContain(PLANTED);
		expect(masked).toContain('AccountName=studio;AccountKey=***;');
	});

	it('allocates nothing for a frame without credentials', () => {
		const frame = { Type: 1, Data: { Path: '/a/b', Key: 'a/b', keys: ['x'], StorageName: 'S3' } };
		expect(maskDeep(frame)).toBe(frame);
	});

	it('masks every string, keys included, and returns the same value when nothing changed', () => {
		const clean = { a: [1, 'two', { b: null }], c: true };
		expect(maskDeep(clean)).toBe(clean);
		const dirty = { list: ['ok', 'x?token=abc'], [`k ${jwt({ sub: 'x' })}`]: 1, n: 2 };
		const masked = maskDeep(dirty) as Record<string, unknown>;
		expect(masked).toEqual({ list: ['ok', `x?token=${MASK}`], 'k [token]': 1, n: 2 });
		expect(dirty.list[1]).toBe('x?token=abc');
	});

	it('keeps __proto__ an own key', () => {
		const value = JSON.parse('{"__proto__": "x?token=abc", "y": 1}') as object;
		const masked = maskDeep(value) as Record<string, unknown>;
		expect(Object.getPrototypeOf(masked)).toBe(Object.prototype);
		expect(Object.getOwnPropertyDescriptor(masked, '__proto__')?.value).toBe(`x?token=${MASK}`);
	});

	it('cuts what nests deeper than the limit, so later walks cannot overflow', () => {
		let deep: unknown = 'bottom';
		for (let i = 0; i < 100_000; i++) deep = [deep];
		const masked = maskDeep(deep);
		expect(() => JSON.stringify(masked)).not.toThrow();
		let level = 0;
		let at: unknown = masked;
		while (Array.isArray(at)) {
			at = at[0];
			level++;
		}
		expect(level).toBe(MAX_DEPTH);
		expect(at).toBe(TOO_DEEP);
	});
});
