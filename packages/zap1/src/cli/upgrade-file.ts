/**
 * `--upgrade` writes the completed receipt (or bundle) over the one the auditor holds. It does so
 * without trusting anything else in that folder: the temporary file gets a random name and is
 * created exclusively (O_CREAT|O_EXCL: a file or a symbolic link planted at that name makes the
 * open fail instead of being followed), readable by the owner alone until it has the original's
 * mode, synced to disk, and renamed over the original (a crash leaves the old file or the new one,
 * never half). A receipt path that is itself a symbolic link is refused: replacing it would swap the
 * link for a file, and following it would write wherever it points.
 */
import { randomBytes } from 'node:crypto';
import { link, lstat, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Why a file was not replaced; it was left as it was (the CLI exits 2 with this message). */
export class ReplaceFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReplaceFileError';
  }
}

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Replaces the regular file at `path` with `content`, keeping its mode (and, where allowed, its owner). */
export async function replaceFile(path: string, content: string): Promise<void> {
  let original;
  try {
    original = await lstat(path);
  } catch (error) {
    throw new ReplaceFileError(`cannot replace ${path}: ${reasonOf(error)}`);
  }
  if (original.isSymbolicLink()) {
    throw new ReplaceFileError(
      `refusing to replace ${path}: it is a symbolic link (run --upgrade on the file it points to); nothing was written`,
    );
  }
  if (!original.isFile()) {
    throw new ReplaceFileError(`refusing to replace ${path}: it is not a regular file; nothing was written`);
  }

  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(16).toString('hex')}.tmp`);
  let handle: FileHandle;
  try {
    handle = await open(temporary, 'wx', 0o600);
  } catch (error) {
    // Not created by this open (an existing name included), so not removed either.
    throw new ReplaceFileError(`could not write ${path}, so it was left as it was: ${reasonOf(error)}`);
  }
  let handleOpen = true;
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
    if (original.uid !== process.getuid?.() || original.gid !== process.getgid?.()) {
      // Only root may give a file away; anyone else keeps the file as theirs (its mode still applies).
      await handle.chown(original.uid, original.gid).catch(() => undefined);
    }
    await handle.chmod(original.mode & 0o777);
    await handle.close();
    handleOpen = false;
    await rename(temporary, path);
  } catch (error) {
    if (handleOpen) await handle.close().catch(() => undefined);
    await rm(temporary, { force: true }).catch(() => undefined);
    throw new ReplaceFileError(`could not write ${path}, so it was left as it was: ${reasonOf(error)}`);
  }
  // The rename itself is durable once the folder is synced (not every platform can open a folder).
  const folder = await open(dirname(path), 'r').catch(() => null);
  if (folder) {
    await folder.sync().catch(() => undefined);
    await folder.close();
  }
}

/**
 * Writes `content` to `path` only if nothing is there yet (a receipt another run wrote meanwhile is
 * kept, and this one reports it): written whole to a temporary file, synced, and linked into place,
 * which fails instead of replacing an existing name. Returns false when the name was taken.
 */
export async function writeNewFile(path: string, content: string): Promise<boolean> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(16).toString('hex')}.tmp`);
  const handle = await open(temporary, 'wx', 0o644);
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(temporary, { force: true }).catch(() => undefined);
  }
}
