import { describe, expect, it } from 'vitest';
import { contractEvent, testReceipt } from 'zap1/testing';
import { sortDroppedFiles } from './dropped-files';

const receipt = testReceipt(contractEvent(1), {
  serviceUrl: 'https://a.example/',
  network: null,
  now: new Date(0),
});
const receiptText = JSON.stringify(receipt);
const receiptFile = (name = 'receipt.json', text = receiptText) =>
  new File([text], name, { type: 'application/json' });
const contract = new File(['%PDF-1.7 contract'], 'contract.pdf');

describe('sorting dropped files', () => {
  it('sorts them into the receipt and the document, in either order', async () => {
    for (const files of [
      [receiptFile(), contract],
      [contract, receiptFile()],
    ]) {
      const sorted = await sortDroppedFiles(files);
      expect(sorted.claim?.kind).toBe('receipt');
      expect(sorted.document?.name).toBe('contract.pdf');
      expect(sorted.problems).toEqual([]);
      expect(sorted.documentUnread).toBeNull();
    }
    // A .json contract that is no receipt is the document, said nothing of when a receipt came with it.
    const jsonContract = new File(['{"terms": "pay"}'], 'terms.json');
    const sorted = await sortDroppedFiles([jsonContract, receiptFile()]);
    expect(sorted.document?.name).toBe('terms.json');
    expect(sorted.claim?.kind).toBe('receipt');
  });

  it.each([
    ['a truncated receipt', receiptText.slice(0, 120)],
    ['the receipt format followed by garbage', '{"format": "zap1-receipt/1", garbage'],
    ['a receipt with its leaf edited away', JSON.stringify({ ...receipt, leaf_hash: 'zz' })],
  ])(
    'never takes %s as the document: it is a receipt that could not be read, with the reason',
    async (_, text) => {
      const sorted = await sortDroppedFiles([receiptFile('final.zap1.json', text)]);
      expect(sorted.claim).toBeNull();
      expect(sorted.document).toBeNull();
      expect(sorted.damaged).toHaveLength(1);
      expect(sorted.damaged[0]?.file.name).toBe('final.zap1.json');
      expect(sorted.damaged[0]?.message).toMatch(/^(This is not JSON: |This receipt cannot be read: )/);
    },
  );

  it.each([
    ['[1,2,3]', /neither a ZAP1 receipt/],
    ['null', /neither a ZAP1 receipt/],
    ['{}', /neither a ZAP1 receipt/],
    ['{"terms": ', /^This is not JSON: /],
  ])(
    'takes a .json holding %s as the document only saying why it is not a readable receipt',
    async (text, why) => {
      const sorted = await sortDroppedFiles([receiptFile('final.json', text)]);
      expect(sorted.claim).toBeNull();
      expect(sorted.document?.name).toBe('final.json');
      expect(sorted.documentUnread).toMatch(why);
    },
  );

  it('prefers a file that is no .json as the document, and names the unreadable .json', async () => {
    const sorted = await sortDroppedFiles([receiptFile('final.json', '[1,2,3]'), contract]);
    expect(sorted.document?.name).toBe('contract.pdf');
    expect(sorted.documentUnread).toBeNull();
    expect(sorted.problems).toEqual([
      'final.json: This JSON is neither a ZAP1 receipt ("format": "zap1-receipt/1") nor a proof bundle.',
    ]);
  });

  it('reads a receipt saved under another name by its content, and a damaged one is still no document', async () => {
    const renamed = await sortDroppedFiles([receiptFile('receipt.txt'), contract]);
    expect(renamed.claim?.kind).toBe('receipt');
    expect(renamed.document?.name).toBe('contract.pdf');
    const damaged = await sortDroppedFiles([receiptFile('receipt.txt', receiptText.slice(0, 80))]);
    expect(damaged.document).toBeNull();
    expect(damaged.damaged.map(({ file }) => file.name)).toEqual(['receipt.txt']);
  });

  it('uses the first of two receipts and says the second was set aside, never taking it as the document', async () => {
    const sorted = await sortDroppedFiles([receiptFile('final-1.json'), receiptFile('final-2.json')]);
    expect(sorted.claim?.fileName).toBe('final-1.json');
    expect(sorted.document).toBeNull();
    expect(sorted.problems).toEqual([
      'One receipt or bundle is checked at a time: final-1.json is used; final-2.json is set aside, not taken as the document (drop it on its own to check it).',
    ]);
  });

  it('checks one document at a time, saying which others were set aside', async () => {
    const sorted = await sortDroppedFiles([contract, new File(['other'], 'other.pdf'), receiptFile()]);
    expect(sorted.document?.name).toBe('contract.pdf');
    expect(sorted.problems).toEqual([
      'One document is checked at a time: contract.pdf is used; other.pdf is set aside.',
    ]);
  });
});
