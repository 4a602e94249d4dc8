import { describe, expect, it } from 'vitest';
import { contractEvent, genuineBundle, testReceipt } from 'zap1/testing';
import { readVerifyDraft, writeVerifyDraft } from './verify-draft';

const receipt = testReceipt(contractEvent(1), { network: 'devnet', now: new Date(0) });
const SHA = 'ab'.repeat(32);
const hashed = {
  status: 'done' as const,
  fileName: 'contract.pdf',
  sha256Hex: SHA,
  totalBytes: 42,
  mbPerS: 10,
};

function memoryStorage(limit = Infinity) {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (value.length > limit) throw new DOMException('full', 'QuotaExceededError');
      items.set(key, value);
    },
  };
}

const held = {
  id: 'held 1',
  value: { kind: 'receipt' as const, receipt, label: 'the file r.json', fileName: 'r.json' },
};

describe("the Verify page's inputs kept for Back", () => {
  it('come back for the same history entry and address: the receipt read again, the document as its digest', () => {
    const storage = memoryStorage();
    // The block hash read from an explorer comes back too, for the claim it was given for.
    const blockHash = { claimId: 'held 1', leafHex: null, hex: 'cd'.repeat(32) };
    expect(writeVerifyDraft('k1', '/verify', { claim: held, document: hashed, blockHash }, storage)).toBe(
      true,
    );
    expect(readVerifyDraft('k1', '/verify', storage)).toEqual({
      claim: held,
      document: { ...hashed, mbPerS: null, restored: true },
      blockHash,
    });
    // Another entry, or the same entry at another address, is a fresh page.
    expect(readVerifyDraft('k2', '/verify', storage)).toBeNull();
    expect(readVerifyDraft('k1', '/verify?leaf=x', storage)).toBeNull();
  });

  it('keep a bundle, and a document being hashed is not kept half done', () => {
    const storage = memoryStorage();
    const bundle = {
      id: 'held 2',
      value: { kind: 'bundle' as const, bundle: genuineBundle(1, 3), label: 'b' },
    };
    const hashing = {
      status: 'hashing' as const,
      fileName: 'big.iso',
      bytesDone: 1,
      totalBytes: 9,
      mbPerS: null,
    };
    writeVerifyDraft('k', '/verify', { claim: bundle, document: hashing, blockHash: null }, storage);
    expect(readVerifyDraft('k', '/verify', storage)).toEqual({
      claim: bundle,
      document: null,
      blockHash: null,
    });
  });

  it('read nothing from storage that was edited into something else, rather than a wrong check', () => {
    const storage = memoryStorage();
    writeVerifyDraft('k', '/verify', { claim: held, document: hashed, blockHash: null }, storage);
    const kept = JSON.parse(storage.getItem('zap1.verifyDraft')!) as [string, { claim: { text: string } }][];
    kept[0]![1].claim.text = JSON.stringify({ ...receipt, leaf_hash: 'not hex' });
    storage.setItem('zap1.verifyDraft', JSON.stringify(kept));
    expect(readVerifyDraft('k', '/verify', storage)).toBeNull();
    for (const junk of [
      '{',
      '{"k": 1}',
      '[["k", {"address": "/verify", "claim": null, "document": {"name": "x", "size": -1, "sha256Hex": "zz"}, "blockHash": null}]]',
    ]) {
      storage.setItem('zap1.verifyDraft', junk);
      expect(readVerifyDraft('k', '/verify', storage)).toBeNull();
    }
  });

  it('keep the last ten entries, and say when storage would not keep them', () => {
    const storage = memoryStorage();
    for (let i = 0; i < 12; i++) {
      writeVerifyDraft(`k${i}`, '/verify', { claim: held, document: hashed, blockHash: null }, storage);
    }
    expect(readVerifyDraft('k1', '/verify', storage)).toBeNull();
    expect(readVerifyDraft('k2', '/verify', storage)).not.toBeNull();
    expect(readVerifyDraft('k11', '/verify', storage)).not.toBeNull();
    const full = memoryStorage(100);
    expect(writeVerifyDraft('k', '/verify', { claim: held, document: hashed, blockHash: null }, full)).toBe(
      false,
    );
    expect(
      writeVerifyDraft('k', '/verify', { claim: held, document: hashed, blockHash: null }, undefined),
    ).toBe(false);
  });
});
