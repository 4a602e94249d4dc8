import { describe, expect, it } from 'vitest';
import { contractEvent, genuineBundle, testReceipt } from '../../test/bundles.js';
import { evidencedBundle } from '../../test/chain-evidence.js';
import { parseBlockHeader } from '../chain/block.js';
import { parseReceipt } from './receipt.js';
import { receiptFileName, receiptVerifyCommand, utcDateWords } from './receipt-document.js';

const NOW = new Date(Date.UTC(2026, 10, 29, 1, 33, 50));
const contract = contractEvent(2);
const sha = String(contract.event['contract_sha256']);

describe('a receipt as a document', () => {
  it('opens with a summary of what was recorded, where, and that it is not anchored yet', () => {
    const pending = testReceipt(contract, {
      serviceUrl: 'https://zap1.example',
      network: 'devnet',
      file: { name: 'contract.pdf', size: 10 },
      now: NOW,
    });
    expect(Object.keys(pending).slice(0, 3)).toEqual(['format', 'summary', 'verify_command']);
    expect(pending.summary).toBe(
      `contract.pdf (SHA-256 ${sha}) was recorded by https://zap1.example on devnet (a development chain, not a public blockchain) as leaf ${contract.leafHex}. It was not anchored yet when this receipt was written: verify it later against that service to complete it.`,
    );
    expect(pending.verify_command).toBe(
      'npx -p zap1 zap1-verify contract.pdf.pending.zap1.json contract.pdf --service https://zap1.example',
    );
    expect(pending.about?.['proof']).toContain("the bundle format's (2), not the protocol's");
  });

  it('says when and where it was anchored, from its evidence, once anchored', () => {
    const { bundle, evidence } = evidencedBundle();
    const anchored = testReceipt(contract, {
      serviceUrl: 'https://zap1.example',
      network: 'mainnet',
      file: { name: "Lease 'final'.pdf", size: 10 },
      proof: bundle,
      chainEvidence: evidence,
      now: NOW,
    });
    const time = utcDateWords(parseBlockHeader(evidence.block_header).time);
    expect(anchored.summary).toContain(`on mainnet as leaf`);
    expect(anchored.summary).toContain(
      `Its root was anchored in Zcash transaction ${evidence.txid} in block 1,687,106, mined ${time}.`,
    );
    expect(time).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d:\d\d UTC$/);
    expect(receiptVerifyCommand(anchored)).toBe(
      `npx -p zap1 zap1-verify 'Lease '\\''final'\\''.pdf.zap1.json' 'Lease '\\''final'\\''.pdf' --service https://zap1.example`,
    );
  });

  it('never keeps words written into a receipt: they are written anew from its fields', () => {
    const receipt = testReceipt(contract, { proof: genuineBundle(2, 5), now: NOW });
    const edited = { ...receipt, summary: 'Anchored in 2001 by the Queen.', verify_command: 'rm -rf /' };
    const parsed = parseReceipt(JSON.parse(JSON.stringify(edited)));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.receipt.summary).toBe(receipt.summary);
    expect(parsed.receipt.verify_command).toBe(receipt.verify_command);
  });

  it('names a receipt after its document, or its leaf, and its state', () => {
    expect(
      receiptFileName({
        file: { name: '../../etc/passwd', size: 1 },
        leaf_hash: 'ab'.repeat(32),
        proof: null,
      }),
    ).toBe('_.._etc_passwd.pending.zap1.json');
    expect(receiptFileName({ file: null, leaf_hash: 'ab'.repeat(32), proof: genuineBundle(2, 5) })).toBe(
      'leaf-abababababab.zap1.json',
    );
  });
});
