import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

/** Retry only what may heal by itself: network failures and 5xx, never a 4xx answer. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}
