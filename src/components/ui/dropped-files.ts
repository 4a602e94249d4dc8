/**
 * Files with the folder they came from (`annexes/a.pdf`), whether chosen with a folder chooser
 * (`webkitRelativePath`) or dropped as a folder (its entries walked): the Anchor page's batch and
 * the Verify page's folder both take them.
 */

/** A file of a dropped folder, with its path inside the drop. */
export interface DroppedFile {
  path: string;
  file: File;
}

/** Each file named by its path inside the folder chosen, where the browser gives one. */
export function filesWithFolders(files: readonly File[]): File[] {
  return files.map((file) =>
    file.webkitRelativePath
      ? new File([file], file.webkitRelativePath, { type: file.type, lastModified: file.lastModified })
      : file,
  );
}

function readAllEntries(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const all: FileSystemEntry[] = [];
  // readEntries gives a batch at a time (100 in Chromium) until an empty one.
  return new Promise((resolve, reject) => {
    const next = () =>
      reader.readEntries((batch) => {
        if (batch.length === 0) resolve(all);
        else {
          all.push(...batch);
          next();
        }
      }, reject);
    next();
  });
}

async function walk(entry: FileSystemEntry, into: DroppedFile[]): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    );
    into.push({ path: entry.fullPath.replace(/^\//, ''), file });
  } else if (entry.isDirectory) {
    for (const child of await readAllEntries(entry as FileSystemDirectoryEntry)) await walk(child, into);
  }
}

/**
 * The entries of a drop that holds a folder, read now (a drop's items are gone after its event),
 * or null for a drop of files alone, which is read as files.
 */
export function droppedFolderEntries(transfer: DataTransfer): FileSystemEntry[] | null {
  const entries = [...(transfer.items ?? [])]
    .map((item) => (item.kind === 'file' ? (item.webkitGetAsEntry?.() ?? null) : null))
    .filter((entry): entry is FileSystemEntry => entry !== null);
  return entries.some((entry) => entry.isDirectory) ? entries : null;
}

/** Every file under the dropped entries, with its path within the drop. */
export async function walkEntries(entries: readonly FileSystemEntry[]): Promise<DroppedFile[]> {
  const files: DroppedFile[] = [];
  for (const entry of entries) await walk(entry, files);
  return files;
}

const isHidden = (path: string): boolean => /(^|\/)\./.test(path);

/**
 * The files of a drop, each named by its path, folders walked and hidden files left out: at once
 * when no folder was dropped, else once the walk is done. Called from the drop's handler, since
 * its entries are gone after it.
 */
export function droppedFiles(data: DataTransfer): File[] | Promise<File[]> {
  const entries = droppedFolderEntries(data);
  if (entries === null) return [...data.files];
  return walkEntries(entries).then((files) =>
    files
      .filter(({ path }) => !isHidden(path))
      .map(({ path, file }) => new File([file], path, { type: file.type, lastModified: file.lastModified })),
  );
}
