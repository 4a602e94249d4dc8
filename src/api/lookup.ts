/**
 * `GET /lookup?q=` (this service only, extension `lookup`): whether a search value is a leaf hash
 * or a wallet with events, answered 200 either way, so a search that finds nothing fails no request.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './client';

export const lookupSchema = z.looseObject({
  query: z.string(),
  leaf: z.boolean(),
  wallet: z.enum(['found', 'none', 'requires_key', 'not_a_wallet']),
});
export type Lookup = z.infer<typeof lookupSchema>;

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
