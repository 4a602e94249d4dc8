/**
 * One verification of what the Verify page holds, as plain data in and out, so it can run in a
 * worker (verify-worker.ts) and leave the page responsive whatever a receipt holds: the service
 * reader is made here from the request, the proof and chain evidence checked here.
 *
 * Who is asked: the service the person uses (`chosen`), one a receipt or link names only once they
 * agreed to ask it (quoted, never relied on), or none (the verification says why).
 */
import { httpServiceReader } from 'zap1';
import {
  ServiceUnavailableError,
  unaskableService,
  verifyClaim,
  type ClaimInput,
  type ClaimOutcome,
  type ServiceReader,
} from 'zap1';
import type { HeldClaim, ServiceToAsk } from './claim';
import { rememberingReader } from './answer-cache';

/**
 * What the service holds for the same leaf, asked when a held claim's anchor or path failed: a
 * valid anchored proof (the receipt was altered), a proof still awaiting its anchor, or none (the
 * claimed anchor was never made); `unknown` when the service could not be asked.
 */
export type ServiceProof =
  | { kind: 'anchored'; txid: string; height: number | null }
  | { kind: 'pending' }
  | { kind: 'none' }
  | { kind: 'unknown'; reason: string };

export type VerificationResult =
  | { kind: 'verified'; outcome: ClaimOutcome; serviceProof?: ServiceProof | null }
  /** Asked by leaf, and the service does not know it. */
  | { kind: 'unknown-leaf' }
  /** Asked by leaf, and the service could not be reached, so there is no proof to check. */
  | { kind: 'unreachable'; message: string }
  /** Asked by leaf, of a service only the link names: nothing is asked until the person agrees. */
  | { kind: 'needs-consent'; url: string };

export interface VerificationRun {
  /** What is held (a receipt or bundle), or null for a leaf. */
  claim: HeldClaim | null;
  leafHex: string | null;
  service: ServiceToAsk;
  /** The person agreed to ask the service a receipt or link names. */
  consented: boolean;
  file: { sha256Hex: string; name: string } | null;
  /** The hash of the block at the evidence's height, as the person read it. */
  blockHash: string | null;
  /** The person's own block explorer template (Settings), or null for the network's known one. */
  explorerBlockUrl: string | null;
  /** "Check again": ask the service afresh instead of using what it answered a moment ago. */
  fresh?: boolean;
  /** Which verification this is (the page and the claim): service answers are kept for it alone. */
  answersScope?: string;
}

/** The reader to ask, or null with why none is asked (a named service the person has not agreed to). */
function readerFor(run: VerificationRun): { reader: ServiceReader | null; reason: string | null } {
  const { service } = run;
  const fresh = run.fresh === true;
  const scope = run.answersScope ?? Math.random().toString(36);
  if (service.kind === 'chosen')
    return {
      reader: rememberingReader(httpServiceReader(service.url, { trust: 'chosen' }), scope, fresh),
      reason: null,
    };
  if (service.kind === 'none') return { reader: unaskableService(service.problem), reason: null };
  if (run.consented)
    return {
      reader: rememberingReader(httpServiceReader(service.url, { trust: service.by }), scope, fresh),
      reason: null,
    };
  return {
    reader: null,
    reason: `the ${service.by} names ${service.url}, which is not the service you use, and it was not asked: a ${service.by} can name any service, its forger's too`,
  };
}

export async function runVerification(run: VerificationRun, now: Date): Promise<VerificationResult> {
  const { claim, leafHex, file } = run;
  const { reader, reason } = readerFor(run);
  const chainInput = {
    blockHash: run.blockHash,
    explorerBlockUrl: run.explorerBlockUrl,
    noServiceReason: reason,
  };
  if (claim) {
    const input: ClaimInput =
      claim.kind === 'receipt'
        ? { receipt: claim.receipt, file, ...chainInput }
        : { receipt: null, bundle: claim.bundle, file, ...chainInput };
    const outcome = await verifyClaim(input, reader, now);
    return {
      kind: 'verified',
      outcome,
      // Only the service the person uses is asked what it holds instead.
      serviceProof:
        reader !== null && reader.trust === 'chosen' && claimWasAltered(outcome)
          ? await serviceProofOf(reader, outcome, chainInput, now)
          : null,
    };
  }
  if (leafHex === null) throw new Error('nothing to verify');
  if (reader === null && run.service.kind === 'named') return { kind: 'needs-consent', url: run.service.url };
  let bundle: unknown;
  try {
    bundle = reader === null ? null : await reader.proof(leafHex);
  } catch (error) {
    if (error instanceof ServiceUnavailableError) return { kind: 'unreachable', message: error.message };
    throw error;
  }
  if (bundle === null) return { kind: 'unknown-leaf' };
  return {
    kind: 'verified',
    outcome: await verifyClaim({ receipt: null, bundle, ...chainInput }, reader, now),
  };
}

/** A held claim whose anchor or Merkle path failed: it claims something the service may contradict. */
export function claimWasAltered(outcome: ClaimOutcome): boolean {
  return (
    outcome.judgement.verdict === 'invalid' &&
    outcome.judgement.leafHex !== null &&
    outcome.judgement.checks.some(
      (check) => (check.name === 'anchor' || check.name === 'inclusion') && check.status === 'fail',
    )
  );
}

/** Verifies the service's own proof of the same leaf, as a bundle, to say which it holds. */
async function serviceProofOf(
  reader: ServiceReader,
  outcome: ClaimOutcome,
  chainInput: Pick<ClaimInput, 'blockHash' | 'explorerBlockUrl'>,
  now: Date,
): Promise<ServiceProof> {
  const leafHex = outcome.judgement.leafHex!;
  try {
    const bundle = await reader.proof(leafHex);
    if (bundle === null) return { kind: 'none' };
    const own = await verifyClaim({ receipt: null, bundle, ...chainInput }, reader, now);
    const { verdict, txid, height } = own.judgement;
    if (own.judgement.leafHex !== leafHex) return { kind: 'none' };
    if (verdict === 'anchored' && txid !== null) return { kind: 'anchored', txid, height };
    if (verdict === 'pending') return { kind: 'pending' };
    return verdict === 'unconfirmed' ? { kind: 'unknown', reason: own.judgement.summary } : { kind: 'none' };
  } catch (error) {
    if (error instanceof ServiceUnavailableError) return { kind: 'unknown', reason: error.message };
    throw error;
  }
}
