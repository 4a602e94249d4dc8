import { describe, expect, it } from 'vitest';
import {
  HEIGHT,
  TXID,
  bundleOfLeaves,
  contractEvent,
  genuineBundle,
  hostingPaymentEvent,
} from '../../test/bundles.js';
import type { HistoryPage } from './anchor-history.js';
import { verifyProofBundle } from './proof-bundle.js';
import { completeReceipt, makeReceipt } from './receipt.js';
import { ServiceUnavailableError, verifyClaim, type ServiceReader } from './verify-claim.js';

const NOW = new Date(Date.UTC(2026, 10, 2));
const { event, leafHex } = contractEvent(2);
const receipt = makeReceipt({
  serviceUrl: 'https://zap1.example',
  network: 'devnet',
  event,
  leafHex,
  file: { name: 'contract.pdf', size: 10 },
  now: new Date(Date.UTC(2026, 10, 1)),
});
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
      options.anchored === false ? [] : [{ rootHex, txid: TXID, height: HEIGHT, leafCount: 5, blockTime: 1 }],
    nextBefore: null,
  };
  return {
    url: 'https://zap1.example',
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

  it('is unconfirmed when the service is down or on another network, pending without a proof', async () => {
    const withProof = completeReceipt(receipt, anchored, NOW);
    expect((await verifyClaim({ receipt: withProof }, service({ down: true }), NOW)).judgement.verdict).toBe(
      'unconfirmed',
    );
    const mainnet = await verifyClaim({ receipt: withProof }, service({ network: 'MainNetwork' }), NOW);
    expect(mainnet.judgement).toMatchObject({ verdict: 'unconfirmed' });
    expect(mainnet.judgement.summary).toContain('anchors on MainNetwork');
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
      anchors: [{ rootHex: hostingRoot, txid: TXID, height: HEIGHT, leafCount: 3, blockTime: 1 }],
      nextBefore: null,
    }),
  };
  const honest = makeReceipt({
    serviceUrl: 'https://zap1.example',
    network: 'devnet',
    event: hosting.event,
    leafHex: hosting.leafHex,
    proof: bundle,
    now: NOW,
  });
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
