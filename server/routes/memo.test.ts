import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMemo, toHex } from 'zap1';
import { makeTestApp, tableCounts, type TestApp } from '../test-helpers.js';
import { DecodedMemoSchema } from './memo.js';
import { readZap1Text } from 'zap1/testing';

const vectors: { description: string; raw?: string; hex?: string; expected_format: string }[] = JSON.parse(
  readZap1Text('memo_vectors.json'),
).vectors;

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const ascii = (s: string) => toHex(new TextEncoder().encode(s));
const post = (payload: string, contentType?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/memo/decode',
    payload,
    headers: contentType === undefined ? {} : { 'content-type': contentType },
  });

describe('POST /memo/decode', () => {
  it.each(vectors.map((v) => [v.description, v]))('decodes the vector: %s', async (_d, v) => {
    const hex = v.hex ?? ascii(v.raw!);
    const res = await post(hex, 'text/plain');
    expect(res.statusCode).toBe(200);
    const body = DecodedMemoSchema.parse(res.json());
    expect(body.format).toBe(v.expected_format);
    expect(body).toEqual(decodeMemo(Uint8Array.from(Buffer.from(hex, 'hex'))));
  });

  it('accepts hex text with no content type, text/plain with charset, and JSON {"memo"}', async () => {
    const hex = ascii('hello zcash');
    for (const res of [
      await post(`  ${hex}\n`),
      await post(hex, 'text/plain; charset=utf-8'),
      await post(JSON.stringify({ memo: hex }), 'application/json'),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ format: 'text', text: 'hello zcash' });
    }
    expect((await post('')).json()).toEqual({ format: 'empty' });
  });

  it('accepts exactly 2048 hex characters', async () => {
    expect((await post('00'.repeat(1024), 'text/plain')).statusCode).toBe(200);
  });

  const cases: [string, string, string | undefined, number, string][] = [
    ['odd length', 'abc', 'text/plain', 400, 'invalid_hex'],
    ['non-hex', 'zz', 'text/plain', 400, 'invalid_hex'],
    ['0x prefix', '0x00', 'text/plain', 400, 'invalid_hex'],
    ['2050 hex', '00'.repeat(1025), 'text/plain', 413, 'payload_too_large'],
    ['body over 64 KiB', '00'.repeat(40_000), 'text/plain', 413, 'payload_too_large'],
    ['form encoded', 'memo=00', 'application/x-www-form-urlencoded', 415, 'unsupported_media_type'],
    ['octet stream', '00', 'application/octet-stream', 415, 'unsupported_media_type'],
    ['malformed JSON', '{"memo": ', 'application/json', 400, 'invalid_json'],
    ['JSON without memo', '{}', 'application/json', 400, 'validation_failed'],
    ['JSON memo number', '{"memo": 5}', 'application/json', 400, 'validation_failed'],
    ['JSON extra field', '{"memo": "00", "x": 1}', 'application/json', 400, 'validation_failed'],
    ['JSON array', '["00"]', 'application/json', 400, 'validation_failed'],
    [
      'JSON memo too long',
      JSON.stringify({ memo: '00'.repeat(1025) }),
      'application/json',
      413,
      'payload_too_large',
    ],
    ['JSON memo bad hex', JSON.stringify({ memo: 'xyz' }), 'application/json', 400, 'invalid_hex'],
  ];
  it.each(cases)('%s → %i %s', async (_name, payload, type, status, code) => {
    const before = tableCounts(t.dir);
    const res = await post(payload, type);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(tableCounts(t.dir)).toEqual(before);
  });

  it('refuses a byte that is not ASCII around the hex, even one String.trim would drop (U+00A0)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/memo/decode',
      payload: Buffer.from([0x61, 0x62, 0xa0]),
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_hex');
    expect((await post(JSON.stringify({ memo: '\u00a0ab' }), 'application/json')).statusCode).toBe(400);
  });

  it('answers a body of one long run of spaces at once (trimming is one pass)', async () => {
    const started = performance.now();
    const res = await post(`a${' '.repeat(65_000)}x`, 'text/plain');
    expect(res.statusCode).toBe(413);
    // A quadratic trim took seconds here; one pass takes a few milliseconds, even on a loaded machine.
    expect(performance.now() - started).toBeLessThan(1000);
    expect((await post(`\t\f ${'ab'} \r\n`, 'text/plain')).statusCode).toBe(200);
  });

  it('names what is wrong with a JSON body: an unknown field, or the memo', async () => {
    const extra = (await post('{"memo": "ab", "x": 1}', 'application/json')).json().error;
    expect(extra.fields).toEqual([{ field: 'body', message: 'unknown field x: send memo only' }]);
    const missing = (await post('{}', 'application/json')).json().error;
    expect(missing.fields).toEqual([{ field: 'memo', message: 'memo must be a hex string' }]);
    const array = (await post('["00"]', 'application/json')).json().error;
    expect(array.fields).toEqual([
      { field: 'body', message: 'the body must be a JSON object {"memo": "<hex>"}' },
    ]);
  });
});
