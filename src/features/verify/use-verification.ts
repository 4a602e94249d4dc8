/**
 * Runs one verification (src/core `verifyClaim`) against the service it belongs to, through the
 * same service reader the command-line verifier uses. A leaf alone is verified with the proof that
 * service serves for it. The block hash a person read (from an explorer or their node) and the
 * service's explorer block link go in too, for the anchor's chain evidence.
 */
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { explorerBlockTemplate, protocolInfoQueryOptions } from '../../api/protocol';
import { httpServiceReader } from '../../api/service-reader';
import {
  ServiceUnavailableError,
  unaskableService,
  verifyClaim,
  type ClaimInput,
  type ClaimOutcome,
  type ServiceReader,
} from 'zap1';
import type { HeldClaim, ServiceToAsk } from './claim';

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
  | { kind: 'unreachable'; message: string };

export interface VerificationRequest {
  /** What is held (a receipt or bundle, numbered so a new drop is a new verification), or null for a leaf. */
  claim: { id: string; value: HeldClaim } | null;
  leafHex: string | null;
  /** The service to ask, or why the receipt names none that can be asked. */
  service: ServiceToAsk;
  file: { sha256Hex: string; name: string } | null;
  /** The hash of the block at the evidence's height, as the person read it; null until they give one. */
  blockHash?: string | null;
}

/** The query key without its last part (the block hash): the same verification, asked again with a block. */
const sameClaim = (a: QueryKey, b: QueryKey): boolean =>
  JSON.stringify(a.slice(0, -1)) === JSON.stringify(b.slice(0, -1));

export function useVerification(request: VerificationRequest) {
  const { claim, leafHex, service, file } = request;
  const blockHash = request.blockHash ?? null;
  const queryClient = useQueryClient();
  const queryKey = [
    'verification',
    service.url ?? service.problem,
    claim?.id ?? null,
    claim ? null : leafHex,
    file?.sha256Hex ?? null,
    blockHash,
  ];
  return useQuery({
    queryKey,
    enabled: claim !== null || leafHex !== null,
    // A verdict is computed once per input; "Check again" refetches on purpose.
    staleTime: Infinity,
    retry: false,
    // A block hash entered keeps the verdict on the page while it is checked again.
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameClaim(previousQuery.queryKey, queryKey) ? previous : undefined,
    queryFn: async (): Promise<VerificationResult> => {
      const reader =
        service.url === null ? unaskableService(service.problem) : httpServiceReader(service.url, { trust: 'chosen' });
      const now = new Date();
      // Where the service's explorer shows a block; a service that cannot be asked names none.
      const info =
        service.url === null
          ? null
          : await queryClient.fetchQuery(protocolInfoQueryOptions(service.url)).catch(() => null);
      const chainInput = { blockHash, explorerBlockUrl: explorerBlockTemplate(info) };
      if (claim) {
        const input =
          claim.value.kind === 'receipt'
            ? { receipt: claim.value.receipt, file, ...chainInput }
            : { receipt: null, bundle: claim.value.bundle, file, ...chainInput };
        // No service asked (unaskable): the outcome names none (nothing to link to or fetch from).
        const outcome = await verifyClaim(input, reader, now);
        return {
          kind: 'verified',
          outcome,
          serviceProof:
            service.url !== null && claimWasAltered(outcome)
              ? await serviceProofOf(reader, outcome, chainInput, now)
              : null,
        };
      }
      if (leafHex === null) throw new Error('nothing to verify');
      let bundle: unknown;
      try {
        bundle = await reader.proof(leafHex);
      } catch (error) {
        if (error instanceof ServiceUnavailableError) return { kind: 'unreachable', message: error.message };
        throw error;
      }
      if (bundle === null) return { kind: 'unknown-leaf' };
      return {
        kind: 'verified',
        outcome: await verifyClaim({ receipt: null, bundle, ...chainInput }, reader, now),
      };
    },
  });
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
    return verdict === 'unconfirmed' ? { kind: 'unknown', reason: visibleSummary(own) } : { kind: 'none' };
  } catch (error) {
    if (error instanceof ServiceUnavailableError) return { kind: 'unknown', reason: error.message };
    throw error;
  }
}

const visibleSummary = (outcome: ClaimOutcome): string => outcome.judgement.summary;
