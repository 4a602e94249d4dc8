/** POST /memo/decode (docs/reference-api.md 4.10; docs/architecture.md: text/plain or none = hex text, JSON {"memo"}, else 415). */
import { z } from 'zod';
import { MEMO_FORMATS, decodeMemo, parseHex, type DecodedMemo } from '../../src/core/index.js';
import type { AppContext } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import { parseJsonBody } from '../http/json-body.js';

const MAX_HEX = 2048;

export const MemoJsonBodySchema = z
  .object({ memo: z.string().describe('Memo bytes as hex, at most 2048 characters') })
  .strict();

export const DecodedMemoSchema = z
  .object({
    format: z.enum(MEMO_FORMATS as [DecodedMemo['format'], ...DecodedMemo['format'][]]),
    text: z.string().optional(),
    protocol: z.enum(['ZAP1', 'NSM1']).optional(),
    event_type: z.string().optional(),
    event_label: z.string().optional(),
    payload_hash: z.string().optional(),
    raw: z.string().optional(),
    parts: z
      .array(
        z.object({
          part_type: z.int(),
          version: z.int(),
          value_hex: z.string(),
          value_utf8: z.string().nullable(),
        }),
      )
      .optional(),
    hex: z.string().optional(),
    length: z.int().optional(),
    first_byte: z.string().optional(),
  })
  .strict();

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

export function memoRoutes(ctx: AppContext): void {
  ctx.route({
    method: 'post',
    path: '/memo/decode',
    summary: 'Classify and decode a Zcash memo',
    body: [
      {
        contentType: 'text/plain',
        schema: z.string().describe('Memo bytes as hex (surrounding whitespace ignored)'),
      },
      { contentType: 'application/json', schema: MemoJsonBodySchema },
    ],
    responses: {
      200: { description: 'The decoded memo', schema: DecodedMemoSchema },
      400: { description: 'invalid_hex, invalid_json or validation_failed' },
      413: { description: 'More than 2048 hex characters' },
      415: { description: 'Neither text/plain nor application/json' },
    },
    // It decides by content type itself: hex text, or JSON {"memo"}.
    rawBody: true,
    handler: async ({ request }) => {
      const type = mediaType(request.headers['content-type']);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let hex: string;
      if (type === '' || type === 'text/plain') {
        // Hex is ASCII: any other byte makes it not hex, whatever it would decode to.
        hex = raw.toString('latin1');
      } else if (type === 'application/json') {
        const result = MemoJsonBodySchema.safeParse(parseJsonBody(request.headers['content-type'], raw));
        if (!result.success) {
          throw new ApiError(400, 'validation_failed', 'Send {"memo": "<hex>"} and nothing else.', [
            { field: 'memo', message: 'memo must be a hex string' },
          ]);
        }
        hex = result.data.memo;
      } else {
        throw new ApiError(
          415,
          'unsupported_media_type',
          'Send the memo as hex text (text/plain) or as {"memo": "<hex>"} (application/json).',
        );
      }
      hex = hex.trim();
      if (hex.length > MAX_HEX) {
        throw new ApiError(
          413,
          'payload_too_large',
          'Memo hex is limited to 1024 bytes (2048 hex characters).',
        );
      }
      let bytes: Uint8Array;
      try {
        bytes = parseHex(hex, { name: 'memo' });
      } catch (error) {
        throw new ApiError(
          400,
          'invalid_hex',
          `invalid hex: ${error instanceof Error ? error.message : 'not hex'}`,
        );
      }
      const decoded: z.infer<typeof DecodedMemoSchema> = decodeMemo(bytes);
      return decoded;
    },
  });
}
