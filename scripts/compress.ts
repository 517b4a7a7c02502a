import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

/** Writes .gz and .br beside every text asset, so the static server can send them precompressed. */
export async function compressBuild(dir: string): Promise<number> {
	let count = 0;
	for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
		if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
		const path = join(entry.parentPath, entry.name);
		const data = await readFile(path);
		if (data.length < 512) continue;
		await writeFile(`${path}.gz`, gzipSync(data, { level: 9 }));
		await writeFile(
			`${path}.br`,
			brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
		);
		count += 1;
	}
	return count;
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const dir = process.argv[2] ?? 'build';
	console.log(`${dir}: ${await compressBuild(dir)} files precompressed (gzip and brotli).`);
}
