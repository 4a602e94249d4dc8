/**
 * Files as the batch names them: with the folder they came from (`annexes/a.pdf`), whether chosen
 * with a folder chooser (`webkitRelativePath`) or dropped as a folder (its entries walked).
 */

/** Each file named by its path inside the folder chosen, where the browser gives one. */
export function filesWithFolders(files: readonly File[]): File[] {
  return files.map((file) =>
    file.webkitRelativePath
      ? new File([file], file.webkitRelativePath, { type: file.type, lastModified: file.lastModified })
      : file,
  );
}

type Entry = FileSystemEntry;

function readAll(reader: FileSystemDirectoryReader): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const all: Entry[] = [];
    const next = () =>
      reader.readEntries((entries) => {
        if (entries.length === 0) resolve(all);
        else {
          all.push(...entries);
          next();
        }
      }, reject);
    next();
  });
}

async function walk(entry: Entry, into: File[]): Promise<void> {
  if (entry.name.startsWith('.')) return;
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    );
    const path = entry.fullPath.replace(/^\//, '');
    into.push(new File([file], path, { type: file.type, lastModified: file.lastModified }));
  } else if (entry.isDirectory) {
    for (const child of await readAll((entry as FileSystemDirectoryEntry).createReader()))
      await walk(child, into);
  }
}

/**
 * The files of a drop, folders walked (hidden files left out): at once when no folder was dropped,
 * else once the walk is done. The entries must be taken while the drop event is handled, so this
 * is called from the handler; the walk itself runs after.
 */
export function droppedFiles(data: DataTransfer): File[] | Promise<File[]> {
  const entries = [...(data.items ?? [])]
    .map((item) => (item.kind === 'file' ? item.webkitGetAsEntry?.() : null))
    .filter((entry): entry is Entry => entry !== null && entry !== undefined);
  if (!entries.some((entry) => entry.isDirectory)) return [...data.files];
  return (async () => {
    const files: File[] = [];
    for (const entry of entries) await walk(entry, files);
    return files;
  })();
}
