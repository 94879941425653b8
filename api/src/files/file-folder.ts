// Receipts and invoices as files in a folder (FILES_DIR), each named by its content's SHA-256
// (`ab/ab12…`): a file is never rewritten, two receipts with the same bytes share one file, and a
// backup copies each file once (`copyNewFiles`). The folder is never inside the web root.
import { createHash, randomBytes } from 'node:crypto';
import { constants, createReadStream, existsSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const HASH = /^[0-9a-f]{64}$/;

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Where the file of this hash lives in `dir`. */
export function filePath(dir: string, hash: string): string {
  if (!HASH.test(hash)) throw new Error(`Not a file name: ${hash}`);
  return path.join(dir, hash.slice(0, 2), hash);
}

/** Writes `bytes` (whole, under a temporary name, then renamed) unless that file is there; returns its hash. */
export async function putFile(dir: string, bytes: Buffer): Promise<string> {
  const hash = sha256(bytes);
  const target = filePath(dir, hash);
  if (existsSync(target)) return hash;
  await mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;
  try {
    await writeFile(partial, bytes, { flush: true });
    await rename(partial, target);
  } finally {
    await rm(partial, { force: true });
  }
  return hash;
}

/** Moves the finished file at `source` (on the same file system) into `dir` under its hash; returns the hash. */
export async function moveFileIn(dir: string, source: string): Promise<string> {
  const digest = createHash('sha256');
  for await (const chunk of createReadStream(source)) digest.update(chunk as Buffer);
  const hash = digest.digest('hex');
  const target = filePath(dir, hash);
  if (existsSync(target)) {
    await rm(source, { force: true });
    return hash;
  }
  await mkdir(path.dirname(target), { recursive: true });
  await rename(source, target);
  return hash;
}

/** The file's bytes, or null when it is not there. */
export async function readStoredFile(dir: string, hash: string): Promise<Buffer | null> {
  try {
    return await readFile(filePath(dir, hash));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Puts into `to` every file of `from` that `to` does not have (a hard link when both are on one
 * file system, a copy otherwise); returns how many. A file's name is its content's hash, so one
 * already there is the same file.
 */
export async function copyNewFiles(from: string, to: string): Promise<number> {
  if (!existsSync(from)) return 0;
  let copied = 0;
  for (const prefix of await readdir(from)) {
    if (!/^[0-9a-f]{2}$/.test(prefix)) continue;
    for (const name of await readdir(path.join(from, prefix))) {
      if (!HASH.test(name) || existsSync(filePath(to, name))) continue;
      const source = path.join(from, prefix, name);
      const target = filePath(to, name);
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.partial`;
      await rm(partial, { force: true });
      await link(source, partial).catch(() => copyFile(source, partial, constants.COPYFILE_FICLONE));
      await rename(partial, target);
      copied += 1;
    }
  }
  return copied;
}
