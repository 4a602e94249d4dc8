/**
 * Responses compressed for clients that accept it (brotli, else gzip): the app's scripts and
 * styles, and API answers over 1 KiB (proof bundles, histories, lifecycles). Brotli at a middle
 * quality: the best ratios cost far more CPU per request than they save in bytes here.
 */
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export const COMPRESS_THRESHOLD_BYTES = 1024;

export async function useCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
}
