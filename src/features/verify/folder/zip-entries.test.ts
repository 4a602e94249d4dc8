/**
 * A ZIP given to the Verify page: its files under their paths, the system's own left out, and an
 * archive refused with a clear message when it holds too many files, unpacks (or claims to unpack)
 * beyond the limit, or is no ZIP at all.
 */
import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { zipEntries, ZipRefusedError } from './zip-entries';

const encode = (text: string) => new TextEncoder().encode(text);
const MIB = 1024 * 1024;

describe('zipEntries', () => {
  it('gives the files under their paths, stored or deflated, without folders or system files', async () => {
    const zip = zipSync({
      'binder/': {},
      'binder/contract.pdf': [encode('the contract'), { level: 0 }],
      'binder/contract.pdf.zap1.json': encode('{"format": "zap1-receipt/1"}'),
      '__MACOSX/binder/._contract.pdf': encode('fork'),
      'binder/.DS_Store': encode('finder'),
    });
    const entries = await zipEntries(new Blob([zip]), 'binder.zip');
    expect(entries.map((entry) => entry.path)).toEqual([
      'binder/contract.pdf',
      'binder/contract.pdf.zap1.json',
    ]);
    expect(await entries[0]!.file.text()).toBe('the contract');
  });

  it('refuses an archive of more files than the limit', async () => {
    const zip = zipSync({ 'a.txt': encode('a'), 'b.txt': encode('b'), 'c.txt': encode('c') });
    await expect(
      zipEntries(new Blob([zip]), 'many.zip', { maxEntries: 2, maxTotalBytes: MIB }),
    ).rejects.toThrow(new ZipRefusedError('many.zip is not opened: it holds more than 2 files.'));
  });

  it('refuses an archive whose files say they unpack beyond the limit, before inflating them', async () => {
    const zip = zipSync({ 'zeros.bin': new Uint8Array(2 * MIB) });
    expect(zip.length).toBeLessThan(10_000);
    await expect(
      zipEntries(new Blob([zip]), 'bomb.zip', { maxEntries: 10, maxTotalBytes: MIB }),
    ).rejects.toThrow('bomb.zip is not opened: its files would unpack to more than 1 MB.');
  });

  it('stops an archive that lies about its sizes once what it inflates passes the limit', async () => {
    const zip = zipSync({ 'zeros.bin': new Uint8Array(2 * MIB) });
    // The local header's uncompressed size (offset 22) claims one byte.
    new DataView(zip.buffer).setUint32(22, 1, true);
    await expect(
      zipEntries(new Blob([zip]), 'liar.zip', { maxEntries: 10, maxTotalBytes: MIB }),
    ).rejects.toThrow('liar.zip is not opened: its files unpack to more than 1 MB.');
  });

  it('refuses a file that is no ZIP', async () => {
    await expect(zipEntries(new Blob(['just text']), 'notes.zip')).rejects.toThrow(
      'notes.zip is not opened: it holds no files (or is not a ZIP archive).',
    );
  });
});
