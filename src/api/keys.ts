/**
 * API keys: `POST /trial-key` (a trial key, shown once) and `GET /key` (what a key is and what is
 * left of it; this service only, docs/architecture.md "Endpoints").
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import { keyInfoSchema, trialKeySchema, type KeyInfo, type TrialKey } from 'zap1';
export { keyInfoSchema, trialKeySchema, type KeyInfo, type TrialKey };

export const keyKeys = {
  all: (baseUrl: string) => ['keys', baseUrl] as const,
  info: (baseUrl: string, apiKey: string) => [...keyKeys.all(baseUrl), 'info', apiKey] as const,
  trial: (baseUrl: string) => [...keyKeys.all(baseUrl), 'trial'] as const,
};

/** Asks the service for a trial key. No credentials: issuance is rate-limited per address instead. */
export function requestTrialKey(baseUrl: string, signal?: AbortSignal): Promise<TrialKey> {
  return apiRequest('/trial-key', { schema: trialKeySchema, method: 'POST', auth: false, baseUrl, signal });
}

/** Asks what `apiKey` is: tier, quota, used, expiry. */
export function fetchKeyInfo(baseUrl: string, apiKey: string, signal?: AbortSignal): Promise<KeyInfo> {
  return apiRequest('/key', { schema: keyInfoSchema, apiKey, baseUrl, signal });
}

export function keyInfoQueryOptions(baseUrl: string, apiKey: string) {
  return queryOptions({
    queryKey: keyKeys.info(baseUrl, apiKey),
    queryFn: ({ signal }) => fetchKeyInfo(baseUrl, apiKey, signal),
    staleTime: 10_000,
  });
}

export function trialKeyMutationOptions(baseUrl: string) {
  return mutationOptions({
    mutationKey: keyKeys.trial(baseUrl),
    mutationFn: () => requestTrialKey(baseUrl),
  });
}

/**
 * When a trial key expires: the service's `expires_at` when given, else now + `expires_in_days`
 * (the reference answers only the number of days).
 */
export function trialKeyExpiry(key: TrialKey, now: Date = new Date()): Date {
  if (key.expires_at) {
    const at = new Date(key.expires_at);
    if (!Number.isNaN(at.getTime())) return at;
  }
  return new Date(now.getTime() + key.expires_in_days * 86_400_000);
}
