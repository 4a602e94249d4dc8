/**
 * What a verification's chain evidence settled, for the page: whether its checks on the chain's
 * bytes held (transaction, memo, branch, header, proof of work, and the commitments where the evidence binds them), the one fact left (block `block_hash` at `height`)
 * and who, if anyone, confirmed it.
 */
import type { ChainEvidence, ClaimOutcome, VerdictCheck } from 'zap1';

const BYTE_CHECKS: readonly VerdictCheck['name'][] = ['transaction', 'memo', 'branch', 'header', 'work'];

export interface EvidenceView {
  evidence: ChainEvidence;
  /** Every check on the chain's bytes passed (the commitments at least did not fail). */
  holds: boolean;
  /** The block check (`pass` names its source; `unknown` names the block to look up), when it ran. */
  block: VerdictCheck | null;
  /** The root of the memo the viewing key opened, as recovered here. */
  recoveredMemoRootHex: string | null;
}

/** The evidence the verdict stands on and what its checks found; null when there was none. */
export function evidenceView(outcome: ClaimOutcome): EvidenceView | null {
  if (outcome.evidence === null) return null;
  const { checks } = outcome.judgement;
  const byteChecks = checks.filter((check) => BYTE_CHECKS.includes(check.name));
  // Evidence made before it carried the auth data branch leaves the commitments unknown, not failed.
  const commitments = checks.find((check) => check.name === 'commitments');
  return {
    evidence: outcome.evidence,
    holds:
      byteChecks.length === BYTE_CHECKS.length &&
      byteChecks.every((check) => check.status === 'pass') &&
      commitments?.status !== 'fail',
    block: checks.find((check) => check.name === 'block') ?? null,
    recoveredMemoRootHex: outcome.recoveredMemoRootHex,
  };
}

/** The block hash field is offered when the bytes held and the block is still open, or was contradicted. */
export function asksForBlockHash(view: EvidenceView | null): view is EvidenceView & { block: VerdictCheck } {
  return view !== null && view.holds && view.block !== null && view.block.status !== 'pass';
}
