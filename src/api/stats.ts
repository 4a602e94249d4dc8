/** `GET /stats` (docs/reference-api.md 4.5). */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './client';

/** The four totals are in every version (the ops-fixture shape has only those). */
export const statsSchema = z.looseObject({
  total_leaves: z.number().int(),
  total_anchors: z.number().int(),
  first_anchor_block: z.number().int().nullable(),
  last_anchor_block: z.number().int().nullable(),
  total_anchor_records: z.number().int().optional(),
  total_anchors_semantics: z.string().optional(),
  network: z.string().optional(),
  protocol: z.string().optional(),
  event_types: z.array(z.string()).optional(),
  type_counts: z.record(z.string(), z.number().int()).optional(),
  classified_leaves: z.number().int().optional(),
  unclassified_leaves: z.number().int().optional(),
});
export type Stats = z.infer<typeof statsSchema>;

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
