/**
 * The verdict a verifier may state about a proof bundle: two separate claims, each checked on its
 * own, and a headline that never claims more than was proven.
 *
 * - Inclusion: the leaf hashes along the path to the root (`verifyProofBundle`, computed here).
 * - Anchor: that root was written in transaction T at height H. With chain evidence this rests on
 *   the chain's own bytes and one block hash a source the person chose confirmed (the `block`
 *   check); without it, on the anchor history of the service the person chose (its word), or on
 *   their own node having read the memo back.
 *
 * A service the person did not choose (one a receipt or a link names, asked with their consent) is
 * quoted, never relied on: its word gives at most `unconfirmed`.
 *
 * Verdicts: `anchored` (inclusion holds and a chosen source confirmed the anchor: the only good
 * one), `pending` (inclusion holds; the root is not anchored yet), `unconfirmed` (inclusion holds;
 * an anchor is claimed but no chosen source confirmed it) and `invalid` (the path fails, or a check
 * contradicts the claim: the anchor, the event fields, the file or the chain's bytes).
 */
import { heightWords } from '../protocol/number-words.js';
import type { HistoryAnchor, HistoryFindings } from './anchor-history.js';
import { namedServiceWords, type ServiceTrust } from '../evidence/block-confirmation.js';
import type { BundleVerdict } from '../protocol/proof-bundle.js';

export type Verdict = 'anchored' | 'pending' | 'unconfirmed' | 'invalid';

/** One thing a verifier checked, for the list a person (or `--json`) reads. */
export interface VerdictCheck {
  /**
   * `inclusion`, `anchor`, `event`, `file`, `chain` (the auditor's node read the memo back), and the
   * checks of chain evidence: `transaction`, `memo`, `branch`, `commitments`, `header`, `work`, then `block`
   * (the block's hash at its height, from one named source).
   */
  name:
    | 'inclusion'
    | 'anchor'
    | 'event'
    | 'file'
    | 'chain'
    | 'transaction'
    | 'memo'
    | 'branch'
    | 'commitments'
    | 'header'
    | 'work'
    | 'block';
  status: 'pass' | 'fail' | 'unknown';
  /** One sentence saying what was found. */
  detail: string;
}

/** What a service said about the bundle's anchor, or why no service could be asked. */
export type AnchorEvidence =
  | { kind: 'unavailable'; reason: string }
  | (HistoryFindings & {
      kind: 'history';
      /** The service asked, as a person knows it (its base URL). */
      service: string;
      /** Who named it: the person (its word may confirm), or a receipt or link (quoted only). */
      trust: ServiceTrust;
      /** Whether the service knows the leaf at all; null when not asked. */
      leafKnown: boolean | null;
    });

export interface Judgement {
  verdict: Verdict;
  leafHex: string | null;
  rootHex: string | null;
  /** The anchor the verdict stands on: the claim, or the history's entry when the bundle claimed none. */
  txid: string | null;
  height: number | null;
  /**
   * When the anchoring block was mined (Unix seconds), only where a chosen source vouched for it: the
   * time in the evidence's header once its hash was confirmed, else (no evidence) the time the chosen
   * service's history gives. Null otherwise: a header's time is the forger's to choose.
   */
  blockTime: number | null;
  /** The bundle claimed no anchor and the history has one for its root: the verdict completes it. */
  completed: boolean;
  checks: VerdictCheck[];
  /** Why the verdict is what it is, in one or two sentences. */
  summary: string;
  /** The bundle predates ZAP1 3.0 (no scheme) and was judged under the historical rule: a warning to show. */
  historical: boolean;
}

/** What a person is told about a bundle judged under the historical rule. */
export const HISTORICAL_BUNDLE_WARNING =
  'This bundle was written before ZAP1 3.0 and names no Merkle scheme. It was checked under the historical rule: the count-bound root, or a legacy raw root only for an anchor at or below block 3,317,133. Current validators refuse bundles without a scheme; ask the service for a current bundle where you can.';

const short = (hex: string): string => `${hex.slice(0, 12)}…`;

type AnchorResult = { verdict: Verdict; check: VerdictCheck; found: HistoryAnchor | null };

function anchorResult(
  verdict: Verdict,
  found: HistoryAnchor | null,
  status: VerdictCheck['status'],
  detail: string,
): AnchorResult {
  return { verdict, found, check: { name: 'anchor', status, detail } };
}

