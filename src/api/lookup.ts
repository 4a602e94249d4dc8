/**
 * `GET /lookup?q=` (this service only, extension `lookup`): whether a search value is a leaf hash
 * or a wallet with events, answered 200 either way, so a search that finds nothing fails no request.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import { lookupSchema } from 'zap1';
export { lookupSchema, type Lookup } from 'zap1';

export const lookupKeys = {
  query: (baseUrl: string, q: string, withKey: boolean) => ['lookup', baseUrl, q, withKey] as const,
};

/** The kept key goes along: with the operator key a locked lifecycle counts as found. */
export function lookupQueryOptions(baseUrl: string, q: string, apiKey: string | null) {
  return queryOptions({
    queryKey: lookupKeys.query(baseUrl, q, apiKey !== null),
    queryFn: ({ signal }) =>
      apiRequest(`/lookup?q=${encodeURIComponent(q)}`, { schema: lookupSchema, signal, baseUrl, apiKey }),
    staleTime: 0,
  });
}
