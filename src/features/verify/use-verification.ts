/**
 * Runs one verification (src/core `verifyClaim`) against the service it belongs to, through the
 * same service reader the command-line verifier uses. A leaf alone is verified with the proof that
 * service serves for it.
 */
import { useQuery } from '@tanstack/react-query';
import { httpServiceReader } from '../../api/service-reader';
import { ServiceUnavailableError, verifyClaim, type ClaimOutcome } from '../../core';
import type { HeldClaim } from './claim';

export type VerificationResult =
  | { kind: 'verified'; outcome: ClaimOutcome }
  /** Asked by leaf, and the service does not know it. */
  | { kind: 'unknown-leaf' }
  /** Asked by leaf, and the service could not be reached, so there is no proof to check. */
  | { kind: 'unreachable'; message: string };

export interface VerificationRequest {
  /** What is held (a receipt or bundle, numbered so a new drop is a new verification), or null for a leaf. */
  claim: { id: number; value: HeldClaim } | null;
  leafHex: string | null;
  service: string;
  file: { sha256Hex: string; name: string } | null;
}

export function useVerification(request: VerificationRequest) {
  const { claim, leafHex, service, file } = request;
  return useQuery({
    queryKey: ['verification', service, claim?.id ?? null, claim ? null : leafHex, file?.sha256Hex ?? null],
    enabled: claim !== null || leafHex !== null,
    // A verdict is computed once per input; "Check again" refetches on purpose.
    staleTime: Infinity,
    retry: false,
    queryFn: async (): Promise<VerificationResult> => {
      const reader = httpServiceReader(service);
      const now = new Date();
      if (claim) {
        const input =
          claim.value.kind === 'receipt'
            ? { receipt: claim.value.receipt, file }
            : { receipt: null, bundle: claim.value.bundle, file };
        return { kind: 'verified', outcome: await verifyClaim(input, reader, now) };
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
      return { kind: 'verified', outcome: await verifyClaim({ receipt: null, bundle }, reader, now) };
    },
  });
}
