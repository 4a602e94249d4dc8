/** POST /memo/decode (docs/reference-api.md 4.10; docs/architecture.md: text/plain or none = hex text, JSON {"memo"}, else 415). */
import { z } from 'zod';
import { MEMO_FORMATS, decodeMemo, isRecord, parseHex, type DecodedMemo } from 'zap1';
import type { AppContext } from '../http/context.js';
import { ApiError, shownFieldName } from '../http/errors.js';
import { parseJsonBody } from '../http/json-body.js';

const MAX_HEX = 2048;

const isAsciiWhitespace = (c: number): boolean => c === 0x20 || (c >= 0x09 && c <= 0x0d && c !== 0x0b);

/**
 * `text` without ASCII whitespace (tab, LF, FF, CR, space) at either end, in one pass: String.trim
 * would also drop U+00A0 and the like, which are not hex, and an anchored regular expression takes
 * time quadratic in a run of spaces (a 64 KiB body of them held the event loop for seconds).
 */
function trimAsciiWhitespace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isAsciiWhitespace(text.charCodeAt(start))) start++;
  while (end > start && isAsciiWhitespace(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

/** What is wrong with a JSON body that is not {"memo": "<hex>"}: the memo, and any other key (the first named). */
function memoBodyProblems(body: unknown): Array<{ field: string; message: string }> {
  if (!isRecord(body))
    return [{ field: 'body', message: 'the body must be a JSON object {"memo": "<hex>"}' }];
  const problems: Array<{ field: string; message: string }> = [];
  if (typeof body['memo'] !== 'string')
    problems.push({ field: 'memo', message: 'memo must be a hex string' });
  const others = Object.keys(body).filter((key) => key !== 'memo');
  if (others.length > 0) {
    const more = others.length > 1 ? ` and ${others.length - 1} more` : '';
    problems.push({
      field: 'body',
      message: `unknown field ${shownFieldName(others[0]!)}${more}: send memo only`,
    });
  }
  return problems;
}

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
        const parsed = parseJsonBody(request.headers['content-type'], raw);
        const result = MemoJsonBodySchema.safeParse(parsed);
        if (!result.success) {
          throw new ApiError(
            400,
            'validation_failed',
            'Send {"memo": "<hex>"} and nothing else.',
            memoBodyProblems(parsed),
          );
        }
        hex = result.data.memo;
      } else {
        throw new ApiError(
          415,
          'unsupported_media_type',
          'Send the memo as hex text (text/plain) or as {"memo": "<hex>"} (application/json).',
        );
      }
      hex = trimAsciiWhitespace(hex);
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
