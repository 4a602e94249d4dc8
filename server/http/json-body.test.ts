import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
import { badKeyOf, parseJsonBody } from './json-body.js';

const parse = (body: string | Buffer, contentType = 'application/json') =>
  parseJsonBody(contentType, Buffer.isBuffer(body) ? body : Buffer.from(body));

function errorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
  }
  throw new Error('expected an ApiError');
}

describe('JSON request bodies', () => {
  it('accepts UTF-8 with or without a charset parameter, keeping non-ASCII text as written', () => {
    expect(parse('{"serial_number":"Zürich-1"}', 'application/json; charset=UTF-8')).toEqual({
      serial_number: 'Zürich-1',
    });
    expect(parse('{"a":{"b":1},"c":[{"b":2},{"b":3}]}')).toEqual({ a: { b: 1 }, c: [{ b: 2 }, { b: 3 }] });
  });

  it('refuses bytes that are not UTF-8 instead of turning them into U+FFFD', () => {
    const body = Buffer.concat([
      Buffer.from('{"serial_number":"S'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}'),
    ]);
    expect(errorOf(() => parse(body))).toMatchObject({ statusCode: 400, code: 'invalid_json' });
  });

  it('refuses another charset with 415', () => {
    expect(errorOf(() => parse('{}', 'application/json; charset=windows-1252'))).toMatchObject({
      statusCode: 415,
      code: 'unsupported_media_type',
    });
  });

  it('finds a repeated key at any depth, also when written with escapes, but not across objects', () => {
    expect(badKeyOf('{"a":1,"b":{"x":1,"x":2}}')).toEqual({ key: 'x', reason: 'repeated' });
    expect(badKeyOf('{"a":1,"\\u0061":2}')).toEqual({ key: 'a', reason: 'repeated' });
    expect(badKeyOf('[{"a":1},{"a":2}]')).toBeNull();
    expect(badKeyOf('{"a":"\\"a\\":","b":"a"}')).toBeNull();
    expect(badKeyOf('{"x":{"constructor":{"prototype":{}}}}')).toEqual({
      key: 'constructor',
      reason: 'prototype',
    });
    expect(errorOf(() => parse('{"event_type":"EXIT","event_type":"DEPLOYMENT"}')).message).toContain(
      'repeats the key "event_type"',
    );
  });
});
