import { describe, expect, it } from 'vitest';
import { readMemoDraft, writeMemoDraft } from './memo-draft';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('the memo draft', () => {
  it("brings a dropped file's bytes back, and a file refused stays refused with its reason", () => {
    const storage = memoryStorage();
    const bytes = new Uint8Array([0x5a, 0x41, 0x50, 0x31]);
    writeMemoDraft(
      null,
      { mode: 'file', input: '', file: { name: 'memo.bin', result: { ok: true, bytes } } },
      storage,
    );
    expect(readMemoDraft(null, storage)).toEqual({
      mode: 'file',
      input: '',
      file: { name: 'memo.bin', result: { ok: true, bytes } },
    });
    const refused = { ok: false as const, error: 'The file has 99999 bytes; a memo is at most 512 bytes.' };
    writeMemoDraft(null, { mode: 'file', input: '', file: { name: 'big.bin', result: refused } }, storage);
    expect(readMemoDraft(null, storage)?.file).toEqual({ name: 'big.bin', result: refused });
  });

  it('is taken up on the plain page, on the link it was made from, and never from edited storage', () => {
    const storage = memoryStorage();
    writeMemoDraft('6f6b', { mode: 'hex', input: '6f6b21', file: null }, storage);
    expect(readMemoDraft(null, storage)?.input).toBe('6f6b21');
    expect(readMemoDraft('6f6b', storage)?.input).toBe('6f6b21');
    expect(readMemoDraft('ffff', storage)).toBeNull();
    storage.setItem('zap1.memoDraft', '{"linkHex": null, "mode": "sideways", "input": "", "file": null}');
    expect(readMemoDraft(null, storage)).toBeNull();
    storage.setItem('zap1.memoDraft', '{');
    expect(readMemoDraft(null, storage)).toBeNull();
  });
});
