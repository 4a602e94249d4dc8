/**
 * Manual anchoring (a service with `manual-anchor` in its extensions): the payment that anchors the
 * current root, and the record of a payment made (operator key; docs/reference-api.md 5.4).
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './client';

export const anchorPaymentSchema = z.looseObject({
  root: z.string(),
  leaf_count: z.number().int(),
  unanchored_leaves: z.number().int(),
  send_enabled: z.boolean(),
  memo: z.string(),
  to_address: z.string().nullable(),
  amount_zec: z.string(),
  payment_uri: z.string().nullable(),
  qr_svg: z.string().nullable(),
});
export type AnchorPayment = z.infer<typeof anchorPaymentSchema>;

export const recordedAnchorSchema = z.looseObject({
  status: z.literal('anchored'),
  root: z.string(),
  txid: z.string(),
  height: z.number().int(),
  leaf_count: z.number().int(),
});

export const manualAnchorKeys = {
  payment: (baseUrl: string) => ['manual-anchor', baseUrl, 'payment'] as const,
};

export function anchorPaymentQueryOptions(
  baseUrl: string,
  apiKey: string | null,
  refetchIntervalMs?: number,
) {
  return queryOptions({
    queryKey: manualAnchorKeys.payment(baseUrl),
    queryFn: ({ signal }) =>
      apiRequest('/admin/anchor/qr', { schema: anchorPaymentSchema, signal, baseUrl, apiKey }),
    enabled: apiKey !== null,
    refetchInterval: refetchIntervalMs ?? false,
  });
}

export function recordManualAnchor(baseUrl: string, body: { root: string; txid: string; height: number }) {
  return apiRequest('/admin/anchor/record', {
    method: 'POST',
    json: body,
    schema: recordedAnchorSchema,
    baseUrl,
  });
}
