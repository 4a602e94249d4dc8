/**
 * When the Verify page is given a folder rather than one receipt and its document: a ZIP, more
 * than two files, two receipts or two documents; one receipt (or bundle) with at most one document
 * stays the single check.
 */
import { describe, expect, it } from 'vitest';
import { inputOf, isFolderOfFiles, isSystemFile } from './folder-input';

const receipt = (name: string) => new File(['{"format": "zap1-receipt/1", "leaf_hash": "00"}'], name);
const bundle = new File(['{"leaf": {"hash": "00"}, "root": {}}'], 'proof.json');
const document = (name: string) => new File(['the contract'], name);

describe('isFolderOfFiles', () => {
  it('keeps one receipt, or a receipt or bundle with one document, for the single check', async () => {
    expect(await isFolderOfFiles([receipt('a.pdf.zap1.json')])).toBe(false);
    expect(await isFolderOfFiles([document('a.pdf')])).toBe(false);
    expect(await isFolderOfFiles([receipt('a.pdf.zap1.json'), document('a.pdf')])).toBe(false);
    expect(await isFolderOfFiles([document('a.pdf'), receipt('renamed.json')])).toBe(false);
    expect(await isFolderOfFiles([bundle, document('a.pdf')])).toBe(false);
  });

  it('takes two receipts, two documents, more than two files or a ZIP as a folder', async () => {
    expect(await isFolderOfFiles([receipt('a.pdf.zap1.json'), receipt('b.pdf.zap1.json')])).toBe(true);
    expect(await isFolderOfFiles([document('a.pdf'), document('b.pdf')])).toBe(true);
    expect(await isFolderOfFiles([receipt('a.pdf.zap1.json'), document('a.pdf'), document('b.pdf')])).toBe(
      true,
    );
    expect(await isFolderOfFiles([new File(['PK'], 'binder.ZIP')])).toBe(true);
  });
});

describe('folder paths', () => {
  it('names a chosen file by its path in a chosen folder, else by its name', () => {
    expect(inputOf(document('a.pdf')).path).toBe('a.pdf');
    const inFolder = document('a.pdf');
    Object.defineProperty(inFolder, 'webkitRelativePath', { value: 'binder/a.pdf' });
    expect(inputOf(inFolder).path).toBe('binder/a.pdf');
  });

  it("leaves out the system's own files", () => {
    expect(['__MACOSX/a/._b.pdf', 'a/.DS_Store', 'Thumbs.db', 'a/desktop.ini'].map(isSystemFile)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(isSystemFile('a/contract.pdf')).toBe(false);
  });
});
