/** How the built app and API answers are delivered: cache headers by kind of file, and compression. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, tempDir, type TestApp } from '../test-helpers.js';
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
});
