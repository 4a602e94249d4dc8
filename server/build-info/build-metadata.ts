/**
 * What a running service can say about the code it runs (`GET /build/info`): metadata written at
 * build time (`npm run build` ends with write-build-info.ts) into `dist-server/build-info.json`.
 * The revision and tree come from git, the source manifest hashes every tracked file's blob id,
 * and the build hash covers the built server and app, so an operator can compare what runs with
 * what a clean checkout of that revision builds.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface BuildMetadata {
  /** 40 hex: the commit built. */
  source_revision: string | null;
  /** 40 hex: that commit's tree. */
  source_tree: string | null;
  /** 64 hex: SHA-256 of `git ls-files -s` (every tracked file's mode, blob id and path). */
  source_manifest_sha256: string | null;
  /** The tracked files in the working tree were exactly the commit's when it was built. */
  source_manifest_verified: boolean;
  /** 64 hex: SHA-256 of package-lock.json. */
  lock_file_sha256: string | null;
  /** 64 hex: SHA-256 over every built file's path and SHA-256 (dist-server, dist/app; no source maps). */
  build_sha256: string | null;
  /**
   * The installed dependencies were exactly package-lock.json's (what `npm ci` installs): every
   * installed package at the lock's version and integrity, every required one installed.
   */
  installed_from_lock_file: boolean;
  /** No built file holds the absolute path of the folder it was built in (the build is path-independent). */
  build_paths_relative: boolean;
  /** RFC 3339. */
  built_at: string;
  node_version: string;
}

export const BUILD_INFO_FILE = 'build-info.json';

function git(root: string, args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null; // not a git checkout (a source archive), or no git: the fields stay unknown
  }
}

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** SHA-256 over the sorted `path sha256` lines of the built files, so any changed byte changes it. */
export function buildHash(root: string): string | null {
  const files = builtFiles(root)
    .map((file) => `${path.relative(root, file).split(path.sep).join('/')} ${sha256(fs.readFileSync(file))}`)
    .sort();
  return files.length === 0 ? null : sha256(files.join('\n'));
}

function builtFiles(root: string): string[] {
  return [
    ...filesUnder(path.join(root, 'dist-server')),
    ...filesUnder(path.join(root, 'dist', 'app')),
  ].filter((file) => !file.endsWith('.map') && path.basename(file) !== BUILD_INFO_FILE);
}

type LockPackages = Record<
  string,
  { version?: string; integrity?: string; optional?: boolean; peer?: boolean }
>;

function lockPackages(file: string): LockPackages | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { packages?: LockPackages };
    return parsed.packages ?? null;
  } catch {
    return null;
  }
}

/** Whether node_modules holds exactly what package-lock.json pins (npm records what it installed). */
export function installedFromLockFile(root: string): boolean {
  const locked = lockPackages(path.join(root, 'package-lock.json'));
  const installed = lockPackages(path.join(root, 'node_modules', '.package-lock.json'));
  if (locked === null || installed === null) return false;
  const sameAsLocked = Object.entries(installed).every(
    ([name, pkg]) => locked[name]?.version === pkg.version && locked[name]?.integrity === pkg.integrity,
  );
  // Optional packages for other platforms (esbuild's, say) are rightly left out.
  const nothingMissing = Object.entries(locked).every(
    ([name, pkg]) => name === '' || pkg.optional === true || pkg.peer === true || name in installed,
  );
  return sameAsLocked && nothingMissing;
}

export function collectBuildMetadata(root: string, now = new Date()): BuildMetadata {
  const revision = git(root, ['rev-parse', 'HEAD'])?.trim() ?? null;
  const tree = git(root, ['rev-parse', 'HEAD^{tree}'])?.trim() ?? null;
  const manifest = git(root, ['ls-files', '-s']);
  const changes = git(root, ['status', '--porcelain', '--untracked-files=no']);
  const lockFile = path.join(root, 'package-lock.json');
  return {
    source_revision: revision && /^[0-9a-f]{40}$/.test(revision) ? revision : null,
    source_tree: tree && /^[0-9a-f]{40}$/.test(tree) ? tree : null,
    source_manifest_sha256: manifest === null ? null : sha256(manifest),
    source_manifest_verified: manifest !== null && changes !== null && changes.trim() === '',
    lock_file_sha256: fs.existsSync(lockFile) ? sha256(fs.readFileSync(lockFile)) : null,
    build_sha256: buildHash(root),
    installed_from_lock_file: installedFromLockFile(root),
    build_paths_relative: !builtFiles(root).some((file) =>
      fs.readFileSync(file).includes(path.resolve(root)),
    ),
    built_at: now.toISOString(),
    node_version: process.version,
  };
}

/** The metadata written next to the built server, or null when there is none (run from source). */
export function readBuildMetadata(file: string): BuildMetadata | null {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as BuildMetadata) : null;
  } catch {
    return null;
  }
}
