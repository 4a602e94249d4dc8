/** `GET /health` (docs/reference-api.md 4.11 plus this service's fields, docs/architecture.md "Endpoints"). */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import { healthSchema } from 'zap1';
export { healthSchema, type Health } from 'zap1';

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
