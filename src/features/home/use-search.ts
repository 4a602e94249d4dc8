import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { anchorHistoryQueryOptions } from '../../api/anchor';
import { ApiError } from '../../api/client';
import { capabilitiesOf } from '../../api/capabilities';
import { lifecycleQueryOptions } from '../../api/lifecycle';
import { lookupQueryOptions, type Lookup } from '../../api/lookup';
import { protocolInfoQueryOptions } from '../../api/protocol';
import { useApiKey, useBaseUrl } from '../../api/settings';
import { verifyCheckQueryOptions } from '../../api/verify';
import { normaliseQuery, resolveSearch, type SearchProbes } from './search';

export const searchKeys = {
  all: (baseUrl: string) => ['search', baseUrl] as const,
  /** `withKey`: a kept key may let the wallet look-up see more, so it is part of the key. */
  query: (baseUrl: string, text: string, withKey: boolean) =>
    [...searchKeys.all(baseUrl), text, withKey] as const,
};

/**
 * The search of `/search?q=`: resolved through the probes (which go through the query cache). Not
 * kept fresh: searching the same value again asks again, since a leaf may have appeared meanwhile.
 */
export function searchQueryOptions(baseUrl: string, raw: string, probes: SearchProbes, withKey: boolean) {
  const { text } = normaliseQuery(raw);
  return queryOptions({
    queryKey: searchKeys.query(baseUrl, text, withKey),
    queryFn: () => resolveSearch(text, probes),
    staleTime: 0,
    gcTime: 30_000,
  });
}

/**
 * Search look-ups through the query cache, so the page the search leads to opens without asking
 * again. Where the service offers `/lookup`, leaves and wallets are asked there (200 whether found
 * or not); elsewhere a miss is the 404 of the leaf's or the wallet's own page.
 */
export function createSearchProbes(
  queryClient: QueryClient,
  baseUrl: string,
  apiKey: string | null,
): SearchProbes {
  const history = () => queryClient.fetchQuery(anchorHistoryQueryOptions(baseUrl));
  const lookup = async (q: string): Promise<Lookup | null> => {
    let offered = false;
    try {
      offered = capabilitiesOf(await queryClient.fetchQuery(protocolInfoQueryOptions(baseUrl))).lookup;
    } catch {
      offered = false;
    }
    return offered ? queryClient.fetchQuery(lookupQueryOptions(baseUrl, q, apiKey)) : null;
  };
  return {
    async isLeaf(leafHex) {
      const found = await lookup(leafHex);
      if (found) return found.leaf;
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
      const found = await lookup(wallet);
      if (found) {
        if (found.wallet === 'found') return 'found';
        return found.wallet === 'requires_key' ? 'unknown' : 'none';
      }
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

/** Whether a leaf computed here (from a file and its serial) is on the service; asked once per leaf. */
export function computedLeafQueryOptions(baseUrl: string, leafHex: string, probes: SearchProbes) {
  return queryOptions({
    queryKey: [...searchKeys.all(baseUrl), 'computed-leaf', leafHex] as const,
    queryFn: () => probes.isLeaf(leafHex),
    staleTime: 0,
  });
}
