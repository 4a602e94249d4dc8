/**
 * The service's files hold trial-key hashes, wallets' event histories and anchoring state: readable
 * by the service's own user only. Directories the service creates are 0700; database files 0600
 * (SQLite gives its -wal and -shm files the database file's mode).
 */
import fs from 'node:fs';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and missing parents) as 0700; an existing directory is the operator's and left as it is. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Makes sure the database file `file` exists with mode 0600 before SQLite opens it (SQLite itself
 * would create it 0644 under the usual umask), and tightens a file an earlier version left wider,
 * with its -wal and -shm companions.
 */
export function preparePrivateDatabaseFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const candidate of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      if ((fs.statSync(candidate).mode & 0o777) !== PRIVATE_FILE_MODE)
        fs.chmodSync(candidate, PRIVATE_FILE_MODE);
    } catch (error) {
      // A companion that does not exist yet will be created with the database file's mode.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}
