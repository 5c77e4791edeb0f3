import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Suffix of files being written; any left over after a crash are garbage. */
export const TEMP_MARKER = '.tmp-';

/**
 * Writes `data` to `target` so that a crash leaves either the old file or the complete new one:
 * temp file, fsync, rename, fsync of the directory.
 */
export async function writeFileDurably(target: string, data: Uint8Array | string): Promise<void> {
  const temp = `${target}${TEMP_MARKER}${randomBytes(6).toString('hex')}`;
  const handle = await fs.promises.open(temp, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.promises.rename(temp, target);
  } catch (error) {
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(path.dirname(target));
}

/** Makes renames and unlinks in `dir` durable. */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function removeDurably(file: string): Promise<void> {
  await fs.promises.rm(file, { force: true });
  await syncDirectory(path.dirname(file));
}
