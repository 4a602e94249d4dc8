/** `POST /memo/decode` (docs/reference-api.md 4.10): the service's own reading of a memo. */
import { mutationOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import { memoDecodeSchema, type ServiceDecodedMemo } from 'zap1';
export { memoDecodeSchema, type ServiceDecodedMemo };

export const memoKeys = {
  all: (baseUrl: string) => ['memo', baseUrl] as const,
  decode: (baseUrl: string) => [...memoKeys.all(baseUrl), 'decode'] as const,
};

/** Sends the memo as hex text (the content type every ZAP1 deployment accepts). */
export function decodeMemoOnService(
  baseUrl: string,
  memoHex: string,
  signal?: AbortSignal,
): Promise<ServiceDecodedMemo> {
  return apiRequest('/memo/decode', {
    method: 'POST',
    text: memoHex,
    schema: memoDecodeSchema,
    baseUrl,
    signal,
    auth: false,
  });
}

export function memoDecodeMutationOptions(baseUrl: string) {
  return mutationOptions({
    mutationKey: memoKeys.decode(baseUrl),
    mutationFn: (memoHex: string) => decodeMemoOnService(baseUrl, memoHex),
  });
}
