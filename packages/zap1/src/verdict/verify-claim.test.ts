import { describe, expect, it } from 'vitest';
import {
  HEIGHT,
  TXID,
  bundleOfLeaves,
  contractEvent,
  genuineBundle,
  hostingPaymentEvent,
  testReceipt,
} from '../../test/bundles.js';
import { evidencedBundle } from '../../test/chain-evidence.js';
import type { HistoryPage } from './anchor-history.js';
import { blockHash, parseBlockHeader } from '../chain/block.js';
import { toHex } from '../protocol/hex.js';
import { heightWords } from '../protocol/number-words.js';
import { verifyProofBundle } from '../protocol/proof-bundle.js';
import { completeReceipt } from './receipt.js';
import { ServiceUnavailableError, unaskableService, type ServiceReader } from './service-reader.js';
import { verifyClaim } from './verify-claim.js';

const NOW = new Date(Date.UTC(2026, 10, 2));
const contract = contractEvent(2);
const { event, leafHex } = contract;
const receipt = testReceipt(contract, { file: { name: 'contract.pdf', size: 10 } });
const anchored = genuineBundle(2, 5);
const pending = genuineBundle(2, 5, { txid: null, height: null });
const rootHex = verifyProofBundle(anchored).rootHex!;

/** An in-memory stand-in for a ZAP1 service: it serves `proof` and a history of `anchors`. */
function service(
  options: { proof?: unknown; anchored?: boolean; network?: string; down?: boolean } = {},
): ServiceReader {
  const down = async (): Promise<never> => {
    throw new ServiceUnavailableError('https://zap1.example did not answer');
  };
  const history: HistoryPage = {
    anchors:
      options.anchored === false
        ? []
        : [{ rootHex, txid: TXID, height: HEIGHT, leafCount: 5, blockTime: 1, blockHash: null }],
    nextBefore: null,
  };
  return {
    url: 'https://zap1.example',
    trust: 'chosen',
    network: options.down ? down : async () => options.network ?? 'devnet',
    leafKnown: options.down ? down : async (leaf) => leaf === leafHex,
    proof: options.down ? down : async () => options.proof ?? anchored,
    historyPage: options.down ? down : async () => history,
  };
}

