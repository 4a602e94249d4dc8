import { describe, expect, it } from 'vitest';
import { HEIGHT, TXID, genuineBundle } from '../../test/bundles.js';
import type { HistoryAnchor } from './anchor-history.js';
import { judgeProof, type AnchorEvidence, type VerdictCheck } from './anchor-verdict.js';
import { verifyProofBundle } from '../protocol/proof-bundle.js';

const SERVICE = 'https://zap1.example';

/** The history entry that anchors `bundle`'s root (as genuinely anchored). */
function entryOf(bundle: Record<string, unknown>, over: Partial<HistoryAnchor> = {}): HistoryAnchor {
  const verdict = verifyProofBundle(bundle);
  return {
    rootHex: verdict.rootHex!,
    txid: TXID,
    height: HEIGHT,
    leafCount: verdict.leafCount,
    blockTime: 1_800_000_000,
    blockHash: 'bb'.repeat(32),
    ...over,
  };
}

const history = (findings: Partial<Extract<AnchorEvidence, { kind: 'history' }>>): AnchorEvidence => ({
  kind: 'history',
  service: SERVICE,
  trust: 'chosen',
  byRoot: null,
  byTxid: null,
  leafKnown: true,
  ...findings,
});

const judge = (
  bundle: unknown,
  evidence: AnchorEvidence,
  extra: VerdictCheck[] = [],
  chain: { headerTime: number | null } | null = null,
) => judgeProof(verifyProofBundle(bundle), evidence, extra, chain);

const block = (status: VerdictCheck['status']): VerdictCheck => ({
  name: 'block',
  status,
  detail: `block ${status}`,
});

