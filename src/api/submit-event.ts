/**
 * `POST /event`: records one attestation event as a Merkle leaf. 201 `created` for a new leaf;
 * this service answers 200 `exists` when the leaf was already recorded (docs/architecture.md decision 4).
 */
import { mutationOptions } from '@tanstack/react-query';
import { apiRequestWithMeta } from './client';
import { eventResultSchema, type EventResult } from 'zap1';
export { eventResultSchema, type EventResult };

export type EventBody = Readonly<Record<string, unknown>>;

export const eventKeys = {
  all: (baseUrl: string) => ['events-write', baseUrl] as const,
  submit: (baseUrl: string) => [...eventKeys.all(baseUrl), 'submit'] as const,
};

/** Sends one event with `apiKey` (default: the key kept for `baseUrl`). */
export async function submitEvent(
  baseUrl: string,
  body: EventBody,
  options: { apiKey?: string | null; signal?: AbortSignal } = {},
): Promise<EventResult> {
  const response = await apiRequestWithMeta('/event', {
    schema: eventResultSchema,
    method: 'POST',
    json: body,
    baseUrl,
    apiKey: options.apiKey,
    signal: options.signal,
  });
  return response.data;
}

export function submitEventMutationOptions(baseUrl: string) {
  return mutationOptions({
    mutationKey: eventKeys.submit(baseUrl),
    mutationFn: (input: { body: EventBody; apiKey?: string | null }) =>
      submitEvent(baseUrl, input.body, { apiKey: input.apiKey }),
  });
}