describe('verifyClaim', () => {
  it('checks a receipt made before anchoring against the service, finds the anchor and completes the receipt', async () => {
    const out = await verifyClaim({ receipt }, service(), NOW);
    expect(out.judgement).toMatchObject({ verdict: 'anchored', txid: TXID, height: HEIGHT });
    expect(out.completedReceipt).toMatchObject({ proof: anchored, created_at: NOW.toISOString() });
    expect(out.judgement.checks.map((c) => [c.name, c.status])).toEqual([
      ['inclusion', 'pass'],
      ['event', 'pass'],
      ['anchor', 'pass'],
    ]);
  });

  it('judges a bundle without a scheme (before ZAP1 3.0) under the historical rule, and says so', async () => {
    const root = anchored.root as Record<string, unknown>;
    const { scheme: _scheme, ...withoutScheme } = root;
    const old = { ...anchored, root: withoutScheme };
    const out = await verifyClaim({ receipt: null, bundle: old }, service({ proof: old }), NOW);
    expect(out.judgement).toMatchObject({ verdict: 'anchored', historical: true, txid: TXID });
    // A current bundle is never flagged.
    const current = await verifyClaim({ receipt: null, bundle: anchored }, service(), NOW);
    expect(current.judgement.historical).toBe(false);
  });

  it('with an unaskable service, names none and says why where one was needed', async () => {
    const why =
      'the receipt names no usable service: its service URL "javascript:x" is not an http(s) address';
    const out = await verifyClaim({ receipt: { ...receipt, proof: anchored } }, unaskableService(why), NOW);
    expect(out.service).toBeNull();
    expect(out.judgement.verdict).toBe('unconfirmed');
    expect(out.judgement.checks.find((c) => c.name === 'anchor')?.detail).toContain(why);
    // A service at an empty base URL (same origin) is still one that was asked.
    const sameOrigin = await verifyClaim({ receipt: null, bundle: anchored }, { ...service(), url: '' }, NOW);
    expect(sameOrigin.service).toBe('');
  });

  it('stays pending while the service has only a pending proof', async () => {
    const out = await verifyClaim({ receipt }, service({ proof: pending, anchored: false }), NOW);
    expect(out.judgement.verdict).toBe('pending');
    expect(out.completedReceipt).toBeNull();
  });

  it('fills in the anchor of a bare pending bundle whose root the history anchors', async () => {
    const out = await verifyClaim({ receipt: null, bundle: pending }, service({ proof: pending }), NOW);
    expect(out.judgement).toMatchObject({ verdict: 'anchored', completed: true });
    expect(out.completedBundle).toMatchObject({ anchor: { txid: TXID, height: HEIGHT } });
  });

  it('checks the file: the anchored file passes, another one makes the verdict invalid', async () => {
    const right = { sha256Hex: String(event['contract_sha256']), name: 'contract.pdf' };
    const withProof = completeReceipt(receipt, anchored, NOW);
    expect((await verifyClaim({ receipt: withProof, file: right }, service(), NOW)).judgement.verdict).toBe(
      'anchored',
    );
    const wrong = await verifyClaim(
      { receipt: withProof, file: { sha256Hex: 'd'.repeat(64) } },
      service(),
      NOW,
    );
    expect(wrong.judgement.verdict).toBe('invalid');
    expect(wrong.judgement.summary).toMatch(/is not the anchored file/);
  });

  it('answers invalid, never throws, for a receipt whose event fields are hostile JSON values', async () => {
    const withProof = completeReceipt(receipt, anchored, NOW);
    let deep: unknown = [];
    for (let i = 0; i < 20_000; i++) deep = [deep];
    const file = { sha256Hex: 'd'.repeat(64), name: 'contract.pdf' };
    for (const hostile of [{ toString: 1 }, deep, null, 7]) {
      const edited = { ...withProof, event: { ...withProof.event, contract_sha256: hostile } };
      const verdict = await verifyClaim({ receipt: edited, file }, service(), NOW);
      expect(verdict.judgement.verdict).toBe('invalid');
      expect(verdict.judgement.checks.find((c) => c.name === 'file')?.status).toBe('fail');
    }
  });

  it('is unconfirmed when the service is down or on another network, pending without a proof', async () => {
    const withProof = completeReceipt(receipt, anchored, NOW);
    expect((await verifyClaim({ receipt: withProof }, service({ down: true }), NOW)).judgement.verdict).toBe(
      'unconfirmed',
    );
    const mainnet = await verifyClaim({ receipt: withProof }, service({ network: 'MainNetwork' }), NOW);
    expect(mainnet.judgement).toMatchObject({ verdict: 'unconfirmed' });
    expect(mainnet.judgement.summary).toContain('anchors on MainNetwork');
    // The outcome says the service was asked and could not answer, so a page can say it was checked without it.
    expect(mainnet.serviceProblem).toContain('anchors on MainNetwork');
    const down = await verifyClaim({ receipt: withProof }, service({ down: true }), NOW);
    expect(down.serviceProblem).toBe('https://zap1.example did not answer');
    expect((await verifyClaim({ receipt: withProof }, service(), NOW)).serviceProblem).toBeNull();
    const noProof = await verifyClaim({ receipt }, service({ down: true }), NOW);
    expect(noProof.judgement.verdict).toBe('pending');
    expect((await verifyClaim({ receipt: withProof }, null, NOW)).judgement.verdict).toBe('unconfirmed');
  });

  it("anchors on the auditor's own node when it reads the memo back, even with no service", async () => {
    const out = await verifyClaim(
      {
        receipt: completeReceipt(receipt, anchored, NOW),
        chainCheck: async ({ txid, rootHex: root }) => ({
          name: 'chain',
          status: txid === TXID && root === rootHex ? 'pass' : 'fail',
          detail: 'The node holds the transaction at that height and its memo is ZAP1:09:<root>.',
        }),
      },
      null,
      NOW,
    );
    expect(out.judgement.verdict).toBe('anchored');
  });
});

