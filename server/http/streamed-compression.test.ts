/** A streamed answer compressed as it is made: the encoding chosen, and each chunk flushed at once. */
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, compressedStream } from './streamed-compression.js';

function fakeExchange(acceptEncoding: string | undefined, vary?: string) {
  const headers = new Map<string, string>(vary === undefined ? [] : [['vary', vary]]);
  const request = { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } };
  const reply = {
    header: (name: string, value: string) => {
      headers.set(name.toLowerCase(), value);
      return reply;
    },
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  return { request: request as FastifyRequest, reply: reply as unknown as FastifyReply, headers };
}

describe('acceptedEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0.5, gzip', 'gzip'],
    ['GZIP ; q=0.8', 'gzip'],
  ])('%s → %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});

describe('compressedStream', () => {
  it.each([
    ['gzip', (b: Buffer) => zlib.gunzipSync(b, { finishFlush: zlib.constants.Z_SYNC_FLUSH })],
    [
      'br',
      (b: Buffer) => zlib.brotliDecompressSync(b, { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH }),
    ],
  ] as const)('%s: a client can read each chunk before the next is made', async (encoding, decode) => {
    const { request, reply, headers } = fakeExchange(encoding, 'origin');
    const source = new PassThrough();
    const out = compressedStream(request, reply, source);
    expect(headers.get('content-encoding')).toBe(encoding);
    expect(headers.get('vary')).toBe('origin, accept-encoding');
    const parts: Buffer[] = [];
    out.on('data', (part: Buffer) => parts.push(part));
    const decoded = () => decode(Buffer.concat(parts)).toString('utf8');
    const readable = async (text: string) => {
      while (decoded() !== text) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    source.write('{"proofs":[');
    await readable('{"proofs":[');
    source.write('{"n":1}');
    await readable('{"proofs":[{"n":1}');
    source.end(']}');
    await new Promise((resolve) => out.on('end', resolve));
    expect(decoded()).toBe('{"proofs":[{"n":1}]}');
  });

  it('leaves the stream as it is for a client that accepts neither encoding', () => {
    const { request, reply, headers } = fakeExchange(undefined);
    const source = new PassThrough();
    expect(compressedStream(request, reply, source)).toBe(source);
    expect(headers.get('content-encoding')).toBeUndefined();
    expect(headers.get('vary')).toBe('accept-encoding');
  });

  it('destroys the source when the answer is destroyed (a client gone)', async () => {
    const { request, reply } = fakeExchange('gzip');
    const source = new PassThrough();
    const out = compressedStream(request, reply, source);
    out.destroy();
    await new Promise((resolve) => source.on('close', resolve));
    expect(source.destroyed).toBe(true);
  });
});