function historyCheck(inclusion: BundleVerdict, evidence: AnchorEvidence): AnchorResult {
  const claim = inclusion.anchor ?? { txid: null, height: null };
  const claimed =
    claim.txid !== null
      ? `transaction ${claim.txid} at height ${claim.height === null ? '?' : heightWords(claim.height)}`
      : null;
  if (evidence.kind === 'unavailable') {
    return claimed
      ? anchorResult(
          'unconfirmed',
          null,
          'unknown',
          `The bundle claims ${claimed}, but no service could be asked: ${evidence.reason}`,
        )
      : anchorResult(
          'pending',
          null,
          'unknown',
          `The bundle claims no anchor yet, and no service could be asked whether it has one since: ${evidence.reason}`,
        );
  }
  const { byRoot, byTxid, service } = evidence;
  if (byRoot) {
    if (claim.txid === null) {
      return anchorResult(
        'anchored',
        byRoot,
        'pass',
        `The bundle claims no anchor, but ${service} lists its root as anchored in transaction ${byRoot.txid} at height ${heightWords(byRoot.height)}.`,
      );
    }
    const txidDiffers = claim.txid !== byRoot.txid;
    const heightDiffers = claim.height !== byRoot.height;
    if (!txidDiffers && !heightDiffers) {
      return anchorResult(
        'anchored',
        byRoot,
        'pass',
        `${service} lists this root as anchored in transaction ${byRoot.txid} at height ${heightWords(byRoot.height)}, as the bundle says.`,
      );
    }
    const part =
      txidDiffers && heightDiffers ? 'transaction and height' : txidDiffers ? 'transaction' : 'height';
    return anchorResult(
      'invalid',
      byRoot,
      'fail',
      `The anchor's ${part} is wrong: the bundle claims ${claimed}, but ${service} anchored this root in transaction ${byRoot.txid} at height ${heightWords(byRoot.height)}.`,
    );
  }
  if (claim.txid === null) {
    return anchorResult(
      'pending',
      null,
      'unknown',
      `The root is not in ${service}'s anchor history yet: it is written to the chain with the next anchor, and a later proof of the same leaf will name that transaction.`,
    );
  }
  if (byTxid) {
    return anchorResult(
      'invalid',
      null,
      'fail',
      `The anchor's root is wrong: transaction ${claim.txid} anchors root ${short(byTxid.rootHex)} in ${service}'s history, not this bundle's root.`,
    );
  }
  if (evidence.leafKnown === false) {
    return anchorResult(
      'unconfirmed',
      null,
      'unknown',
      `${service} knows neither this leaf nor its anchor, so it cannot vouch for ${claimed}: check the bundle against the service it came from.`,
    );
  }
  return anchorResult(
    'invalid',
    null,
    'fail',
    `The anchor is not in ${service}'s history: it has no anchor of this root, though the bundle claims ${claimed}.`,
  );
}

/** The anchor check; a service nobody chose that vouches for the anchor is quoted, and leaves it unconfirmed. */
function anchorCheck(inclusion: BundleVerdict, evidence: AnchorEvidence): AnchorResult {
  const result = historyCheck(inclusion, evidence);
  if (evidence.kind !== 'history' || evidence.trust === 'chosen' || result.verdict !== 'anchored')
    return result;
  const found = result.found!;
  return anchorResult(
    'unconfirmed',
    found,
    'unknown',
    `Unconfirmed: ${namedServiceWords(evidence.service, evidence.trust)} says this root is anchored in transaction ${found.txid} at height ${heightWords(found.height)}. That is its word alone, and you did not choose it: compare the block yourself, or ask the service you use.`,
  );
}

/**
 * The verdict on a bundle (`inclusion`, from `verifyProofBundle`), given what a service said about
 * its anchor and any further checks the caller made (the event fields against the leaf, a file
 * against the contract hash, the transaction on the auditor's own node, the chain evidence's checks
 * ending in `block`). A failing check makes the verdict `invalid`; an unknown one never makes it
 * better. `chain` is given when chain evidence was checked: the verdict then rests on its `block`
 * check, and its header's time becomes the date only once that passed.
 */
export function judgeProof(
  inclusion: BundleVerdict,
  evidence: AnchorEvidence,
  extraChecks: readonly VerdictCheck[] = [],
  chain: { headerTime: number | null } | null = null,
): Judgement {
  const claim = inclusion.anchor ?? { txid: null, height: null };
  const base = {
    leafHex: inclusion.leafHex,
    rootHex: inclusion.rootHex,
    txid: claim.txid,
    height: claim.height,
    blockTime: null,
    completed: false,
    historical: inclusion.historical,
  };
  const inclusionCheck: VerdictCheck = inclusion.valid
    ? {
        name: 'inclusion',
        status: 'pass',
        detail: `The leaf hashes along the ${inclusion.steps.length}-step path to the root ${inclusion.rootHex ?? ''} (${inclusion.scheme}).`,
      }
    : {
        name: 'inclusion',
        status: 'fail',
        detail: `The Merkle path fails: ${inclusion.error ?? 'it does not lead to the root'}.`,
      };
  if (!inclusion.valid) {
    return {
      ...base,
      verdict: 'invalid',
      checks: [inclusionCheck, ...extraChecks],
      summary: inclusionCheck.detail,
    };
  }
  const anchor = anchorCheck(inclusion, evidence);
  const checks = [inclusionCheck, ...extraChecks, anchor.check];
  const failed = checks.find((c) => c.status === 'fail');
  if (failed) return { ...base, verdict: 'invalid', checks, summary: failed.detail };
  const found = anchor.found;
  const fromHistory = found && anchor.verdict === 'anchored' ? found : null;
  const onChosenWord = {
    txid: fromHistory?.txid ?? claim.txid,
    height: fromHistory?.height ?? claim.height,
    completed: fromHistory !== null && claim.txid === null,
  };
  // Chain evidence: the bytes held (nothing failed), so the verdict is its block's, whoever else spoke.
  const block = chain === null ? undefined : checks.find((c) => c.name === 'block');
  if (block !== undefined) {
    return block.status === 'pass'
      ? {
          ...base,
          ...onChosenWord,
          verdict: 'anchored',
          blockTime: chain!.headerTime,
          checks,
          summary: block.detail,
        }
      : { ...base, ...onChosenWord, verdict: 'unconfirmed', checks, summary: block.detail };
  }
  // The auditor's own node read the memo back: the anchor stands on the chain, not on a service.
  const node = checks.find((c) => c.name === 'chain' && c.status === 'pass');
  if (node && anchor.verdict !== 'pending') {
    return { ...base, verdict: 'anchored', checks, summary: node.detail };
  }
  return {
    ...base,
    ...onChosenWord,
    blockTime: fromHistory?.blockTime ?? null,
    verdict: anchor.verdict,
    checks,
    summary: anchor.check.detail,
  };
}
