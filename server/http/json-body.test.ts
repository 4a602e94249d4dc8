import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
import { bodyProblemOf, parseJsonBody } from './json-body.js';

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
    expect(bodyProblemOf('{"a":1,"b":{"x":1,"x":2}}')).toEqual({ key: 'x', reason: 'repeated' });
    expect(bodyProblemOf('{"a":1,"\\u0061":2}')).toEqual({ key: 'a', reason: 'repeated' });
    expect(bodyProblemOf('[{"a":1},{"a":2}]')).toBeNull();
    expect(bodyProblemOf('{"a":"\\"a\\":","b":"a"}')).toBeNull();
    expect(bodyProblemOf('{"x":{"constructor":{"prototype":{}}}}')).toEqual({
      key: 'constructor',
      reason: 'prototype',
    });
    expect(errorOf(() => parse('{"event_type":"EXIT","event_type":"DEPLOYMENT"}')).message).toContain(
      'repeats the key "event_type"',
    );
  });

  it('refuses a number written with a fraction or an exponent, naming its field, since it would be rounded', () => {
    for (const amount of ['1234567890123456.9', '1.0', '1e3', '1E+3', '-0.0', '5.0e-1']) {
      const error = errorOf(() => parse(`{"event_type":"STAKING_REWARD","amount_zat":${amount},"epoch":7}`));
      expect(error).toMatchObject({ statusCode: 400, code: 'validation_failed' });
      expect(error.fields).toEqual([
        {
          field: 'amount_zat',
          message: 'amount_zat: a number here must be an integer, written without a fraction or an exponent',
        },
      ]);
    }
    expect(bodyProblemOf('{"a":{"b":[1,2.5]}}')).toEqual({ key: 'b', reason: 'not_whole' });
    expect(bodyProblemOf('[1e2]')).toEqual({ key: null, reason: 'not_whole' });
    // Whole numbers, and the same characters inside strings or literals, are fine.
    expect(bodyProblemOf('{"a":-12,"b":"1.5e3","c":true,"d":false,"e":[0,10]}')).toBeNull();
    expect(parse('{"month":12,"year":2026}')).toEqual({ month: 12, year: 2026 });
  });
});
