import { describe, expect, it } from 'vitest';
import { contractEvent, genuineBundle } from '../../test/bundles.js';
import {
  RECEIPT_FORMAT,
  checkReceiptEvent,
  checkReceiptFile,
  completeReceipt,
  looksLikeReceipt,
  makeReceipt,
  parseReceipt,
} from './receipt.js';

const { event, leafHex } = contractEvent(2);
const receipt = makeReceipt({
  serviceUrl: 'https://zap1.example',
  network: 'testnet',
  event,
  leafHex,
  file: { name: 'contract.pdf', size: 1234 },
  now: new Date(Date.UTC(2026, 10, 1)),
});

describe('receipts', () => {
  it('round-trips through JSON and is recognised as a receipt', () => {
    const text = JSON.stringify(receipt);
    const parsed = parseReceipt(JSON.parse(text));
    expect(parsed).toEqual({ ok: true, receipt });
    expect(looksLikeReceipt(JSON.parse(text))).toBe(true);
    expect(looksLikeReceipt(genuineBundle(2, 5))).toBe(false);
    expect(receipt).toMatchObject({
      format: RECEIPT_FORMAT,
      proof: null,
      created_at: '2026-11-01T00:00:00.000Z',
    });
  });

  it('says what is wrong with something that is not a receipt', () => {
    expect(parseReceipt([])).toEqual({ ok: false, error: 'the receipt is not a JSON object' });
    expect(parseReceipt({ ...receipt, format: 'zap1-receipt/9' })).toMatchObject({ ok: false });
    expect(parseReceipt({ ...receipt, leaf_hash: 'ABC' })).toEqual({
      ok: false,
      error: 'the receipt has no leaf hash (64 lowercase hex)',
    });
    expect(parseReceipt({ ...receipt, service: {} })).toMatchObject({
      ok: false,
      error: 'the receipt names no service URL',
    });
    expect(parseReceipt({ ...receipt, proof: 'x' })).toMatchObject({ ok: false });
  });

  it('passes the event check when the fields hash to the leaf, and fails an edited serial number', () => {
    expect(checkReceiptEvent(receipt)).toMatchObject({ name: 'event', status: 'pass' });
    const edited = { ...receipt, event: { ...event, serial_number: 'SERIAL-999' } };
    expect(checkReceiptEvent(edited)).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('was edited'),
    });
  });

  it('fails the event check when the proof is for another leaf', () => {
    const other = completeReceipt(receipt, genuineBundle(3, 5), new Date());
    expect(checkReceiptEvent(other)).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('proof is for leaf'),
    });
    const own = completeReceipt(receipt, genuineBundle(2, 5), new Date());
    expect(checkReceiptEvent(own).status).toBe('pass');
  });

  it('tells the anchored file from another one by its SHA-256', () => {
    const sha = String(event['contract_sha256']);
    expect(checkReceiptFile(receipt, { sha256Hex: sha, name: 'contract.pdf' })).toMatchObject({
      status: 'pass',
      detail: expect.stringContaining('"contract.pdf" is the anchored file'),
    });
    expect(checkReceiptFile(receipt, { sha256Hex: 'd'.repeat(64), name: 'other.pdf' })).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('"other.pdf" is not the anchored file'),
    });
  });
});
