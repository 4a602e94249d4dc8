/**
 * Manual anchoring (a service with `manual-anchor` in its extensions): the payment that anchors the
 * current root, and the record of a payment made (operator key; docs/reference-api.md 5.4).
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import { anchorPaymentSchema, recordedAnchorSchema } from 'zap1';
export { anchorPaymentSchema, recordedAnchorSchema, type AnchorPayment } from 'zap1';

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
