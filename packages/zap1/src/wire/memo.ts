/** Wire shape of `POST /memo/decode` (docs/reference-api.md 4.10): the service's own reading of a memo. */
import { z } from 'zod';

/** One of the seven shapes; each is loose so that a deployment's extra keys do not break the page. */
export const memoDecodeSchema = z.discriminatedUnion('format', [
  z.looseObject({ format: z.literal('text'), text: z.string() }),
  z.looseObject({
    format: z.enum(['zap1', 'nsm1']),
    protocol: z.string(),
    event_type: z.string(),
    event_label: z.string(),
    payload_hash: z.string(),
    raw: z.string().optional(),
  }),
  z.looseObject({
    format: z.literal('zip302'),
    parts: z.array(
      z.looseObject({
        part_type: z.number().int(),
        version: z.number().int(),
        value_hex: z.string(),
        value_utf8: z.string().nullable(),
      }),
    ),
  }),
  z.looseObject({ format: z.literal('empty') }),
  z.looseObject({ format: z.literal('binary'), length: z.number().int(), hex: z.string() }),
  z.looseObject({ format: z.literal('unknown'), first_byte: z.string(), length: z.number().int() }),
]);
export type ServiceDecodedMemo = z.infer<typeof memoDecodeSchema>;