describe('a forged receipt (security review 1)', () => {
  // A cheap HOSTING_PAYMENT anchored for real, then a contract_sha256 added to the receipt's event.
  const hosting = hostingPaymentEvent(1);
  const leaves = [contractEvent(0).leafHex, hosting.leafHex, contractEvent(2).leafHex];
  const bundle = bundleOfLeaves(leaves, 1, 'HOSTING_PAYMENT');
  const hostingRoot = verifyProofBundle(bundle).rootHex!;
  const reader: ServiceReader = {
    ...service(),
    leafKnown: async (leaf) => leaf === hosting.leafHex,
    proof: async () => bundle,
    historyPage: async () => ({
      anchors: [
        { rootHex: hostingRoot, txid: TXID, height: HEIGHT, leafCount: 3, blockTime: 1, blockHash: null },
      ],
      nextBefore: null,
    }),
  };
  const honest = testReceipt(hosting, { proof: bundle, now: NOW });
  const forgedSha = 'e'.repeat(64);
  const forged = { ...honest, event: { ...hosting.event, contract_sha256: forgedSha } };

  it('is invalid and names the field its leaf does not commit to, even with the matching file', async () => {
    expect((await verifyClaim({ receipt: honest }, reader, NOW)).judgement.verdict).toBe('anchored');
    const out = await verifyClaim(
      { receipt: forged, file: { sha256Hex: forgedSha, name: 'forged.pdf' } },
      reader,
      NOW,
    );
    expect(out.judgement.verdict).toBe('invalid');
    expect(out.judgement.summary).toContain('contract_sha256');
    expect(out.judgement.checks.find((c) => c.name === 'file')?.status).not.toBe('pass');
    expect(JSON.stringify(out.judgement)).not.toContain('is the anchored file');
  });

  it('says a file dropped beside an honest HOSTING_PAYMENT receipt is not part of the proof', async () => {
    const out = await verifyClaim(
      { receipt: honest, file: { sha256Hex: forgedSha, name: 'any.pdf' } },
      reader,
      NOW,
    );
    expect(out.judgement.verdict).toBe('anchored');
    expect(out.judgement.checks.find((c) => c.name === 'file')).toMatchObject({
      status: 'unknown',
      detail: expect.stringContaining('is not part of this proof'),
    });
  });
});

