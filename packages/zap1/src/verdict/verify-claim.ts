/**
 * The whole verification of what a person holds (a receipt or a bare proof bundle, and perhaps
 * the file itself), shared by the web app and the command-line verifier so both reach the same
 * verdict the same way. The network is the caller's: it hands in a `ServiceReader` for the ZAP1
 * service to ask, saying who chose it (the person, or a receipt or link they were handed and
 * consented to ask), or none. Only a chosen source's word can make a verdict `anchored`.
 */
import {
  blockExplorerFor,
  confirmBlock,
  type BlockSource,
  type ServiceTrust,
} from '../evidence/block-confirmation.js';
import { networkName, type ChainEvidence } from '../evidence/chain-evidence.js';
import { checkChainEvidence } from '../evidence/evidence-checks.js';
import { visibleText } from '../protocol/display-text.js';
import { findInHistory } from './anchor-history.js';
import { judgeProof, type AnchorEvidence, type Judgement, type VerdictCheck } from './anchor-verdict.js';
import { isHex64, isRecord } from '../protocol/guards.js';
import { verifyProofBundle } from '../protocol/proof-bundle.js';
import { checkReceiptEvent, checkReceiptFile, completeReceipt, type Receipt } from './receipt.js';
import {
  ServiceUnavailableError,
  askedServiceUrl,
  fetchEvidence,
  type ServiceReader,
} from './service-reader.js';

/**
 * Bundles written before ZAP1 3.0 name no scheme; a verifier a person holds them up to judges them
 * under the historical rule and says so (Judgement.historical), rather than calling them invalid.
 */
const BUNDLE_OPTIONS = { allowHistorical: true } as const;

/** The auditor's own look at the chain (e.g. their node), given the anchor the verdict stands on. */
export type ChainCheck = (anchor: {
  txid: string;
  height: number | null;
  rootHex: string;
}) => Promise<VerdictCheck>;

export interface ClaimInput {
  receipt: Receipt | null;
  /** A bare bundle (when there is no receipt); a receipt's bundle is its `proof`. */
  bundle?: unknown;
  /** The file the person has, hashed (SHA-256) on their side. */
  file?: { sha256Hex: string; name?: string } | null;
  chainCheck?: ChainCheck | null;
  /** Chain evidence given apart from a receipt (pasted); a receipt's own `chain_evidence` otherwise. */
  evidence?: ChainEvidence | null;
  /** The hash of the block at the evidence's height, as the person read it (an explorer, their node). */
  blockHash?: string | null;
  /** The auditor's own node: the hash of its block at `height`. */
  blockAt?: ((height: number) => Promise<{ url: string; blockHash: string | null }>) | null;
  /**
   * Where a person looks a block up (`{height}` or `{hash}` in it): their own setting, else the
   * known explorer of the evidence's network (`blockExplorerFor`); never a receipt's or its service's.
   */
  explorerBlockUrl?: string | null;
  /** The person chose to ask no service (`zap1-verify --offline`): the verdict says so, not "name one". */
  offline?: boolean;
  /** Why no service is asked, in the caller's words (the receipt names one nobody chose to ask). */
  noServiceReason?: string | null;
}

export interface ClaimOutcome {
  judgement: Judgement;
  /** The bundle the verdict is about (the one held, or the service's newer proof of a pending one). */
  bundle: unknown;
  /** The service asked, if any. */
  service: string | null;
  /** Who chose the service asked: the person, or the receipt or link (asked with consent); null when none was. */
  serviceTrust: ServiceTrust | null;
  /** Why the service asked could not answer (down, refused, another network); null when it answered or none was asked. */
  serviceProblem: string | null;
  /** The receipt with the anchored proof in it, when it held none or a pending one. */
  completedReceipt: Receipt | null;
  /** A bare bundle that claimed no anchor, with the anchor the history has for its root. */
  completedBundle: unknown;
  /** The chain evidence the verdict stands on (the receipt's, given, or the service's), if any. */
  evidence: ChainEvidence | null;
  /** The root the evidence's memo names, as recovered from the transaction with its viewing key. */
  recoveredMemoRootHex: string | null;
}

function bundleAnchorTxid(bundle: unknown): string | null {
  if (!isRecord(bundle) || !isRecord(bundle['anchor'])) return null;
  const txid = bundle['anchor']['txid'];
  return typeof txid === 'string' ? txid : null;
}

