/**
 * Per-anchor verdicts of the append-only check (docs/architecture.md decision 7): each anchored root must
 * extend the previous one, proven by `/anchor/consistency` and verified here with `verifyConsistency`.
 */
import type { AnchorConsistency, AnchorHistoryEntry } from '../../api/anchor';
import { verifyConsistency, visibleText } from 'zap1';
import { countWords, formatNumber } from '../../components/number-words';

export type ConsistencyVerdict =
  | { kind: 'first' }
  | { kind: 'unloaded' }
  | { kind: 'unsupported' }
  | { kind: 'same'; fromSize: number }
  | { kind: 'checking'; fromSize: number }
  | { kind: 'extends'; fromSize: number }
  | { kind: 'broken'; fromSize: number | null; reason: string }
  | { kind: 'error'; message: string };

/** What an anchor needs before a verdict: nothing, or a proof from the previous anchor's size. */
export type ConsistencyNeed =
  | { kind: 'verdict'; verdict: ConsistencyVerdict }
  | { kind: 'proof'; previous: AnchorHistoryEntry; from: number; to: number };

/**
 * For anchors newest first (as loaded so far), what each needs. The previous of anchor i is the
 * next older one, i + 1; the oldest loaded one waits for the next page while `hasOlder`.
 */
export function consistencyNeeds(
  anchorsNewestFirst: readonly AnchorHistoryEntry[],
  hasOlder: boolean,
  supported: boolean,
): ConsistencyNeed[] {
  return anchorsNewestFirst.map((anchor, i) => {
    if (!supported) return { kind: 'verdict', verdict: { kind: 'unsupported' } };
    const previous = anchorsNewestFirst[i + 1];
    if (!previous) return { kind: 'verdict', verdict: hasOlder ? { kind: 'unloaded' } : { kind: 'first' } };
    const from = previous.leaf_count;
    const to = anchor.leaf_count;
    if (to < from) {
      return {
        kind: 'verdict',
        verdict: {
          kind: 'broken',
          fromSize: from,
          reason: `this root has ${countWords(to, 'leaf', 'leaves')}, fewer than the ${formatNumber(from)} anchored before it`,
        },
      };
    }
    if (to === from) {
      return sameHex(anchor.root, previous.root)
        ? { kind: 'verdict', verdict: { kind: 'same', fromSize: from } }
        : {
            kind: 'verdict',
            verdict: {
              kind: 'broken',
              fromSize: from,
              reason: `a different root was anchored for the same ${countWords(to, 'leaf', 'leaves')}`,
            },
          };
    }
    return { kind: 'proof', previous, from, to };
  });
}

function sameHex(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * Judges the service's proof against the roots the history lists: the proof must be about exactly
 * those sizes and roots, and verify.
 */
export function judgeConsistency(
  previous: AnchorHistoryEntry,
  current: AnchorHistoryEntry,
  body: AnchorConsistency,
): ConsistencyVerdict {
  const fromSize = previous.leaf_count;
  if (body.from.leaf_count !== fromSize || body.to.leaf_count !== current.leaf_count) {
    return { kind: 'broken', fromSize, reason: 'the service answered about other tree sizes' };
  }
  if (!sameHex(body.from.root, previous.root) || !sameHex(body.to.root, current.root)) {
    return { kind: 'broken', fromSize, reason: 'the service’s roots differ from the anchored roots' };
  }
  const result = verifyConsistency({
    fromSize,
    toSize: current.leaf_count,
    fromRootHex: previous.root.toLowerCase(),
    toRootHex: current.root.toLowerCase(),
    proof: body.proof.map((h) => h.toLowerCase()),
  });
  return result.valid
    ? { kind: 'extends', fromSize }
    : { kind: 'broken', fromSize, reason: result.error ?? 'the proof does not verify' };
}

/** The verdict in words, for the table. */
export function verdictText(verdict: ConsistencyVerdict): string {
  switch (verdict.kind) {
    case 'first':
      return 'First anchor: nothing before it to extend';
    case 'unloaded':
      return 'Load older anchors to check this one';
    case 'unsupported':
      return 'This service offers no consistency proofs';
    case 'same':
      return `Same root as the previous anchor (${countWords(verdict.fromSize, 'leaf', 'leaves')})`;
    case 'checking':
      return 'Checking…';
    case 'extends':
      return `Verified: extends the previous anchor (${countWords(verdict.fromSize, 'leaf', 'leaves')})`;
    // A reason or an error may quote the service: shown with visibleText.
    case 'broken':
      return `NOT an extension: ${visibleText(verdict.reason)}`;
    case 'error':
      return `Could not check: ${visibleText(verdict.message)}`;
  }
}
