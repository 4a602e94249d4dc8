import { useQueries } from '@tanstack/react-query';
import { anchorConsistencyQueryOptions, type AnchorHistoryEntry } from '../../api/anchor';
import { consistencyNeeds, judgeConsistency, type ConsistencyVerdict } from './consistency-chain';

/** One verdict per anchor (newest first): proofs are fetched for consecutive anchored sizes and verified here. */
export function useConsistencyVerdicts(
  baseUrl: string,
  anchors: readonly AnchorHistoryEntry[],
  hasOlder: boolean,
  supported: boolean,
): ConsistencyVerdict[] {
  const needs = consistencyNeeds(anchors, hasOlder, supported);
  const proofs = useQueries({
    queries: needs.map((need) => ({
      ...anchorConsistencyQueryOptions(
        baseUrl,
        need.kind === 'proof' ? need.from : 0,
        need.kind === 'proof' ? need.to : 0,
      ),
      enabled: need.kind === 'proof',
    })),
  });
  return needs.map((need, i): ConsistencyVerdict => {
    if (need.kind === 'verdict') return need.verdict;
    const query = proofs[i];
    const current = anchors[i];
    if (!query || !current || query.isPending) return { kind: 'checking', fromSize: need.from };
    if (query.isError) return { kind: 'error', message: query.error.message };
    return judgeConsistency(need.previous, current, query.data);
  });
}
