/** Happy paths and bad input of the read endpoints: /protocol/info, /stats, /health, /events, /anchor/*, /lifecycle. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES, MerkleTree, verifyConsistency, verifyExport } from 'zap1';
import {
  contractEvent,
  makeTestApp,
  operator,
  tableCounts,
  validEvent,
  type TestApp,
} from '../test-helpers.js';
import { ConsistencyResponseSchema, HistoryResponseSchema, StatusResponseSchema } from './anchor.js';
import { EventsResponseSchema } from './events.js';
import { HealthSchema, ProtocolInfoSchema, StatsSchema } from './info.js';
import { ExportPackageSchema, LifecycleResponseSchema } from './lifecycle.js';

let t: TestApp;
let empty: TestApp;
const tree = new MerkleTree();

beforeAll(async () => {
  empty = await makeTestApp({
    EXPLORER_TX_URL: 'https://explorer.example/tx/{txid}',
    ANCHOR_VIEWING_KEY: 'uview1test',
  });
  t = await makeTestApp();
  for (let i = 0; i < 20; i++) {
    const body = i === 3 ? validEvent('EXIT', 3) : contractEvent(i, i % 2 === 0 ? 'even_wallet' : `odd_${i}`);
    const res = await t.app.inject({ method: 'POST', url: '/event', headers: operator, payload: body });
    tree.append(res.json().leaf_hash);
  }
  // Anchors at sizes 5 and 12.
  for (const [size, height] of [
    [5, 4_000_005],
    [12, 4_000_012],
  ] as const) {
    const a = await t.store.anchors.recordAnchorIntent({ rootHex: tree.root(size), leafCount: size });
    await t.store.anchors.setAnchorTxid(a.id, String(size).padStart(64, '0'));
    await t.store.anchors.markAnchored(a.id, { height, blockTime: 1_790_000_000 + size });
  }
});
afterAll(async () => {
  await t.close();
  await empty.close();
});

const get = (app: TestApp, url: string) => app.app.inject({ url });

describe('GET /protocol/info', () => {
  it('has the reference shape plus network, explorers, viewing key, and the extensions it serves', async () => {
    const body = ProtocolInfoSchema.parse((await get(empty, '/protocol/info')).json());
    expect(body.defined_types).toBe(18);
    expect(body.write_api_event_types).toHaveLength(15);
    expect(body.network).toBe('devnet');
    expect(body.explorer_tx_url).toBe('https://explorer.example/tx/{txid}');
    expect(body.explorer_block_url).toBeNull();
    // Without the anchoring side nothing checked ANCHOR_VIEWING_KEY, so it is not published
    // (server/anchor/evidence.test.ts: the key checked on the dev chain).
    expect(body.viewing_key).toBeNull();
    expect(body).not.toHaveProperty('anchor_viewing_key');
    // Automatic anchoring and no viewing key published: every extension but manual-anchor and
    // anchor-evidence, each served by a path the OpenAPI description documents.
    const servedBy = {
      consistency: '/anchor/consistency',
      'events-paging': '/events',
      'events-filter': '/events',
      'lifecycle-paging': '/lifecycle/{wallet}',
      'lifecycle-export': '/lifecycle/{wallet}/export',
      'anchor-now': '/anchor/now',
      'anchor-attempts': '/anchor/attempts',
      'anchor-spend': '/anchor/spend',
      lookup: '/lookup',
    };
    expect(body.extensions).toEqual(Object.keys(servedBy));
    const documented = Object.keys((await get(empty, '/openapi.json')).json().paths);
    expect(documented).toEqual(expect.arrayContaining(Object.values(servedBy)));
    const plain = (await get(t, '/protocol/info')).json();
    expect(plain).not.toHaveProperty('anchor_viewing_key');
    expect(plain.explorer_tx_url).toBeNull();
  });
});

describe('GET /stats', () => {
  it('counts leaves per type and only anchored roots', async () => {
    const body = StatsSchema.parse((await get(t, '/stats')).json());
    expect(body).toMatchObject({
      total_leaves: 20,
      total_anchors: 2,
      first_anchor_block: 4_000_005,
      last_anchor_block: 4_000_012,
      network: 'devnet',
    });
    expect(body.type_counts['CONTRACT_ANCHOR']).toBe(19);
    expect(body.type_counts['EXIT']).toBe(1);
    expect(Object.keys(body.type_counts).sort()).toEqual([...EVENT_TYPES].sort());
    expect(body.classified_leaves + body.unclassified_leaves).toBe(20);
    const none = StatsSchema.parse((await get(empty, '/stats')).json());
    expect(none).toMatchObject({ total_leaves: 0, total_anchors: 0, first_anchor_block: null });
  });
});

describe('GET /health', () => {
  it('is 200 with the store working and the chain reported unreachable without an anchoring loop', async () => {
    const res = await get(t, '/health');
    expect(res.statusCode).toBe(200);
    expect(HealthSchema.parse(res.json())).toMatchObject({
      store_ok: true,
      chain_ok: false,
      rpc_reachable: false,
      network: 'devnet',
    });
  });

  it('reports what the chain hooks say', async () => {
    const withChain = await makeTestApp(
      {},
      {
        chain: {
          network: () => 'testnet',
          health: () => ({
            rpcReachable: true,
            chainTip: 120,
            lastScannedHeight: 118,
            loopRunning: true,
            walletBalanceZat: 5000,
            lastError: null,
          }),
        },
      },
    );
    try {
      const body = HealthSchema.parse((await get(withChain, '/health')).json());
      expect(body).toMatchObject({
        chain_tip: 120,
        sync_lag: 2,
        scanner_operational: true,
        chain_ok: true,
        network: 'testnet',
        wallet_balance_zat: 5000,
      });
    } finally {
      await withChain.close();
    }
  });

  it('answers 503 JSON when the store fails', async () => {
    const broken = await makeTestApp();
    broken.store.ping = () => {
      throw new Error('disk gone');
    };
    try {
      const res = await get(broken, '/health');
      expect(res.statusCode).toBe(503);
      expect(res.body).not.toContain('disk gone');
    } finally {
      await broken.close();
    }
  });
});

describe('GET /anchor/status and /anchor/history', () => {
  it('status: current root, unanchored leaves beyond the last anchored size, latest anchor', async () => {
    const body = StatusResponseSchema.parse((await get(t, '/anchor/status')).json());
    expect(body).toMatchObject({
      current_root: tree.root(),
      leaf_count: 20,
      unanchored_leaves: 8,
      last_anchor_txid: null,
      needs_anchor: true,
      anchor_due: true,
      in_flight: null,
      latest_anchor: {
        leaf_count: 12,
        height: 4_000_012,
        txid: '12'.padStart(64, '0'),
        block_time: 1_790_000_012,
      },
    });
    const none = StatusResponseSchema.parse((await get(empty, '/anchor/status')).json());
    expect(none).toMatchObject({
      current_root: 'none',
      leaf_count: 0,
      unanchored_leaves: 0,
      needs_anchor: false,
      recommendation: 'up to date',
    });
  });

  it('status shows the anchor in flight', async () => {
    const a = await t.store.anchors.recordAnchorIntent({ rootHex: tree.root(), leafCount: 20 });
    try {
      await t.store.anchors.setAnchorTxid(a.id, 'e'.repeat(64));
      const body = StatusResponseSchema.parse((await get(t, '/anchor/status')).json());
      expect(body.in_flight).toMatchObject({ state: 'broadcast', leaf_count: 20, txid: 'e'.repeat(64) });
      // A broadcast txid appears only in /anchor/status.
      expect((await get(t, '/anchor/history')).body).not.toContain('e'.repeat(64));
    } finally {
      await t.store.anchors.markAnchorFailed(a.id, 'test over');
    }
  });

  it('history: anchored roots oldest first, pageable with limit and before', async () => {
    const all = HistoryResponseSchema.parse((await get(t, '/anchor/history')).json());
    expect(all.anchors.map((a) => a.leaf_count)).toEqual([5, 12]);
    expect(all.total).toBe(2);
    expect(all.anchors[0]).toMatchObject({
      root: tree.root(5),
      scheme: 'ZAP1_COUNT_BOUND_V2',
      created_at: (await t.store.leaves.leafAt(5))!.createdAt,
    });
    const page = await get(t, '/anchor/history?limit=1');
    expect(HistoryResponseSchema.parse(page.json()).anchors.map((a) => a.leaf_count)).toEqual([12]);
    expect(page.headers['link']).toBe('</anchor/history?limit=1&before=4000012>; rel="next"');
    const older = HistoryResponseSchema.parse(
      (await get(t, '/anchor/history?limit=1&before=4000012')).json(),
    );
    expect(older.anchors.map((a) => a.leaf_count)).toEqual([5]);
    expect(HistoryResponseSchema.parse((await get(empty, '/anchor/history')).json())).toMatchObject({
      total: 0,
      last_anchor_age_hours: -1,
    });
  });
});

describe('GET /anchor/consistency', () => {
  it('proves the anchored roots are prefixes of the current tree', async () => {
    const body = ConsistencyResponseSchema.parse((await get(t, '/anchor/consistency?from=5&to=12')).json());
    expect(body.from).toEqual({ leaf_count: 5, root: tree.root(5) });
    const check = verifyConsistency({
      fromSize: 5,
      toSize: 12,
      fromRootHex: body.from.root,
      toRootHex: body.to.root,
      proof: body.proof,
    });
    expect(check.valid).toBe(true);
    const same = ConsistencyResponseSchema.parse((await get(t, '/anchor/consistency?from=20&to=20')).json());
    expect(same.proof).toEqual([]);
  });
});

describe('GET /events', () => {
  it('pages newest first with a Link header exposed through CORS', async () => {
    const first = await get(t, '/events?limit=7');
    const body = EventsResponseSchema.parse(first.json());
    expect(body.total_returned).toBe(7);
    expect(body.events[0]!.leaf_hash).toBe(tree.leafHex(19));
    const next = first.headers['link'];
    // `before` is the oldest shown leaf's 0-based position (13): the next page starts below it.
    expect(next).toBe('</events?limit=7&before=13>; rel="next"');
    const second = EventsResponseSchema.parse((await get(t, '/events?limit=7&before=13')).json());
    expect(second.events[0]!.leaf_hash).toBe(tree.leafHex(12));
    const exits = EventsResponseSchema.parse((await get(t, '/events?event_type=EXIT')).json());
    expect(exits.events.map((e) => e.event_type)).toEqual(['EXIT']);
    expect(EventsResponseSchema.parse((await get(t, '/events?limit=500')).json()).total_returned).toBe(20);
    expect(EventsResponseSchema.parse((await get(t, '/events?limit=0')).json()).total_returned).toBe(0);
    expect((await get(t, '/events')).body).not.toMatch(/wallet_hash|serial_number|even_wallet/);
  });

  it('takes `before` as a 0-based position, as `include=position` shows them: a root of 12 leaves lists from 11', async () => {
    const below = async (before: number) =>
      EventsResponseSchema.parse((await get(t, `/events?include=position&before=${before}`)).json()).events;
    expect((await below(12)).map((e) => e.position)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect((await below(12))[0]!.leaf_hash).toBe(tree.leafHex(11));
    expect((await below(1)).map((e) => e.position)).toEqual([0]);
    expect(await below(0)).toEqual([]);
    expect((await below(20)).length).toBe(20);
  });
});

describe('GET /lifecycle/{wallet}', () => {
  it('lists the wallet events with their covering anchor', async () => {
    const body = LifecycleResponseSchema.parse((await get(t, '/lifecycle/even_wallet')).json());
    expect(body.event_count).toBe(10);
    expect(body.events[0]).toMatchObject({
      anchored: true,
      anchor_height: 4_000_005,
      block_time: 1_790_000_005,
    });
    expect(body.events.at(-1)).toMatchObject({ anchored: false, anchor_txid: null });
  });

  it('exports a package that verifies with verifyExport', async () => {
    const pkg = ExportPackageSchema.parse((await get(t, '/lifecycle/even_wallet/export')).json());
    expect(pkg.proofs).toHaveLength(10);
    expect(verifyExport(pkg)).toMatchObject({ valid: true });
  });

  it('can require the operator key', async () => {
    const locked = await makeTestApp({ LIFECYCLE_REQUIRES_KEY: 'true' });
    try {
      await locked.app.inject({
        method: 'POST',
        url: '/event',
        headers: operator,
        payload: contractEvent(1, 'w'),
      });
      expect((await get(locked, '/lifecycle/w')).statusCode).toBe(401);
      const trial = (await locked.app.inject({ method: 'POST', url: '/trial-key' })).json().key;
      const asTrial = await locked.app.inject({
        url: '/lifecycle/w',
        headers: { authorization: `Bearer ${trial}` },
      });
      expect(asTrial.statusCode).toBe(403);
      expect(asTrial.json().error.code).toBe('forbidden');
      expect((await locked.app.inject({ url: '/lifecycle/w', headers: operator })).statusCode).toBe(200);
    } finally {
      await locked.close();
    }
  });
});

describe('read endpoints: unknown query keys are ignored', () => {
  // Cache busters (`?_=1`) and tracking parameters must not break a read.
  it.each([
    ['/events?limit=3', '/events?limit=3&_=1700000000&color=red'],
    ['/events', '/events?_=1'],
    ['/anchor/history?limit=1', '/anchor/history?_=1&limit=1'],
    ['/anchor/consistency?from=5&to=12', '/anchor/consistency?from=5&to=12&_=1'],
  ])('%s answers the same with %s', async (plain, busted) => {
    const a = await get(t, plain);
    const b = await get(t, busted);
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    // The next-page link carries only the known keys.
    expect(b.headers['link']).toEqual(a.headers['link']);
  });
});

describe('read endpoints: bad query values are 400, never 5xx, never a write', () => {
  const cases: [string, number, string][] = [
    ['/events?limit=abc', 400, 'validation_failed'],
    ['/events?limit=-1', 400, 'validation_failed'],
    ['/events?limit=1.5', 400, 'validation_failed'],
    ['/events?limit=', 400, 'validation_failed'],
    ['/events?limit=1&limit=2', 400, 'validation_failed'],
    ['/events?limit=99999999999999999999', 400, 'validation_failed'],
    ['/events?before=x', 400, 'validation_failed'],
    ['/events?event_type=contract_anchor', 400, 'validation_failed'],
    ['/events?event_type=FOO', 400, 'validation_failed'],
    ['/events?limit=abc&_=1', 400, 'validation_failed'],
    ['/anchor/history?limit=abc', 400, 'validation_failed'],
    ['/anchor/history?before=-5', 400, 'validation_failed'],
    ['/anchor/history?limit=x&_=1', 400, 'validation_failed'],
    ['/anchor/consistency', 400, 'validation_failed'],
    ['/anchor/consistency?from=0&to=5', 400, 'validation_failed'],
    ['/anchor/consistency?from=6&to=5', 400, 'validation_failed'],
    ['/anchor/consistency?from=1&to=21', 400, 'validation_failed'],
    ['/anchor/consistency?from=a&to=b', 400, 'validation_failed'],
    ['/anchor/consistency?from=0&to=5&_=1', 400, 'validation_failed'],
    ['/lifecycle/unknown_wallet', 404, 'not_found'],
    ['/lifecycle/bad%20wallet', 400, 'validation_failed'],
    ['/lifecycle/' + 'x'.repeat(129), 400, 'validation_failed'],
    ['/lifecycle/w%C3%A4', 400, 'validation_failed'],
    ['/nope', 404, 'not_found'],
    ['/verify/', 404, 'not_found'],
    ['/events/', 404, 'not_found'],
  ];
  it.each(cases)('%s → %i', async (url, status, code) => {
    const before = tableCounts(t.dir);
    const res = await get(t, url);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(tableCounts(t.dir)).toEqual(before);
  });

  it('says why a number with too many digits is refused (it is whole, but longer than allowed)', async () => {
    const res = await get(t, '/events?limit=1000000000000000');
    expect(res.json().error.message).toMatch(/limit must be a whole number of at most 15 digits/);
  });
});
