// @vitest-environment jsdom
/**
 * A dropped folder is walked to its files, paths kept and the system's own files left out; a drop
 * of files alone is left to be read as files. A folder's run can be cancelled: its worker ends, and
 * the page says it was cancelled.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { droppedFolderEntries, filesOfEntries } from './folder-input';
import { useFolderRun } from './use-folder-run';

afterEach(() => vi.unstubAllGlobals());

const fileEntry = (fullPath: string, text: string) =>
  ({
    isFile: true,
    isDirectory: false,
    fullPath,
    file: (resolve: (file: File) => void) => resolve(new File([text], fullPath.split('/').pop()!)),
  }) as unknown as FileSystemFileEntry;

/** A folder whose reader gives its children in batches of two, then an empty batch, as browsers do. */
const folderEntry = (fullPath: string, children: FileSystemEntry[]) =>
  ({
    isFile: false,
    isDirectory: true,
    fullPath,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (resolve: (batch: FileSystemEntry[]) => void) => {
          const batch = children.slice(at, at + 2);
          at += 2;
          resolve(batch);
        },
      };
    },
  }) as unknown as FileSystemDirectoryEntry;

const transferOf = (entries: FileSystemEntry[]) =>
  ({
    items: entries.map((entry) => ({ kind: 'file', webkitGetAsEntry: () => entry })),
  }) as unknown as DataTransfer;

describe('a dropped folder', () => {
  it('is walked to every file under it, with its path, leaving out system files', async () => {
    const binder = folderEntry('/binder', [
      fileEntry('/binder/a.pdf', 'a'),
      fileEntry('/binder/a.pdf.zap1.json', '{}'),
      fileEntry('/binder/.DS_Store', 'x'),
      folderEntry('/binder/annex', [fileEntry('/binder/annex/b.pdf', 'b')]),
    ]);
    const entries = droppedFolderEntries(transferOf([binder, fileEntry('/c.pdf', 'c')]));
    expect(entries).not.toBeNull();
    const inputs = await filesOfEntries(entries!);
    expect(inputs.map((input) => input.path)).toEqual([
      'binder/a.pdf',
      'binder/a.pdf.zap1.json',
      'binder/annex/b.pdf',
      'c.pdf',
    ]);
    expect(await inputs[2]!.file.text()).toBe('b');
  });

  it('is not what a drop of files alone is: those are read as files', () => {
    expect(droppedFolderEntries(transferOf([fileEntry('/a.pdf', 'a')]))).toBeNull();
    expect(droppedFolderEntries({ items: [] } as unknown as DataTransfer)).toBeNull();
  });
});

describe('useFolderRun', () => {
  it('ends its worker when cancelled, and says the run was cancelled', () => {
    const terminate = vi.fn();
    const posted: unknown[] = [];
    // A worker that takes the folder and never answers: the run is still going when Cancel comes.
    vi.stubGlobal(
      'Worker',
      class extends EventTarget {
        postMessage(message: unknown) {
          posted.push(message);
        }
        terminate = terminate;
      },
    );
    const inputs = [{ path: 'a.pdf', file: new Blob(['a']) }];
    const { result } = renderHook(() => useFolderRun(inputs, 'https://zap1.example', null));
    expect(posted).toEqual([{ inputs, serviceUrl: 'https://zap1.example', explorerBlockUrl: null }]);
    expect(result.current.state.status).toBe('running');
    act(() => result.current.cancel());
    expect(terminate).toHaveBeenCalled();
    expect(result.current.state.status).toBe('cancelled');
  });
});
