/** `GET /health` (docs/reference-api.md 4.11 plus this service's fields, docs/architecture.md "Endpoints"). */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './client';

export const healthSchema = z.looseObject({
  last_scanned_height: z.number().int(),
  chain_tip: z.number().int(),
  sync_lag: z.number().int(),
  scanner_operational: z.boolean(),
  rpc_reachable: z.boolean(),
  pending_invoices: z.number().int().optional(),
  network: z.string().optional(),
  store_ok: z.boolean().optional(),
  chain_ok: z.boolean().optional(),
  wallet_balance_zat: z.number().nullable().optional(),
  anchor_cost_zat: z.number().int().positive().optional(),
  last_error: z.string().nullable().optional(),
});
export type Health = z.infer<typeof healthSchema>;

export const healthKeys = {
  all: (baseUrl: string) => ['health', baseUrl] as const,
  status: (baseUrl: string) => [...healthKeys.all(baseUrl), 'status'] as const,
};

export function healthQueryOptions(baseUrl: string, refetchIntervalMs?: number) {
  return queryOptions({
    queryKey: healthKeys.status(baseUrl),
    queryFn: ({ signal }) => apiRequest('/health', { schema: healthSchema, signal, baseUrl, auth: false }),
    refetchInterval: refetchIntervalMs ?? false,
  });
}
