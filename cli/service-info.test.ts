import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explorerBlockUrl } from './service-info.js';

/** A service whose /protocol/info answers `info` (a status and a body). */
let info: { status: number; body: string } = { status: 200, body: '{}' };
const server = http.createServer((req, res) => {
  if (req.url !== '/protocol/info') {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(info.status, { 'content-type': 'application/json' }).end(info.body);
});
let base: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const answering = async (status: number, body: unknown): Promise<string | null> => {
  info = { status, body: typeof body === 'string' ? body : JSON.stringify(body) };
  return explorerBlockUrl(base);
};

describe('explorerBlockUrl', () => {
  it("is the service's http(s) template with {height} or {hash}", async () => {
    const template = 'https://explorer.example/block/{height}';
    expect(await answering(200, { protocol: 'ZAP1', explorer_block_url: template })).toBe(template);
    const byHash = 'http://explorer.example/b/{hash}';
    expect(await answering(200, { explorer_block_url: byHash })).toBe(byHash);
  });

  it('is null for a service that names none, names something else, or cannot answer', async () => {
    expect(
      await answering(200, { protocol: 'ZAP1', explorer_tx_url: 'https://x.example/{txid}' }),
    ).toBeNull();
    expect(await answering(200, { explorer_block_url: null })).toBeNull();
    expect(await answering(200, { explorer_block_url: 'javascript:alert(1)//{height}' })).toBeNull();
    expect(await answering(200, { explorer_block_url: 'https://explorer.example/block/' })).toBeNull();
    expect(
      await answering(200, { explorer_block_url: `https://x.example/{height}${'a'.repeat(2_000)}` }),
    ).toBeNull();
    expect(await answering(200, 'not json')).toBeNull();
    expect(
      await answering(500, { explorer_block_url: 'https://explorer.example/block/{height}' }),
    ).toBeNull();
    expect(await explorerBlockUrl('http://127.0.0.1:9')).toBeNull();
  });
});
