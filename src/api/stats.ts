/** `GET /stats` (docs/reference-api.md 4.5). */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import { statsSchema } from 'zap1';
export { statsSchema, type Stats } from 'zap1';

export const statsKeys = {
  all: (baseUrl: string) => ['stats', baseUrl] as const,
  summary: (baseUrl: string) => [...statsKeys.all(baseUrl), 'summary'] as const,
};

export function statsQueryOptions(baseUrl: string, refetchIntervalMs?: number) {
  return queryOptions({
    queryKey: statsKeys.summary(baseUrl),
    queryFn: ({ signal }) => apiRequest('/stats', { schema: statsSchema, signal, baseUrl, auth: false }),
    refetchInterval: refetchIntervalMs ?? false,
  });
}
