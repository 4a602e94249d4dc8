/**
 * The JSON body parser of the service: RFC 8259 text only. A body in another charset is 415; bytes
 * that are not UTF-8 are 400 (never stored as U+FFFD); an object that repeats a key is 400 (which
 * value was meant is not ours to guess); `__proto__` and `constructor` keys are 400.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';

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

const invalid = (message: string): ApiError => new ApiError(400, 'invalid_json', message);

/**
 * The first key that an object in `text` (valid JSON) repeats, or that could pollute prototypes;
 * null when there is none. Keys compare after unescaping, so "a" and "\u0061" are the same key.
 */
export function badKeyOf(text: string): { key: string; reason: 'repeated' | 'prototype' } | null {
  const stack: ({ keys: Set<string>; expectKey: boolean } | null)[] = [];
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
        }
        top.expectKey = false;
      }
      i = end;
    } else if (c === OPEN_BRACE) stack.push({ keys: new Set(), expectKey: true });
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
  const bad = badKeyOf(text);
  if (bad?.reason === 'repeated')
    throw invalid(`The body repeats the key "${bad.key}"; send each field once.`);
  if (bad) throw invalid(`The body uses the key "${bad.key}", which is not allowed.`);
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
