/**
 * The files in a ZIP given to the Verify page, read in the folder worker. The archive is
 * inflated as a stream on that worker's thread (fflate's Unzip: the async unzip would start
 * workers from blob: URLs, which the app's Content-Security-Policy refuses), counting the bytes
 * actually inflated, so an archive that unpacks to far more than it says (a ZIP bomb) is stopped
 * at the limit, not after it has filled the memory.
 */
import { Unzip, UnzipInflate, UnzipPassThrough, type UnzipFile } from 'fflate';
import { countWords, formatNumber } from '../../../components/number-words';
import { isSystemFile, type FolderInput } from './folder-input';

export interface ZipLimits {
  /** The most files an archive may hold. */
  maxEntries: number;
  /** The most bytes all of its files may unpack to. */
  maxTotalBytes: number;
}

/** 10,000 files and 1 GiB: ten times the largest folder the page is meant for (1,000 files of 100 KB). */
export const ZIP_LIMITS: ZipLimits = { maxEntries: 10_000, maxTotalBytes: 1024 * 1024 * 1024 };

/** An archive that is refused (too large, too many files, damaged), with a message that says so. */
export class ZipRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipRefusedError';
  }
}

const mebibytes = (bytes: number) => `${formatNumber(Math.round(bytes / (1024 * 1024)))} MB`;

/**
 * The files of `zip` (folders and the system's own files left out) under their paths in the
 * archive, so a receipt beside its document there is found beside it. Rejects with
 * ZipRefusedError past `limits`, or for an archive that cannot be read.
 */
export async function zipEntries(
  zip: Blob,
  zipName: string,
  limits: ZipLimits = ZIP_LIMITS,
  signal?: AbortSignal,
): Promise<FolderInput[]> {
  const inputs: FolderInput[] = [];
  let entries = 0;
  let totalBytes = 0;
  let failure: Error | null = null;
  const fail = (message: string) => {
    failure ??= new ZipRefusedError(`${zipName} is not opened: ${message}`);
  };
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  unzip.onfile = (entry: UnzipFile) => {
    if (failure) return;
    if (entry.name.endsWith('/')) return;
    entries++;
    if (entries > limits.maxEntries) {
      fail(`it holds more than ${countWords(limits.maxEntries, 'file', 'files')}.`);
      return;
    }
    const declared = entry.originalSize ?? 0;
    if (totalBytes + declared > limits.maxTotalBytes) {
      fail(`its files would unpack to more than ${mebibytes(limits.maxTotalBytes)}.`);
      return;
    }
    if (entry.compression !== 0 && entry.compression !== 8) {
      fail(`${entry.name} is compressed in a way this page does not read (method ${entry.compression}).`);
      return;
    }
    const chunks: Uint8Array[] = [];
    entry.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        fail(`${entry.name} is damaged (${error.message}).`);
        return;
      }
      // Counted as inflated: a size the archive declares may be a lie.
      totalBytes += chunk.length;
      if (totalBytes > limits.maxTotalBytes) {
        fail(`its files unpack to more than ${mebibytes(limits.maxTotalBytes)}.`);
        entry.terminate();
        return;
      }
      chunks.push(chunk);
      if (final && !isSystemFile(entry.name)) {
        inputs.push({ path: entry.name, file: new Blob(chunks as BlobPart[]) });
      }
    };
    entry.start();
  };
  const reader = zip.stream().getReader();
  try {
    for (;;) {
      if (signal?.aborted) throw new DOMException('The verification was cancelled.', 'AbortError');
      const { done, value } = await reader.read();
      unzip.push(value ?? new Uint8Array(0), done);
      if (failure) throw failure;
      if (done) break;
    }
  } catch (error) {
    if (error instanceof ZipRefusedError || (error instanceof DOMException && error.name === 'AbortError'))
      throw error;
    throw new ZipRefusedError(
      `${zipName} is not opened: it is not a ZIP archive this page can read (${error instanceof Error ? error.message : String(error)}).`,
    );
  } finally {
    reader.releaseLock();
  }
  if (entries === 0)
    throw new ZipRefusedError(`${zipName} is not opened: it holds no files (or is not a ZIP archive).`);
  return inputs;
}