describe('judgeProof', () => {
  it('is anchored only when inclusion holds and root, txid and height all match the history', () => {
    const bundle = genuineBundle(2, 5);
    const j = judge(bundle, history({ byRoot: entryOf(bundle), byTxid: entryOf(bundle) }));
    expect(j.verdict).toBe('anchored');
    expect(j).toMatchObject({ txid: TXID, height: HEIGHT, blockTime: 1_800_000_000, completed: false });
    expect(j.checks.map((c) => [c.name, c.status])).toEqual([
      ['inclusion', 'pass'],
      ['anchor', 'pass'],
    ]);
  });

  it('is invalid, naming the transaction, when the bundle claims another txid for an anchored root', () => {
    const genuine = genuineBundle(2, 5);
    const edited = { ...genuine, anchor: { txid: '8'.repeat(64), height: HEIGHT } };
    const j = judge(edited, history({ byRoot: entryOf(genuine) }));
    expect(j.verdict).toBe('invalid');
    expect(j.summary).toMatch(/^The anchor's transaction is wrong: the bundle claims transaction 8{64}/);
  });

  it('is invalid, naming the height, when only the height was edited', () => {
    const genuine = genuineBundle(2, 5);
    const edited = { ...genuine, anchor: { txid: TXID, height: HEIGHT + 1 } };
    const j = judge(edited, history({ byRoot: entryOf(genuine), byTxid: entryOf(genuine) }));
    expect(j.verdict).toBe('invalid');
    expect(j.summary).toMatch(/^The anchor's height is wrong/);
    expect(j.checks.at(-1)).toMatchObject({ name: 'anchor', status: 'fail' });
  });

  it('is invalid at the path when a sibling or the root was edited, whatever the history says', () => {
    const genuine = genuineBundle(2, 5);
    const proof = genuine['proof'] as { hash: string; position: string }[];
    const sibling = { ...genuine, proof: [{ ...proof[0]!, hash: '0'.repeat(64) }, ...proof.slice(1)] };
    const j = judge(sibling, history({ byRoot: entryOf(genuine) }));
    expect(j.verdict).toBe('invalid');
    expect(j.checks).toEqual([expect.objectContaining({ name: 'inclusion', status: 'fail' })]);
    expect(j.summary).toMatch(/^The Merkle path fails/);
    const root = genuine['root'] as Record<string, unknown>;
    const rootEdited = { ...genuine, root: { ...root, hash: 'f'.repeat(64) } };
    expect(judge(rootEdited, history({})).verdict).toBe('invalid');
  });

  it('is invalid when the claimed transaction anchors another root in the history', () => {
    const bundle = genuineBundle(2, 5);
    const other = entryOf(genuineBundle(0, 3));
    const j = judge(bundle, history({ byTxid: other }));
    expect(j.verdict).toBe('invalid');
    expect(j.summary).toMatch(/^The anchor's root is wrong: transaction 7{64} anchors root /);
  });

  it('is invalid when the service knows the leaf but has no such anchor', () => {
    const j = judge(genuineBundle(2, 5), history({}));
    expect(j.verdict).toBe('invalid');
    expect(j.summary).toContain("not in https://zap1.example's history");
  });

  it('is pending, never green, for a bundle that claims no anchor whose root is not anchored yet', () => {
    const j = judge(genuineBundle(2, 5, { txid: null, height: null }), history({}));
    expect(j.verdict).toBe('pending');
    expect(j.summary).toMatch(/next anchor/);
  });

  it('completes a bundle that claims no anchor when the history anchors its root', () => {
    const pending = genuineBundle(2, 5, { txid: null, height: null });
    const j = judge(pending, history({ byRoot: entryOf(pending) }));
    expect(j).toMatchObject({ verdict: 'anchored', completed: true, txid: TXID, height: HEIGHT });
  });

  it('is unconfirmed, never green, when an anchor is claimed and no service could be asked', () => {
    const j = judge(genuineBundle(2, 5), { kind: 'unavailable', reason: 'the service did not answer' });
    expect(j.verdict).toBe('unconfirmed');
    expect(j.summary).toContain('the service did not answer');
  });

  it('is unconfirmed when the service asked knows neither the leaf nor the anchor', () => {
    const j = judge(genuineBundle(2, 5), history({ leafKnown: false }));
    expect(j.verdict).toBe('unconfirmed');
  });

  it('is invalid when a further check fails (a wrong file), even with a matching anchor', () => {
    const bundle = genuineBundle(2, 5);
    const wrongFile: VerdictCheck = {
      name: 'file',
      status: 'fail',
      detail: 'This is not the anchored file.',
    };
    const j = judge(bundle, history({ byRoot: entryOf(bundle) }), [wrongFile]);
    expect(j.verdict).toBe('invalid');
    expect(j.summary).toBe('This is not the anchored file.');
  });

  it('gives a service a receipt or link named at most unconfirmed, quoting it, even when it vouches', () => {
    const bundle = genuineBundle(2, 5);
    for (const trust of ['receipt', 'link'] as const) {
      const j = judge(bundle, history({ trust, byRoot: entryOf(bundle), byTxid: entryOf(bundle) }));
      expect(j.verdict).toBe('unconfirmed');
      expect(j.blockTime).toBeNull();
      expect(j.summary).toContain(`Unconfirmed: the service ${SERVICE}, named by the ${trust}, says`);
    }
    // Its contradiction still stands: a verdict is never made better by a service nobody chose.
    const edited = { ...bundle, anchor: { txid: '8'.repeat(64), height: HEIGHT } };
    expect(judge(edited, history({ trust: 'receipt', byRoot: entryOf(bundle) })).verdict).toBe('invalid');
  });

  it('with chain evidence, rests on its block check: anchored with the header time only once a chosen source confirmed the block', () => {
    const bundle = genuineBundle(2, 5);
    const vouching = history({ byRoot: entryOf(bundle), byTxid: entryOf(bundle) });
    const confirmed = judge(bundle, vouching, [block('pass')], { headerTime: 1_500_000_000 });
    expect(confirmed).toMatchObject({ verdict: 'anchored', blockTime: 1_500_000_000, summary: 'block pass' });
    // The history vouching for txid and height confirms no header: the verdict waits on the block.
    const open = judge(bundle, vouching, [block('unknown')], { headerTime: 1_500_000_000 });
    expect(open).toMatchObject({ verdict: 'unconfirmed', blockTime: null, summary: 'block unknown' });
    const noService = judge(bundle, { kind: 'unavailable', reason: 'offline' }, [block('pass')], {
      headerTime: 7,
    });
    expect(noService).toMatchObject({ verdict: 'anchored', blockTime: 7 });
    expect(judge(bundle, vouching, [block('fail')], { headerTime: 7 }).verdict).toBe('invalid');
  });

  it("is anchored on the auditor's own node having read the memo back, without the service's word", () => {
    const bundle = genuineBundle(2, 5);
    const node: VerdictCheck = { name: 'chain', status: 'pass', detail: 'Your node has it.' };
    const j = judge(bundle, { kind: 'unavailable', reason: 'offline' }, [node]);
    expect(j).toMatchObject({ verdict: 'anchored', summary: 'Your node has it.', blockTime: null });
  });
});
