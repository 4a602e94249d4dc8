import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { anchorHistoryQueryOptions } from '../../api/anchor';
import { ApiError } from '../../api/client';
import { lifecycleQueryOptions } from '../../api/lifecycle';
import { useApiKey, useBaseUrl } from '../../api/settings';
import { verifyCheckQueryOptions } from '../../api/verify';
import type { SearchProbes } from './search';

/** Search look-ups through the query cache, so the page the search leads to opens without asking again. */
export function createSearchProbes(
  queryClient: QueryClient,
  baseUrl: string,
  apiKey: string | null,
): SearchProbes {
  const history = () => queryClient.fetchQuery(anchorHistoryQueryOptions(baseUrl));
  return {
    async isLeaf(leafHex) {
      try {
        await queryClient.fetchQuery(verifyCheckQueryOptions(baseUrl, leafHex));
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return false;
        throw error;
      }
    },
    async rootOfTxid(txid) {
      return (await history()).anchors.find((a) => a.txid.toLowerCase() === txid)?.root.toLowerCase() ?? null;
    },
    async isAnchoredRoot(rootHex) {
      return (await history()).anchors.some((a) => a.root.toLowerCase() === rootHex);
    },
    async wallet(wallet) {
      const result = await queryClient.fetchQuery(lifecycleQueryOptions(baseUrl, wallet, apiKey));
      return result.kind === 'found' ? 'found' : result.kind === 'no_events' ? 'none' : 'unknown';
    },
  };
}

export function useSearchProbes(): SearchProbes {
  const queryClient = useQueryClient();
  const baseUrl = useBaseUrl();
  const apiKey = useApiKey();
  return useMemo(() => createSearchProbes(queryClient, baseUrl, apiKey), [queryClient, baseUrl, apiKey]);
}
