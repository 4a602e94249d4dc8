/**
 * The JSON body parser of the service: RFC 8259 text only. A body in another charset is 415; bytes
 * that are not UTF-8 are 400 (never stored as U+FFFD); an object that repeats a key is 400 (which
 * value was meant is not ours to guess); `__proto__` and `constructor` keys are 400. Every number a
 * request carries is a whole number (u32 or u64 fields), so one written with a fraction or an
 * exponent is 400 `validation_failed` naming its field: JSON.parse would round `1.9e0` or
 * `1234567890123456.9` to a whole number, and a leaf would commit to a value that was never sent.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, badRequest, shownFieldName } from './errors.js';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The `charset` parameter of a Content-Type header, lowercased, or null. */
function charsetOf(contentType: string | undefined): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase() ?? null;
}

// Character codes the key scan looks for.
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const MINUS = 0x2d;
const PLUS = 0x2b;
const POINT = 0x2e;
const EXPONENT = 0x65; // e
const EXPONENT_UPPER = 0x45; // E
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;

/** Whether `c` may continue a JSON number token (digits, sign, point, exponent). */
const inNumber = (c: number): boolean =>
  (c >= DIGIT_0 && c <= DIGIT_9) ||
  c === MINUS ||
  c === PLUS ||
  c === POINT ||
  c === EXPONENT ||
  c === EXPONENT_UPPER;

const invalid = (message: string): ApiError => new ApiError(400, 'invalid_json', message);

/**
 * The first problem of `text` (valid JSON) beyond its syntax: a key an object repeats, a key that
 * could pollute prototypes, or a number that is not written as a whole number (`key` is then the
 * field it is the value of, or null outside any object); null when there is none. Keys compare
 * after unescaping, so "a" and "\u0061" are the same key.
 */
export function bodyProblemOf(
  text: string,
): { key: string; reason: 'repeated' | 'prototype' } | { key: string | null; reason: 'not_whole' } | null {
  const stack: ({ keys: Set<string>; expectKey: boolean; lastKey: string | null } | null)[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const top = stack.at(-1);
    if (c === QUOTE) {
      let end = i + 1;
      let escaped = false;
      for (let d = text.charCodeAt(end); d !== QUOTE; d = text.charCodeAt(end)) {
        if (d === BACKSLASH) {
          escaped = true;
          end += 2;
        } else end++;
      }
      if (top?.expectKey) {
        // Only a key with escapes needs decoding to compare with the others.
        const key: unknown = escaped ? JSON.parse(text.slice(i, end + 1)) : text.slice(i + 1, end);
        if (typeof key === 'string') {
          if (key === '__proto__' || key === 'constructor') return { key, reason: 'prototype' };
          if (top.keys.has(key)) return { key, reason: 'repeated' };
          top.keys.add(key);
          top.lastKey = key;
        }
        top.expectKey = false;
      }
      i = end;
    } else if (c === MINUS || (c >= DIGIT_0 && c <= DIGIT_9)) {
      let end = i + 1;
      while (end < text.length && inNumber(text.charCodeAt(end))) end++;
      // Only a fraction or an exponent makes a token with these characters other than an integer.
      if (/[.eE]/.test(text.slice(i, end))) {
        const owner = stack.findLast((frame) => frame !== null) ?? null;
        return { key: owner?.lastKey ?? null, reason: 'not_whole' };
      }
      i = end - 1;
    } else if (c === OPEN_BRACE) stack.push({ keys: new Set(), expectKey: true, lastKey: null });
    else if (c === OPEN_BRACKET) stack.push(null);
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) stack.pop();
    else if (c === COMMA && top) top.expectKey = true;
  }
  return null;
}

/** Parses a JSON request body, throwing the ApiError the client gets. */
export function parseJsonBody(contentType: string | undefined, body: Buffer): unknown {
  const charset = charsetOf(contentType);
  if (charset !== null && charset !== 'utf-8' && charset !== 'utf8') {
    throw new ApiError(
      415,
      'unsupported_media_type',
      `Send JSON as UTF-8 (charset=utf-8), not charset=${charset}.`,
    );
  }
  let text: string;
  try {
    text = UTF8.decode(body);
  } catch {
    throw invalid('The body is not valid UTF-8 text.');
  }
  if (text.trim() === '') throw invalid('The body is empty; send a JSON object.');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid('The body is not valid JSON.');
  }
  const problem = bodyProblemOf(text);
  if (problem?.reason === 'repeated')
    throw invalid(`The body repeats the key "${problem.key}"; send each field once.`);
  if (problem?.reason === 'prototype')
    throw invalid(`The body uses the key "${problem.key}", which is not allowed.`);
  if (problem) {
    const field = problem.key === null ? 'body' : shownFieldName(problem.key);
    throw badRequest(
      field,
      `${field}: a number here must be an integer, written without a fraction or an exponent`,
    );
  }
  return value;
}

/** Replaces Fastify's JSON parser with `parseJsonBody`. */
export function useStrictJsonBodies(app: FastifyInstance, bodyLimit: number): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit },
    (request: FastifyRequest, body: Buffer, done: (error: Error | null, value?: unknown) => void) => {
      try {
        done(null, parseJsonBody(request.headers['content-type'], body));
      } catch (error) {
        done(error instanceof Error ? error : invalid('The body is not valid JSON.'));
      }
    },
  );
}
