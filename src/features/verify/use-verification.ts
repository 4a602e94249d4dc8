/**
 * Runs one verification (zap1's `verifyClaim`, through verification-run.ts) off the page's thread,
 * as a query: a new input is a new verification, "Check again" refetches on purpose, and a block
 * hash the person entered keeps the verdict on the page while it is checked again.
 */
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useRef } from 'react';
import { useBlockExplorer } from '../../api/settings';
import type { HeldClaim, ServiceToAsk } from './claim';
import type { VerificationResult } from './verification-run';
import { verifyOffThread } from './verify-off-thread';

export type { ServiceProof, VerificationResult } from './verification-run';
export { claimWasAltered } from './verification-run';

export interface VerificationRequest {
  /** What is held (a receipt or bundle, numbered so a new drop is a new verification), or null for a leaf. */
  claim: { id: string; value: HeldClaim } | null;
  leafHex: string | null;
  /** The service the claim is about, and whose choice it is. */
  service: ServiceToAsk;
  /** The person agreed to ask the service a receipt or link names. */
  consented?: boolean;
  file: { sha256Hex: string; name: string } | null;
  /** The hash of the block at the evidence's height, as the person read it; null until they give one. */
  blockHash?: string | null;
}

/** The query key without its last part (the block hash): the same verification, asked again with a block. */
const sameClaim = (a: QueryKey, b: QueryKey): boolean =>
  JSON.stringify(a.slice(0, -1)) === JSON.stringify(b.slice(0, -1));

export function useVerification(request: VerificationRequest) {
  const { claim, leafHex, service, file } = request;
  const consented = request.consented === true;
  const blockHash = request.blockHash ?? null;
  const explorerBlockUrl = useBlockExplorer();
  // Set by "Check again": the next run asks the service afresh rather than reusing its answers.
  const fresh = useRef(false);
  // This page's own: answers kept for one of its claims are never another visit's.
  const page = useRef(`${Date.now()}-${Math.random().toString(36).slice(2)}`);
  const queryKey = [
    'verification',
    service,
    consented,
    explorerBlockUrl,
    claim?.id ?? null,
    claim ? null : leafHex,
    file?.sha256Hex ?? null,
    blockHash,
  ];
  const query = useQuery({
    queryKey,
    enabled: claim !== null || leafHex !== null,
    // A verdict is computed once per input; "Check again" refetches on purpose.
    staleTime: Infinity,
    retry: false,
    // A block hash entered keeps the verdict on the page while it is checked again.
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameClaim(previousQuery.queryKey, queryKey) ? previous : undefined,
    queryFn: (): Promise<VerificationResult> => {
      const askAfresh = fresh.current;
      fresh.current = false;
      return verifyOffThread({
        claim: claim?.value ?? null,
        leafHex: claim ? null : leafHex,
        service,
        consented,
        file,
        blockHash,
        explorerBlockUrl,
        fresh: askAfresh,
        answersScope: `${page.current} ${claim?.id ?? leafHex ?? ''} ${consented}`,
      });
    },
  });
  return {
    ...query,
    /** Verifies again, asking the service afresh. */
    checkAgain: () => {
      fresh.current = true;
      void query.refetch();
    },
  };
}
