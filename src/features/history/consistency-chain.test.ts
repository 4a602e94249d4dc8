import { describe, expect, it } from 'vitest';
import { MerkleTree } from 'zap1';
import {
  anchorConsistencySchema,
  anchorHistorySchema,
  toHistoryPage,
  type AnchorHistoryEntry,
} from '../../api/anchor';
import { readRecorded } from '../../api/fixtures/read-fixture';
import { consistencyNeeds, judgeConsistency, verdictText } from './consistency-chain';

const leaf = (i: number) => i.toString(16).padStart(64, '0');
const tree = new MerkleTree();
for (let i = 1; i <= 9; i++) tree.append(leaf(i));

const anchor = (size: number, root = tree.root(size)): AnchorHistoryEntry => ({
  root,
  txid: leaf(100 + size),
  height: 4_000_000 + size,
  leaf_count: size,
});
const proofBody = (from: number, to: number) => ({
  from: { leaf_count: from, root: tree.root(from) },
  to: { leaf_count: to, root: tree.root(to) },
  proof: tree.consistencyProof(from, to),
});

describe('consistency needs', () => {
  it('asks a proof from each anchor to the next older one; the oldest is the first', () => {
    const needs = consistencyNeeds([anchor(9), anchor(5), anchor(2)], false, true);
    expect(needs.map((n) => (n.kind === 'proof' ? `${n.from}->${n.to}` : n.verdict.kind))).toEqual([
      '5->9',
      '2->5',
      'first',
    ]);
  });

  it('waits for older anchors when more pages exist', () => {
    const needs = consistencyNeeds([anchor(9)], true, true);
    expect(needs[0]).toEqual({ kind: 'verdict', verdict: { kind: 'unloaded' } });
  });

  it('says so when the service offers no proofs', () => {
    expect(
      consistencyNeeds([anchor(9), anchor(5)], false, false).map(
        (n) => n.kind === 'verdict' && n.verdict.kind,
      ),
    ).toEqual(['unsupported', 'unsupported']);
  });

  it('accepts a re-anchor of the same root, but not a different root for the same size or a smaller tree', () => {
    const [same] = consistencyNeeds([anchor(5), anchor(5)], false, true);
    expect(same?.kind === 'verdict' && same.verdict.kind).toBe('same');
    const [forked] = consistencyNeeds([anchor(5, leaf(7)), anchor(5)], false, true);
    expect(forked?.kind === 'verdict' && forked.verdict.kind).toBe('broken');
    const [shrunk] = consistencyNeeds([anchor(3), anchor(5)], false, true);
    expect(shrunk?.kind === 'verdict' && verdictText(shrunk.verdict)).toContain('fewer than');
  });
});

describe('judging a proof', () => {
  it('verifies a real proof between anchored sizes', () => {
    expect(judgeConsistency(anchor(3), anchor(9), proofBody(3, 9))).toEqual({ kind: 'extends', fromSize: 3 });
    expect(judgeConsistency(anchor(4), anchor(7), proofBody(4, 7)).kind).toBe('extends');
  });

  it('rejects a tampered proof', () => {
    const body = proofBody(3, 9);
    const verdict = judgeConsistency(anchor(3), anchor(9), {
      ...body,
      proof: body.proof.map((h, i) => (i === 0 ? leaf(99) : h)),
    });
    expect(verdict.kind).toBe('broken');
  });

  it('rejects a proof about other roots than the anchored ones', () => {
    const verdict = judgeConsistency(anchor(3, leaf(55)), anchor(9), proofBody(3, 9));
    expect(verdict).toEqual({ kind: 'broken', fromSize: 3, reason: expect.stringContaining('roots differ') });
  });

  it('rejects an answer about other sizes', () => {
    expect(judgeConsistency(anchor(3), anchor(9), proofBody(2, 9)).kind).toBe('broken');
  });
});

describe('recorded from this service', () => {
  it("the history's anchors each extend the previous one, by the service's own proofs", () => {
    const history = anchorHistorySchema.parse(readRecorded('explore-history.json'));
    const newestFirst = toHistoryPage(history, 100).anchors;
    const needs = consistencyNeeds(newestFirst, false, true);
    const proofs: Record<string, unknown> = {
      '1-2': readRecorded('explore-consistency-1-2.json'),
      '2-3': readRecorded('explore-consistency-2-3.json'),
    };
    const verdicts = needs.map((need, i) => {
      if (need.kind === 'verdict') return need.verdict.kind;
      return judgeConsistency(
        need.previous,
        newestFirst[i]!,
        anchorConsistencySchema.parse(proofs[`${need.from}-${need.to}`]),
      ).kind;
    });
    expect(verdicts).toEqual(['extends', 'extends', 'first']);
  });
});

describe('a verdict quoting the service', () => {
  it('shows its hidden characters as <U+XXXX>', () => {
    expect(verdictText({ kind: 'error', message: 'bad\u202E answer' })).toBe(
      'Could not check: bad<U+202E> answer',
    );
    expect(verdictText({ kind: 'broken', fromSize: 3, reason: 'odd\u2066' })).toBe(
      'NOT an extension: odd<U+2066>',
    );
  });
});

describe('a verdict in words', () => {
  it('counts one leaf as a leaf', () => {
    expect(verdictText({ kind: 'extends', fromSize: 1 })).toBe(
      'Verified: extends the previous anchor (1 leaf)',
    );
    expect(verdictText({ kind: 'same', fromSize: 2 })).toBe('Same root as the previous anchor (2 leaves)');
  });
});
