/**
 * A stand-in for a deployment of the public ZAP1 reference service (no real one can be reached from
 * the tests), answering as docs/reference-api.md records it: the recorded ops-fixture bodies, events
 * that ignore `before` and `event_type` and carry no `Link`, plain-text errors, a CORS grant for its
 * own site only, no `network` or `extensions` in `/protocol/info`, and a bundle from before ZAP1 3.0
 * (no scheme, a legacy root anchored at height 3286631, the fixture history's first anchor).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readZap1Json } from 'zap1/testing';

/** A file of the ZAP1 reference's vectors, kept with their licence in the zap1 package's tests. */
const fixture = (name: string): unknown => readZap1Json(name);

/** The leaf of the conformance bundle: the 1st of the fixture history's first (legacy) anchor. */
export const LEGACY_LEAF = 'de62554ad3867a59895befa7216686c923fc86245231e8fb6bd709a20e1fd133';
/** The fixture history's first anchor: a legacy root (docs/protocol.md 3.2). */
export const LEGACY_ANCHOR = {
  root: '024e36515ea30efc15a0a7962dd8f677455938079430b9eab174f46a4328a07a',
  txid: '98e1d6a01614c464c237f982d9dc2138c5f8aa08342f67b867a18a4ce998af9a',
  height: 3286631,
};
export const REFERENCE_ORIGIN = 'https://zap1.reference.example';

/** The bundle as the service wrote it before 3.0: version 1.0.0, no root scheme, its witness disclosed. */
function v1Bundle(): unknown {
  const bundle = fixture('valid_bundle.json') as {
    root: Record<string, unknown>;
    anchor: Record<string, unknown>;
  };
  const { scheme: _scheme, ...root } = bundle.root;
  return {
    ...bundle,
    version: '1.0.0',
    root: { ...root, hash: LEGACY_ANCHOR.root },
    anchor: { txid: LEGACY_ANCHOR.txid, height: LEGACY_ANCHOR.height },
  };
}

const TYPES = ['OWNERSHIP_ATTEST', 'CONTRACT_ANCHOR', 'DEPLOYMENT', 'EXIT'] as const;

/** Twelve events, newest first, in the reference's exact item shape. */
function events(): Record<string, string>[] {
  return Array.from({ length: 12 }, (_, i) => {
    const n = 11 - i;
    const leaf = n === 0 ? LEGACY_LEAF : n.toString(16).padStart(64, '7');
    const type = n === 0 ? 'OWNERSHIP_ATTEST' : TYPES[n % TYPES.length]!;
    return {
      leaf_hash: leaf,
      event_type: type,
      description: `Claimed ${type.toLowerCase().replace('_', ' ')}`,
      created_at: `2026-03-27T0${Math.floor(n / 6)}:${String((n % 6) * 10).padStart(2, '0')}:00.000000000+00:00`,
      preimage_disclosure: 'withheld from the public event feed',
      event_type_authentication: 'unverified_server_metadata_without_disclosed_witness',
      verify_url: `/verify/${leaf}/check`,
      proof_url: `/verify/${leaf}/proof.json`,
      badge_url: `/badge/leaf/${leaf}`,
    };
  });
}

function answer(url: URL, body: string): { status: number; body: unknown; headers?: Record<string, string> } {
  const p = url.pathname;
  // The reference decodes hex text; a plain UTF-8 memo is `text` (docs/reference-api.md 4.10).
  if (p === '/memo/decode') {
    const text = Buffer.from(body.trim(), 'hex').toString('utf8').replace(/\0+$/, '');
    return { status: 200, body: { format: 'text', text } };
  }
  // Lifecycles are for the master key only there.
  if (p.startsWith('/lifecycle/')) return { status: 401, body: 'Invalid or missing API key' };
  if (p === '/protocol/info') return { status: 200, body: fixture('ops-fixture/protocol_info.json') };
  if (p === '/health') return { status: 200, body: fixture('ops-fixture/health.json') };
  if (p === '/stats') return { status: 200, body: fixture('ops-fixture/stats.json') };
  if (p === '/anchor/status') return { status: 200, body: fixture('ops-fixture/anchor_status.json') };
  if (p === '/anchor/history') return { status: 200, body: fixture('ops-fixture/anchor_history.json') };
  if (p === '/events') {
    // The reference reads only `limit` (default 50, at most 200): no type filter, no paging.
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 50) || 50, 200);
    const list = events().slice(0, limit);
    return { status: 200, body: { protocol: 'ZAP1', total_returned: list.length, events: list } };
  }
  if (p === `/verify/${LEGACY_LEAF}/proof.json`) return { status: 200, body: v1Bundle() };
  if (p === '/trial-key')
    return { status: 429, body: 'Trial key limit reached', headers: { 'retry-after': '3600' } };
  if (p.startsWith('/verify/')) return { status: 404, body: 'Leaf not found' };
  return { status: 404, body: 'Not Found' };
}

export async function startReferenceUpstream(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => reply(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  const reply = (req: http.IncomingMessage, res: http.ServerResponse, requestBody: string): void => {
    const { status, body, headers } = answer(new URL(req.url ?? '/', 'http://upstream'), requestBody);
    const text = typeof body === 'string';
    res.writeHead(status, {
      'content-type': text ? 'text/plain; charset=utf-8' : 'application/json',
      'access-control-allow-origin': REFERENCE_ORIGIN,
      ...headers,
    });
    res.end(text ? body : JSON.stringify(body));
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
