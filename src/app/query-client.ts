import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

/**
 * Retry only what may heal by itself: network failures and 5xx, never a 4xx answer, and never a
 * timeout (a host that does not answer would keep the page on "Loading…" for each retry's budget).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!(error instanceof ApiError)) return true;
  if (error.code === 'timeout' || error.code === 'not_zap1') return false;
  return error.status === 0 || error.status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
    },
  });
}
