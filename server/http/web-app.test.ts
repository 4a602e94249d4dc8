/** How the built app and API answers are delivered: cache headers by kind of file, and compression. */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractEvent, makeTestApp, operator, tempDir, type TestApp } from '../test-helpers.js';
import { IMMUTABLE, REVALIDATE } from './web-app.js';

let t: TestApp;
let staticDir: string;
const script = `export const app = ${JSON.stringify('x'.repeat(5000))};`;

beforeAll(async () => {
  staticDir = tempDir();
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(
    path.join(staticDir, 'index.html'),
    '<!doctype html><html><head></head><body></body></html>',
  );
  fs.writeFileSync(path.join(staticDir, 'assets', 'index-3f9a1c2b.js'), script);
  fs.writeFileSync(path.join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(staticDir, 'manifest.webmanifest'), '{"name":"ZAP1 Anchor"}');
  t = await makeTestApp({}, { staticDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

describe('the built app', () => {
  it('caches hashed assets for a year as immutable, and revalidates the page and other files', async () => {
    const asset = await t.app.inject({ url: '/app/assets/index-3f9a1c2b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe(IMMUTABLE);
    for (const url of ['/app/', '/app/verify', '/app/favicon.svg']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
    }
  });

  it('serves the service worker and the manifest by their types, revalidated so a new deployment is seen', async () => {
    const worker = await t.app.inject({ url: '/app/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^application\/javascript/);
    expect(worker.headers['cache-control']).toBe(REVALIDATE);
    const manifest = await t.app.inject({ url: '/app/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe(REVALIDATE);
    // The worker's scope is the app's: nothing outside /app/ is the app's (the API stays the API's).
    const missing = await t.app.inject({ url: '/sw.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('answers a byte range of an asset, and 416 with the length and a JSON body for a range past its end', async () => {
    const part = await t.app.inject({
      url: '/app/assets/index-3f9a1c2b.js',
      headers: { range: 'bytes=0-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe(script.slice(0, 10));
    const past = await t.app.inject({
      url: '/app/assets/index-3f9a1c2b.js',
      headers: { range: `bytes=${script.length + 100}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${script.length}`);
    expect(past.json()).toMatchObject({ error: { code: 'range_not_satisfiable' } });
  });

  it('answers 412 precondition_failed to an If-Match the file does not meet', async () => {
    const res = await t.app.inject({
      url: '/app/assets/index-3f9a1c2b.js',
      headers: { 'if-match': '"other"' },
    });
    expect(res.statusCode).toBe(412);
    expect(res.json()).toMatchObject({ error: { code: 'precondition_failed' } });
  });

  it('compresses with brotli or gzip as the client accepts, and sends it plain otherwise', async () => {
    const br = await t.app.inject({
      url: '/app/assets/index-3f9a1c2b.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    const gzip = await t.app.inject({
      url: '/app/assets/index-3f9a1c2b.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({ url: '/app/assets/index-3f9a1c2b.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses large API answers, not small ones', async () => {
    const doc = await t.app.inject({ url: '/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(doc.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(doc.rawPayload).toString())).toMatchObject({
      openapi: '3.0.3',
    });
    const health = await t.app.inject({ url: '/health', headers: { 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it("answers HEAD of a compressed API answer with its GET's coding, Vary and length, and no body", async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const ask = (method: string, headers: Record<string, string>) =>
      new Promise<{ headers: http.IncomingHttpHeaders; bytes: number }>((resolve, reject) => {
        const request = http.request(
          { port, path: '/openapi.json', method, headers, agent: false },
          (res) => {
            let bytes = 0;
            res.on('data', (chunk: Buffer) => (bytes += chunk.length));
            res.on('end', () => resolve({ headers: res.headers, bytes }));
          },
        );
        request.on('error', reject).end();
      });
    for (const accept of ['br', 'gzip', undefined]) {
      const headers: Record<string, string> = accept ? { 'accept-encoding': accept } : {};
      const get = await ask('GET', headers);
      const head = await ask('HEAD', headers);
      expect(head.headers['content-encoding']).toBe(accept);
      for (const name of ['content-encoding', 'vary', 'content-length', 'content-type'])
        expect(head.headers[name], name).toBe(get.headers[name]);
      expect(get.bytes).toBeGreaterThan(0);
      expect(head.bytes).toBe(0);
    }
  });
});

describe('compressed request bodies', () => {
  const post = (body: Buffer, encoding: string) =>
    t.app.inject({
      method: 'POST',
      url: '/event',
      headers: { ...operator, 'content-encoding': encoding },
      payload: body,
    });

  it('takes a body sent with gzip, deflate or br, whatever the case of the coding name', async () => {
    const bodies: Array<[string, (b: Buffer) => Buffer]> = [
      ['gzip', zlib.gzipSync],
      ['DEFLATE', zlib.deflateSync],
      ['Br', zlib.brotliCompressSync],
      [' GZIP ', zlib.gzipSync],
    ];
    for (const [i, [encoding, compress]] of bodies.entries()) {
      const res = await post(compress(Buffer.from(JSON.stringify(contractEvent(9000 + i)))), encoding);
      expect(res.statusCode, encoding).toBe(201);
    }
  });

  it('refuses an unknown coding with 415 and a body that does not decompress with 400, naming the coding', async () => {
    const unknown = await post(Buffer.from('{}'), 'compress');
    expect(unknown.statusCode).toBe(415);
    expect(unknown.json().error.message).toMatch(/Content-Encoding.*gzip, deflate, br/);
    const broken = await post(Buffer.from('not gzip at all'), 'gzip');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toMatchObject({
      code: 'invalid_json',
      message: expect.stringMatching(/decompress/),
    });
  });

  it('applies the 64 KiB limit to the body decompressed (a small gzip of megabytes is refused)', async () => {
    const bomb = zlib.gzipSync(Buffer.from(`{"a":"${'0'.repeat(5_000_000)}"}`));
    expect(bomb.length).toBeLessThan(10_000);
    const res = await post(bomb, 'gzip');
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
  });
});
