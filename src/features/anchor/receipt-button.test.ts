import { describe, expect, it } from 'vitest';
import { genuineBundle } from 'zap1/testing';
import { evidencedBundle } from 'zap1/testing';
import { checkReceiptEvent, leafHash, parseReceipt } from 'zap1';
import { receiptOfSubmission } from './receipt-button';
import type { SavedSubmission } from './submissions-store';

const event = {
  event_type: 'CONTRACT_ANCHOR',
  wallet_hash: 'anon_1',
  serial_number: 'LEASE-7',
  contract_sha256: 'c'.repeat(64),
};
const submission: SavedSubmission = {
  baseUrl: '',
  fileName: 'lease.pdf',
  fileSize: 1234,
  contractSha256: event.contract_sha256,
  serialNumber: event.serial_number,
  walletHash: event.wallet_hash,
  leafHex: leafHash(event),
  rootHex: null,
  status: 'created',
  submittedAt: '2026-11-24T00:00:00.000Z',
};
const context = { origin: 'https://app.example', network: 'devnet', now: new Date(0) };

describe('the receipt of a submission kept in this browser', () => {
  it('carries the event that hashes to its leaf, the file, the service made absolute, and no proof while pending', () => {
    const receipt = receiptOfSubmission(submission, {
      ...context,
      bundle: genuineBundle(0, 1, { txid: null, height: null }),
    });
    expect(receipt).toMatchObject({
      format: 'zap1-receipt/1',
      service: { url: 'https://app.example', network: 'devnet' },
      file: { name: 'lease.pdf', size: 1234 },
      proof: null,
    });
    expect(checkReceiptEvent(receipt).status).toBe('pass');
  });

  it('keeps an anchored proof, and names no file when only a pasted hash was given', () => {
    const anchored = genuineBundle(0, 1);
    const receipt = receiptOfSubmission(
      { ...submission, fileName: null, fileSize: null },
      { ...context, bundle: anchored },
    );
    expect(receipt.proof).toBe(anchored);
    expect(receipt.file).toBeNull();
  });

  it('carries the chain evidence of its anchor, and none for a pending proof or another transaction', () => {
    const { bundle, evidence } = evidencedBundle();
    const receipt = receiptOfSubmission(submission, { ...context, bundle, evidence });
    expect(receipt.chain_evidence).toEqual(evidence);
    // It reads back as a receipt with its evidence.
    const parsed = parseReceipt(JSON.parse(JSON.stringify(receipt)));
    expect(parsed.ok && parsed.receipt.chain_evidence).toEqual(evidence);

    const pending = genuineBundle(0, 1, { txid: null, height: null });
    expect(receiptOfSubmission(submission, { ...context, bundle: pending, evidence })).not.toHaveProperty(
      'chain_evidence',
    );
    const other = genuineBundle(0, 1);
    expect(receiptOfSubmission(submission, { ...context, bundle: other, evidence })).not.toHaveProperty(
      'chain_evidence',
    );
  });
});
