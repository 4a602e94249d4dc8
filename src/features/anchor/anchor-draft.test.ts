import { describe, expect, it } from 'vitest';
import { clearDraft, newReference, readDraft, writeDraft, type AnchorDraft } from './anchor-draft';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

const DRAFT: AnchorDraft = {
  source: 'file',
  pasted: '',
  serialNumber: 'REF-1',
  walletHash: 'anon_1',
  file: { name: 'contract.pdf', size: 12, sha256Hex: 'ab'.repeat(32) },
};

describe('anchor draft', () => {
  it('keeps a draft per service until it is cleared', () => {
    const storage = memoryStorage();
    writeDraft('', DRAFT, storage);
    writeDraft('https://other.example', { ...DRAFT, serialNumber: 'REF-2' }, storage);
    expect(readDraft('', storage)).toEqual(DRAFT);
    expect(readDraft('https://other.example', storage)?.serialNumber).toBe('REF-2');
    clearDraft('', storage);
    expect(readDraft('', storage)).toBeNull();
    expect(readDraft('https://other.example', storage)?.serialNumber).toBe('REF-2');
  });

  it('treats an edited or broken draft as none', () => {
    const storage = memoryStorage();
    storage.setItem('zap1.anchorDraft', '{not json');
    expect(readDraft('', storage)).toBeNull();
    storage.setItem(
      'zap1.anchorDraft',
      JSON.stringify({ '': { ...DRAFT, file: { ...DRAFT.file, sha256Hex: 'xyz' } } }),
    );
    expect(readDraft('', storage)).toBeNull();
  });

  it('generates a dated reference of unambiguous characters, different each time', () => {
    const reference = newReference(new Date('2026-11-26T05:57:39Z'));
    expect(reference).toMatch(/^REF-20261126-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(newReference()).not.toBe(newReference());
  });
});
