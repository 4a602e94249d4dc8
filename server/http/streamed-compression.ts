/**
 * A streamed answer compressed as it is made, each chunk flushed through the compressor at once.
 * The global compression (compression.ts) gathers a block before it writes: gzip's first block of a
 * lifecycle export comes after about 280 KB of JSON, so a client would read nothing of an export for
 * its first 160 entries. Flushed, it reads each chunk as soon as it is made. Same encodings and
 * brotli quality as the global compression, which leaves an answer naming its Content-Encoding alone.
 */
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

/** The encoding `accept-encoding` prefers of brotli and gzip (brotli at equal weight), or null. */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (name === '') continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: string) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).reduce<Encoding | null>(
    (chosen, encoding) =>
      weightOf(encoding) > 0 && (chosen === null || weightOf(encoding) > weightOf(chosen))
        ? encoding
        : chosen,
    null,
  );
  return best;
}

/**
 * `source` compressed for this request (or as it is, if the client accepts neither encoding), with
 * its headers set. Destroying the answer (a client gone) destroys `source` too.
 */
export function compressedStream(request: FastifyRequest, reply: FastifyReply, source: Readable): Readable {
  const vary = reply.getHeader('vary');
  const varies = typeof vary === 'string' ? vary.split(',').map((s) => s.trim().toLowerCase()) : [];
  if (!varies.includes('accept-encoding') && !varies.includes('*')) {
    void reply.header(
      'vary',
      typeof vary === 'string' && vary !== '' ? `${vary}, accept-encoding` : 'accept-encoding',
    );
  }
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (encoding === null) return source;
  void reply.header('content-encoding', encoding);
  const compressor =
    encoding === 'br'
      ? zlib.createBrotliCompress({
          flush: zlib.constants.BROTLI_OPERATION_FLUSH,
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
        })
      : zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH });
  // Errors end the answer (Fastify sees the compressor destroyed); nothing more to do here.
  return pipeline(source, compressor, () => {});
}
