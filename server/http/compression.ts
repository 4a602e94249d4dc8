/**
 * Responses compressed for clients that accept it (brotli, else gzip): the app's scripts and
 * styles, and API answers over 1 KiB (proof bundles, histories, lifecycles). Brotli at a middle
 * quality: the best ratios cost far more CPU per request than they save in bytes here. Request
 * bodies may be sent compressed too (REQUEST_ENCODINGS).
 */
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export const COMPRESS_THRESHOLD_BYTES = 1024;

/** The codings a request body may be sent in (`Content-Encoding`). */
export const REQUEST_ENCODINGS = ['gzip', 'deflate', 'br', 'identity'] as const;

export async function useCompression(app: FastifyInstance): Promise<void> {
  // Content-coding names are case-insensitive (RFC 9110 8.4.1); the plugin compares them as written.
  app.addHook('onRequest', (request, _reply, done) => {
    const encoding = request.headers['content-encoding'];
    if (typeof encoding === 'string') request.headers['content-encoding'] = encoding.trim().toLowerCase();
    done();
  });
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    // Request bodies may come compressed; the 64 KiB limit applies to them decompressed.
    requestEncodings: [...REQUEST_ENCODINGS],
    threshold: COMPRESS_THRESHOLD_BYTES,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
}
