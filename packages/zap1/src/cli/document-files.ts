/**
 * The files a command is given: paths of files and folders, a folder walked whole (in name order,
 * hidden entries and symbolic links inside it left out, so a link cannot lead the walk out of the
 * folder or round in a circle). A receipt sits beside its document as `<document>.zap1.json`.
 */
import { lstat, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { RECEIPT_SUFFIX } from '../index.js';
import { UsageError, reasonOf } from './cli-common.js';

/** Where `zap1 stamp` writes a document's receipt, and where `verify` and `upgrade` look for it. */
export const receiptPathFor = (document: string): string => `${document}${RECEIPT_SUFFIX}`;

async function walk(folder: string, into: string[]): Promise<void> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    throw new UsageError(`cannot read the folder ${folder}: ${reasonOf(error)}`);
  }
  for (const name of names.sort()) {
    if (name.startsWith('.')) continue;
    const entry = path.join(folder, name);
    const info = await lstat(entry).catch(() => null);
    if (info?.isDirectory()) await walk(entry, into);
    else if (info?.isFile()) into.push(entry);
  }
}

/** Every file the paths name, each once, folders walked; a path that does not exist is a UsageError. */
export async function expandPaths(paths: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const given of paths) {
    let info;
    try {
      info = await stat(given);
    } catch (error) {
      throw new UsageError(`cannot read ${given}: ${reasonOf(error)}`);
    }
    if (info.isDirectory()) await walk(given, files);
    else if (info.isFile()) files.push(given);
    else throw new UsageError(`${given} is neither a file nor a folder`);
  }
  const seen = new Set<string>();
  return files.filter((file) => {
    const key = path.resolve(file);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Whether a file exists (a receipt already written, say). */
export async function exists(file: string): Promise<boolean> {
  return lstat(file).then(
    () => true,
    () => false,
  );
}