function bundleLeafHex(bundle: unknown): string | null {
  if (!isRecord(bundle) || !isRecord(bundle['leaf'])) return null;
  const hash = bundle['leaf']['hash'];
  return isHex64(hash) ? hash : null;
}

/** A verdict where there is no proof to check at all (a receipt made before anchoring, no service). */
function withoutProof(
  leafHex: string | null,
  verdict: 'pending' | 'unconfirmed',
  detail: string,
  checks: VerdictCheck[],
): Judgement {
  return {
    verdict: checks.some((c) => c.status === 'fail') ? 'invalid' : verdict,
    leafHex,
    rootHex: null,
    txid: null,
    height: null,
    blockTime: null,
    completed: false,
    historical: false,
    checks: [...checks, { name: 'inclusion', status: 'unknown', detail }],
    summary: checks.find((c) => c.status === 'fail')?.detail ?? detail,
  };
}

/**
 * Verifies a receipt or a bundle: its event and file checks, inclusion in the browser or CLI, and
 * the anchor against the service's history. A pending receipt or bundle is checked against the
 * service's current proof of its leaf, so an anchor made since is found; the receipt comes back
 * completed with it.
 */
export async function verifyClaim(
  input: ClaimInput,
  reader: ServiceReader | null,
  now: Date,
): Promise<ClaimOutcome> {
  const { receipt } = input;
  const held = receipt ? receipt.proof : (input.bundle ?? null);
  const leafHex = receipt?.leaf_hash ?? bundleLeafHex(held);
  const checks: VerdictCheck[] = [];
  if (receipt) checks.push(checkReceiptEvent(receipt));
  if (input.file) {
    checks.push(
      receipt
        ? checkReceiptFile(receipt, input.file)
        : {
            name: 'file',
            status: 'fail',
            detail: 'A bare proof bundle names no file; check the file against the receipt it came with.',
          },
    );
  }
  let chainEvidence: ChainEvidence | null = input.evidence ?? receipt?.chain_evidence ?? null;
  let serviceProblem: string | null = null;
  let recoveredMemoRootHex: string | null = null;
  const outcome = (judgement: Judgement, bundle: unknown, completedBundle: unknown = null): ClaimOutcome => {
    // An anchored receipt is completed with a newer proof, or with evidence it did not hold yet.
    const newEvidence =
      chainEvidence !== null && receipt?.chain_evidence === undefined ? chainEvidence : null;
    const proof = completedBundle ?? bundle;
    return {
      judgement,
      bundle,
      service: askedServiceUrl(reader),
      serviceTrust: askedServiceUrl(reader) === null ? null : reader!.trust,
      serviceProblem,
      completedReceipt:
        receipt && judgement.verdict === 'anchored' && (proof !== receipt.proof || newEvidence !== null)
          ? completeReceipt(receipt, proof, now, newEvidence)
          : null,
      completedBundle,
      evidence: chainEvidence,
      recoveredMemoRootHex,
    };
  };

  let evidence: AnchorEvidence;
  let judged = held;
  if (!reader) {
    evidence = {
      kind: 'unavailable',
      reason:
        input.noServiceReason ??
        (input.offline ? 'no service was asked (offline)' : 'no service was named to ask (give its URL)'),
    };
  } else {
    try {
      const expected = receipt?.service.network ?? null;
      const actual = expected ? await reader.network() : null;
      if (expected && actual && networkName(expected) !== networkName(actual)) {
        throw new ServiceUnavailableError(
          `${visibleText(reader.url)} anchors on ${visibleText(actual)}, but the receipt was made on ${visibleText(expected)}`,
        );
      }
      // A proof still awaiting its anchor (or none at all): the service may have anchored it since.
      if (leafHex && (held === null || bundleAnchorTxid(held) === null)) {
        const fresh = await reader.proof(leafHex);
        const freshVerdict =
          fresh === null ? null : verifyProofBundle(fresh, { ...BUNDLE_OPTIONS, expectedLeafHex: leafHex });
        if (freshVerdict?.valid && (held === null || freshVerdict.anchor?.txid)) judged = fresh;
      }
      if (judged === null) {
        const known = leafHex ? await reader.leafKnown(leafHex) : false;
        return outcome(
          withoutProof(
            leafHex,
            known ? 'pending' : 'unconfirmed',
            known
              ? `The receipt holds no proof yet and ${reader.url} has none to give.`
              : `${reader.url} does not know this leaf, so it has no proof of it.`,
            checks,
          ),
          null,
        );
      }
      const inclusion = verifyProofBundle(
        judged,
        leafHex ? { ...BUNDLE_OPTIONS, expectedLeafHex: leafHex } : BUNDLE_OPTIONS,
      );
      const findings =
        inclusion.valid && inclusion.rootHex
          ? await findInHistory(reader.historyPage, inclusion.rootHex, inclusion.anchor?.txid ?? null)
          : { byRoot: null, byTxid: null };
      const leafKnown = leafHex ? await reader.leafKnown(leafHex) : null;
      evidence = { kind: 'history', service: reader.url, trust: reader.trust, leafKnown, ...findings };
    } catch (error) {
      if (!(error instanceof ServiceUnavailableError)) throw error;
      evidence = { kind: 'unavailable', reason: error.message };
      if (askedServiceUrl(reader) !== null) serviceProblem = error.message;
    }
  }
  if (judged === null) {
    const reason = evidence.kind === 'unavailable' ? evidence.reason : 'the service has no proof of it';
    return outcome(
      withoutProof(leafHex, 'pending', `The receipt holds no proof yet, and ${reason}.`, checks),
      null,
    );
  }

  const inclusion = verifyProofBundle(
    judged,
    leafHex ? { ...BUNDLE_OPTIONS, expectedLeafHex: leafHex } : BUNDLE_OPTIONS,
  );
  let judgement = judgeProof(inclusion, evidence, checks);
  if (input.chainCheck && judgement.txid && judgement.rootHex && judgement.verdict !== 'invalid') {
    const chain = await input.chainCheck({
      txid: judgement.txid,
      height: judgement.height,
      rootHex: judgement.rootHex,
    });
    checks.push(chain);
    judgement = judgeProof(inclusion, evidence, checks);
  }
  // The anchor's own bytes, where there are some: the verdict then stands on the chain, not the service.
  if (judgement.txid !== null && inclusion.valid && inclusion.rootHex !== null) {
    if (chainEvidence === null && reader?.evidence)
      chainEvidence = await fetchEvidence(reader, judgement.txid);
    if (chainEvidence !== null) {
      const findings = checkChainEvidence(chainEvidence, inclusion.rootHex, {
        txid: judgement.txid,
        height: judgement.height,
        network: receipt?.service.network ?? null,
      });
      recoveredMemoRootHex = findings.memoRootHex;
      const sources = await blockSources(input, chainEvidence, evidence, findings.checks);
      const explorer = input.explorerBlockUrl ?? blockExplorerFor(chainEvidence.network);
      const block = confirmBlock(chainEvidence, sources, explorer);
      judgement = judgeProof(
        inclusion,
        evidence,
        [...judgement.checks.slice(1, -1), ...findings.checks, block],
        { headerTime: findings.headerTime },
      );
    }
  }
  // The history anchors the root of a bundle that claims none: the same bundle with its anchor filled in.
  const completedBundle =
    judgement.completed && isRecord(judged)
      ? { ...judged, anchor: { txid: judgement.txid, height: judgement.height } }
      : null;
  return outcome(judgement, judged, completedBundle);
}

/**
 * Who can say which block is at the evidence's height: the hash the person gave, their own node,
 * and the service's history entry for the root (its block hash, which confirms only when the person
 * chose the service).
 */
async function blockSources(
  input: ClaimInput,
  evidence: ChainEvidence,
  history: AnchorEvidence,
  checks: readonly VerdictCheck[],
): Promise<BlockSource[]> {
  const sources: BlockSource[] = [];
  if (input.blockHash) sources.push({ kind: 'given', blockHash: input.blockHash });
  // A node is asked only about evidence that holds up: a failed check decides the verdict anyway.
  if (input.blockAt && checks.every((check) => check.status === 'pass')) {
    try {
      sources.push({ kind: 'node', ...(await input.blockAt(evidence.height)) });
    } catch (error) {
      if (!(error instanceof ServiceUnavailableError)) throw error;
    }
  }
  if (history.kind === 'history' && history.byRoot) {
    const { txid, height, blockHash } = history.byRoot;
    sources.push({
      kind: 'history',
      service: history.service,
      trust: history.trust,
      entry: { txid, height, blockHash },
    });
  }
  return sources;
}
