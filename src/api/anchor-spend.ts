/**
 * `GET /anchor/spend` (this service only, extension `anchor-spend`): the fees anchoring paid today,
 * this week, in the last 7 days and in total (docs/architecture.md "Endpoints, beyond the reference
 * shapes"). Its schema lives here, beside its one reader, the Status page.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './client';

const spendWindowSchema = z.looseObject({
  /** RFC 3339 start of the window; null for every anchor. */
  since: z.string().nullable(),
  fee_zat: z.number().int().nonnegative(),
  anchors: z.number().int().nonnegative(),
  /** Anchors in the window whose fee is unknown (not in `fee_zat`). */
  unpriced_anchors: z.number().int().nonnegative(),
  first_anchor_at: z.string().nullable(),
});
export type SpendWindow = z.infer<typeof spendWindowSchema>;

export const anchorSpendSchema = z.looseObject({
  /** The service's clock, which the windows are measured from. */
  now: z.string(),
  today: spendWindowSchema,
  this_week: spendWindowSchema,
  last_7_days: spendWindowSchema,
  total: spendWindowSchema,
});
export type AnchorSpend = z.infer<typeof anchorSpendSchema>;

export const anchorSpendKeys = {
  all: (baseUrl: string) => ['anchor-spend', baseUrl] as const,
};

export function anchorSpendQueryOptions(baseUrl: string, refetchIntervalMs?: number) {
  return queryOptions({
    queryKey: anchorSpendKeys.all(baseUrl),
    queryFn: ({ signal }) =>
      apiRequest('/anchor/spend', { schema: anchorSpendSchema, signal, baseUrl, auth: false }),
    refetchInterval: refetchIntervalMs ?? false,
  });
}
