import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseInput } from './context.js';
import { ApiError } from './errors.js';

const Strict = z.object({ url: z.string(), nested: z.object({ a: z.int() }).strict().optional() }).strict();

function refusal(value: unknown): ApiError {
  try {
    parseInput(Strict, value, 'body');
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('parsed');
}

describe('parseInput', () => {
  it('names each unknown key as an unknown field, where it is, cut short, at most 20 of them and the rest counted', () => {
    const long = 'k'.repeat(500);
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`extra${i}`, i]));
    const error = refusal({ url: 'x', [long]: 1, nested: { a: 1, b: 2 }, ...many });
    expect(error.statusCode).toBe(400);
    expect(error.code).toBe('validation_failed');
    const fields = error.fields ?? [];
    expect(fields).toContainEqual({ field: 'nested.b', message: 'unknown field b' });
    const shown = `${'k'.repeat(64)}…`;
    expect(fields).toContainEqual({ field: shown, message: `unknown field ${shown}` });
    expect(fields.filter((f) => f.message.startsWith('unknown field'))).toHaveLength(21);
    // 32 unknown keys here: 20 named, 11 counted; the nested one is named in its own object.
    expect(fields).toContainEqual({ field: 'body', message: 'and 11 more unknown fields' });
    expect(error.message).toMatch(/; body: and 11 more unknown fields/);
    expect(JSON.stringify(fields)).not.toContain('k'.repeat(65));
  });

  it('names a wrong value by its path, and a wrong whole value by where it came from', () => {
    expect(refusal({ url: 3 }).fields).toEqual([{ field: 'url', message: expect.any(String) }]);
    expect(refusal('text').fields).toEqual([{ field: 'body', message: expect.any(String) }]);
  });
});
