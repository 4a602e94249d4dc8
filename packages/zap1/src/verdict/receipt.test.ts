import { describe, expect, it } from 'vitest';
import { contractEvent, genuineBundle, hostingPaymentEvent, testReceipt } from '../../test/bundles.js';
import { evidencedBundle } from '../../test/chain-evidence.js';
import { leafHash } from '../protocol/leaf-hash.js';
import {
  RECEIPT_FORMAT,
  checkReceiptEvent,
  checkReceiptFile,
  completeReceipt,
  looksLikeReceipt,
  parseReceipt,
  provenReceiptFields,
  receiptCommitsToFile,
  receiptServiceUrl,
  serviceBaseUrl,
  uncommittedReceiptFields,
} from './receipt.js';

const contract = contractEvent(2);
const { event } = contract;
const receipt = testReceipt(contract, { network: 'testnet', file: { name: 'contract.pdf', size: 1234 } });

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

describe('a receipt holds only what its leaf proves (security review 1)', () => {
  const hosting = hostingPaymentEvent(1);
  const forgedFileSha = 'f'.repeat(64);
  const honest = testReceipt(hosting);
  const forged = { ...honest, event: { ...hosting.event, contract_sha256: forgedFileSha } };

  it('fails the event check of a HOSTING_PAYMENT receipt given a contract_sha256, naming the field', () => {
    expect(checkReceiptEvent(honest).status).toBe('pass');
    expect(uncommittedReceiptFields(forged)).toEqual(['contract_sha256']);
    expect(checkReceiptEvent(forged)).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('does not commit to (contract_sha256)'),
    });
  });

  it('fails a timestamp on a type the service does not stamp, and a serial number on a type that hashes none', () => {
    const shield = { event_type: 'SHIELD_RENEWAL', wallet_hash: 'w', year: 2026 };
    const base = { ...honest, event: shield, leaf_hash: leafHash(shield) };
    expect(checkReceiptEvent(base).status).toBe('pass');
    expect(checkReceiptEvent({ ...base, event: { ...shield, serial_number: 'SN-1' } }).detail).toContain(
      '(serial_number)',
    );
    expect(checkReceiptEvent({ ...base, event: { ...shield, timestamp: 5 } }).detail).toContain(
      '(timestamp)',
    );
  });

  it('never says a file is the anchored one for a type whose leaf commits to no file hash', () => {
    expect(receiptCommitsToFile(honest)).toBe(false);
    expect(receiptCommitsToFile(receipt)).toBe(true);
    expect(checkReceiptFile(forged, { sha256Hex: forgedFileSha, name: 'forged.pdf' })).toEqual({
      name: 'file',
      status: 'unknown',
      detail:
        '"forged.pdf" is not part of this proof: a HOSTING_PAYMENT leaf commits to no file hash, so nothing about the file was checked.',
    });
  });

  it('reads hostile JSON values into messages without calling or walking them', () => {
    let deep: unknown = [];
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(parseReceipt({ ...receipt, format: deep })).toEqual({
      ok: false,
      error: `the receipt format is an array, not "${RECEIPT_FORMAT}"`,
    });
    expect(parseReceipt({ ...receipt, format: { toString: 1 } })).toMatchObject({ ok: false });
    const named = { ...receipt, event: { ...event, contract_sha256: { toString: 1 } } };
    expect(checkReceiptFile(named, { sha256Hex: 'd'.repeat(64) }).detail).toBe(
      `The file is not the anchored file: its SHA-256 is ${'d'.repeat(64)}, the receipt's is an object.`,
    );
    const typed = { ...receipt, event: { ...event, event_type: { toString: 1 } } };
    expect(checkReceiptEvent(typed).status).toBe('fail');
  });

  it('names as proven only the type and the preimage fields (not an unhashed wallet)', () => {
    expect(provenReceiptFields(receipt).map(([field]) => field)).toEqual([
      'event_type',
      'serial_number',
      'contract_sha256',
    ]);
    expect(provenReceiptFields(honest).map(([field]) => field)).toEqual([
      'event_type',
      'serial_number',
      'month',
      'year',
    ]);
  });

  it('shows a file name with a right-to-left override as what it is', () => {
    const sha = String(event['contract_sha256']);
    expect(checkReceiptFile(receipt, { sha256Hex: sha, name: 'invoice_\u202Efdp.exe' }).detail).toContain(
      '"invoice_<U+202E>fdp.exe" is the anchored file',
    );
  });
});

describe('receipts with chain evidence', () => {
  const { bundle, evidence } = evidencedBundle();
  const withEvidence = testReceipt(contract, { network: 'mainnet', proof: bundle, chainEvidence: evidence });

  it('round-trips its evidence, and older receipts without it still parse', () => {
    expect(parseReceipt(JSON.parse(JSON.stringify(withEvidence)))).toEqual({
      ok: true,
      receipt: withEvidence,
    });
    expect(parseReceipt(JSON.parse(JSON.stringify(receipt)))).toEqual({ ok: true, receipt });
    expect('chain_evidence' in receipt).toBe(false);
  });

  it('refuses evidence that is not chain evidence, saying so', () => {
    const parsed = parseReceipt({ ...withEvidence, chain_evidence: { ...evidence, txid: 'nope' } });
    expect(parsed).toEqual({
      ok: false,
      error: "the receipt's chain evidence has no txid (64 lowercase hex)",
    });
  });
});

describe("a receipt's service", () => {
  it('is asked only at an http(s) address, and a receipt naming another still parses, saying it names no usable service', () => {
    expect(
      receiptServiceUrl({ ...receipt, service: { url: 'https://zap1.example/', network: null } }),
    ).toEqual({
      ok: true,
      url: 'https://zap1.example',
    });
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,x', 'zap1.example', '']) {
      const hostile = parseReceipt({ ...receipt, service: { url, network: null } });
      expect(hostile.ok).toBe(true);
      if (!hostile.ok) continue;
      expect(receiptServiceUrl(hostile.receipt)).toEqual({
        ok: false,
        problem: `the receipt names no usable service: its service URL ${JSON.stringify(url)} is not an http(s) address`,
      });
    }
    // An http(s) address with a query or a fragment is named as such, not as another kind of URL.
    for (const url of ['https://zap1.example/?a=1', 'https://zap1.example/#top']) {
      expect(receiptServiceUrl({ ...receipt, service: { url, network: null } })).toEqual({
        ok: false,
        problem: `the receipt names no usable service: its service URL ${JSON.stringify(url)} has a query or a fragment, which a service address does not`,
      });
    }
  });

  it('names a long or hidden-character URL in the problem as what it is, cut short', () => {
    const long = `javascript:${'a'.repeat(500)}\u202E`;
    const problem = receiptServiceUrl({ ...receipt, service: { url: long, network: null } });
    expect(problem.ok).toBe(false);
    if (problem.ok) return;
    expect(problem.problem).toContain(`"javascript:${'a'.repeat(89)}…"`);
    expect(problem.problem).not.toContain('\u202E');
    expect(serviceBaseUrl('https://a.example/zap1/?q=1')).toBeNull();
    expect(serviceBaseUrl(' https://user:pw@a.example/zap1/ ')).toBe('https://a.example/zap1');
  });
});
