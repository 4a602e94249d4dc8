/**
 * `POST /event`: records one attestation event as a Merkle leaf. 201 `created` for a new leaf;
 * this service answers 200 `exists` when the leaf was already recorded (docs/architecture.md decision 4).
 */
import { mutationOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequestWithMeta } from './client';
import { HEX64_PATTERN } from '../core';

const hex64 = z.string().regex(HEX64_PATTERN, 'must be 64 lowercase hex characters');

/** The reference 201 shape (docs/reference-api.md 3.3) plus `timestamp` for DEPLOYMENT and EXIT. */
export const eventResultSchema = z.looseObject({
  status: z.enum(['created', 'exists']),
  event_type: z.string(),
  wallet_hash: z.string(),
  subject_kind: z.string().optional(),
  subject_id: z.string().optional(),
  leaf_hash: hex64,
  root_hash: hex64,
  verify_url: z.string().optional(),
  // The server stamps DEPLOYMENT and EXIT with its Unix time, which the leaf hashes.
  timestamp: z.number().int().nonnegative().optional(),
});
export type EventResult = z.infer<typeof eventResultSchema>;

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
