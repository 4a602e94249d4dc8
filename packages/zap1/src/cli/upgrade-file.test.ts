/**
 * The write behind `--upgrade`, in-process: what the command-line tests cannot arrange (a rename that
 * fails after the temporary file was written).
 */
import fs from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../../test/cli-run.js';

const failures = vi.hoisted(() => ({ rename: false }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  return {
    ...actual,
    rename: async (from: string, to: string) => {
      if (failures.rename) throw new Error('EIO: i/o error, rename');
      return actual.rename(from, to);
    },
  };
});
const { ReplaceFileError, replaceFile } = await import('./upgrade-file.js');

let dir: string;
beforeEach(() => {
  dir = tempDir();
  failures.rename = false;
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('replaceFile', () => {
  it('replaces the file, keeps its mode, and leaves no temporary file', async () => {
    const file = path.join(dir, 'receipt.json');
    fs.writeFileSync(file, 'old\n');
    fs.chmodSync(file, 0o640);
    await replaceFile(file, 'new\n');
    expect(fs.readFileSync(file, 'utf8')).toBe('new\n');
    expect(fs.statSync(file).mode & 0o777).toBe(0o640);
    expect(fs.readdirSync(dir)).toEqual(['receipt.json']);
  });

  it('removes its temporary file and leaves the original as it was when the rename fails', async () => {
    const file = path.join(dir, 'receipt.json');
    fs.writeFileSync(file, 'old\n');
    failures.rename = true;
    await expect(replaceFile(file, 'new\n')).rejects.toThrow(
      new ReplaceFileError(`could not write ${file}, so it was left as it was: EIO: i/o error, rename`),
    );
    expect(fs.readFileSync(file, 'utf8')).toBe('old\n');
    expect(fs.readdirSync(dir)).toEqual(['receipt.json']);
  });

  it('refuses a symbolic link and anything that is not a regular file, writing nothing', async () => {
    const target = path.join(dir, 'target.json');
    fs.writeFileSync(target, 'old\n');
    const link = path.join(dir, 'link.json');
    fs.symlinkSync(target, link);
    await expect(replaceFile(link, 'new\n')).rejects.toThrow(/it is a symbolic link/);
    await expect(replaceFile(dir, 'new\n')).rejects.toThrow(/it is not a regular file/);
    expect(fs.readFileSync(target, 'utf8')).toBe('old\n');
    expect(fs.readdirSync(dir).sort()).toEqual(['link.json', 'target.json']);
  });
});