describe('a receipt with chain evidence (the verdict stands on the chain bytes)', () => {
  const { bundle: anchoredBundle, evidence, rootHex: evidencedRoot } = evidencedBundle();
  const withEvidence = testReceipt(contract, {
    network: 'devnet',
    proof: anchoredBundle,
    chainEvidence: evidence,
    now: NOW,
  });
  const gone: ServiceReader = { ...service({ down: true }) };
  const history = (
    txid: string,
    height: number,
    blockHash: string | null = evidence.block_hash,
    trust: ServiceReader['trust'] = 'chosen',
  ): ServiceReader => ({
    ...service({ network: 'devnet' }),
    trust,
    proof: async () => anchoredBundle,
    historyPage: async () => ({
      anchors: [{ rootHex: evidencedRoot, txid, height, leafCount: 5, blockTime: 1, blockHash }],
      nextBefore: null,
    }),
  });
  const names = (out: { judgement: { checks: { name: string; status: string }[] } }) =>
    out.judgement.checks.map((c) => `${c.name}:${c.status}`);

  it('is unconfirmed with the service gone, naming the block to look up at its height', async () => {
    const out = await verifyClaim({ receipt: withEvidence }, gone, NOW);
    expect(out.judgement.verdict).toBe('unconfirmed');
    expect(out.judgement.summary).toContain(evidence.block_hash);
    expect(out.judgement.summary).toContain(`height ${heightWords(evidence.height)}`);
    expect(names(out)).toEqual(
      expect.arrayContaining([
        'transaction:pass',
        'memo:pass',
        'branch:pass',
        'commitments:pass',
        'header:pass',
        'block:unknown',
      ]),
    );
    expect(out.recoveredMemoRootHex).toBe(evidencedRoot);
  });

  it('is anchored with the right block hash given, and invalid with a wrong one, without any service', async () => {
    const right = await verifyClaim({ receipt: withEvidence, blockHash: evidence.block_hash }, null, NOW);
    expect(right.judgement.verdict).toBe('anchored');
    const wrong = await verifyClaim({ receipt: withEvidence, blockHash: 'ee'.repeat(32) }, null, NOW);
    expect(wrong.judgement.verdict).toBe('invalid');
    expect(names(wrong)).toContain('block:fail');
  });

  it("is anchored when the auditor's node has the block, or the chosen service's history names that block", async () => {
    const node = await verifyClaim(
      {
        receipt: withEvidence,
        blockAt: async () => ({ url: 'http://127.0.0.1:8232', blockHash: evidence.block_hash }),
      },
      gone,
      NOW,
    );
    expect(node.judgement.verdict).toBe('anchored');
    const byHistory = await verifyClaim(
      { receipt: withEvidence },
      history(evidence.txid, evidence.height),
      NOW,
    );
    expect(byHistory.judgement.verdict).toBe('anchored');
    expect(names(byHistory)).toContain('block:pass');
    // The header's time is the date once its hash was confirmed; the history's own time is not used.
    expect(byHistory.judgement.blockTime).toBe(parseBlockHeader(evidence.block_header).time);
    // A history that vouches for txid and height but names no block hash confirms no header.
    const unnamed = await verifyClaim(
      { receipt: withEvidence },
      history(evidence.txid, evidence.height, null),
      NOW,
    );
    expect(unnamed.judgement).toMatchObject({ verdict: 'unconfirmed', blockTime: null });
  });

  it('is invalid for a backdated receipt: its header time changed and its block hash recomputed (security review 2)', async () => {
    const header = Uint8Array.from(Buffer.from(evidence.block_header, 'hex'));
    // nTime is bytes 100..103: set it to 1 Jan 2020.
    new DataView(header.buffer).setUint32(100, Date.UTC(2020, 0, 1) / 1000, true);
    const backdated = { ...evidence, block_header: toHex(header), block_hash: blockHash(header) };
    const receiptOf = { ...withEvidence, chain_evidence: backdated };
    // The time is part of what the header's Equihash solution was found for: its work no longer
    // holds, and the chosen service's history names the real block besides.
    const out = await verifyClaim({ receipt: receiptOf }, history(evidence.txid, evidence.height), NOW);
    expect(out.judgement.verdict).toBe('invalid');
    expect(out.judgement.blockTime).toBeNull();
    expect(names(out)).toContain('work:fail');
    expect(names(out)).toContain('block:fail');
    // With no source at all, its own bytes already say so, and no date is given.
    const alone = await verifyClaim({ receipt: receiptOf }, null, NOW);
    expect(alone.judgement).toMatchObject({ verdict: 'invalid', blockTime: null });
    expect(names(alone)).toContain('work:fail');
  });

  it('is never anchored on the word of the service a forged receipt names (security review 1)', async () => {
    // The forger's own "service" vouches for everything, its block hash included.
    const forgerService = history(evidence.txid, evidence.height, evidence.block_hash, 'receipt');
    const out = await verifyClaim(
      { receipt: withEvidence },
      { ...forgerService, url: 'https://forger.example' },
      NOW,
    );
    expect(out.judgement.verdict).toBe('unconfirmed');
    expect(out.judgement.blockTime).toBeNull();
    expect(out.judgement.summary).toContain(
      'Unconfirmed: the service https://forger.example, named by the receipt,',
    );
    expect(out.completedReceipt).toBeNull();
    // Without evidence as well: its history alone never anchors.
    const plain = testReceipt(contract, { network: 'mainnet', proof: anchoredBundle, now: NOW });
    const noEvidence = await verifyClaim(
      { receipt: plain },
      { ...forgerService, evidence: async () => null },
      NOW,
    );
    expect(noEvidence.judgement.verdict).toBe('unconfirmed');
  });

  it('is invalid, naming the check, when one byte of the transaction changed', async () => {
    const hex = evidence.transaction;
    const changed = {
      ...evidence,
      transaction: hex.slice(0, 400) + (hex[400] === '0' ? '1' : '0') + hex.slice(401),
    };
    const out = await verifyClaim(
      { receipt: { ...withEvidence, chain_evidence: changed }, blockHash: evidence.block_hash },
      null,
      NOW,
    );
    expect(out.judgement.verdict).toBe('invalid');
    expect(names(out)).toContain('transaction:fail');
  });

  it("completes a receipt with the service's evidence once anchored", async () => {
    const plain = testReceipt(contract, { network: 'devnet', proof: anchoredBundle, now: NOW });
    const reader: ServiceReader = {
      ...history(evidence.txid, evidence.height),
      evidence: async () => evidence,
    };
    const out = await verifyClaim({ receipt: plain }, reader, NOW);
    expect(out.judgement.verdict).toBe('anchored');
    expect(out.completedReceipt?.chain_evidence).toEqual(evidence);
  });
});
