/**
 * Webhooks: the operator's routes, and deliveries to a real HTTP receiver: signed, in order, retried
 * with backoff and the same delivery id, and still delivered after the service was killed (-9)
 * between anchoring and delivery.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MerkleTree } from 'zap1';
import {
  ADMIN_KEY,
  contractEvent,
  makeTestApp,
  operator,
  startServiceProcess,
  tableCounts,
  tempDir,
  type TestApp,
} from '../test-helpers.js';
import {
  DELIVERY_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  WebhookDispatcher,
  deliveryId,
} from './dispatcher.js';
import { deliveryIsSigned } from './signature.js';

interface Received {
  id: string;
  event: string;
  body: Record<string, unknown>;
  signed: boolean;
  status: number;
}

/** A receiver that answers `answer(event)` (200 by default) and records every delivery it got. */
class Receiver {
  readonly got: Received[] = [];
  secret = '';
  answer: (event: string) => number = () => 200;
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const event = String(req.headers[EVENT_HEADER]);
      const status = this.answer(event);
      this.got.push({
        id: String(req.headers[DELIVERY_HEADER]),
        event,
        body: JSON.parse(raw) as Record<string, unknown>,
        signed: deliveryIsSigned(this.secret, raw, String(req.headers[SIGNATURE_HEADER])),
        status,
      });
      res.writeHead(status).end();
    });
  });
  url = '';
  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }
  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
  accepted(event: string): Received[] {
    return this.got.filter((g) => g.event === event && g.status === 200);
  }
}

const receiver = new Receiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.stop());

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
  receiver.got.length = 0;
  receiver.answer = () => 200;
});
afterEach(() => t.close());

/** The operator key alone (a DELETE has no body, so no content type). */
const bearer = { authorization: operator.authorization };

async function register(url = receiver.url): Promise<{ id: string; secret: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/webhooks/register',
    headers: operator,
    payload: { url },
  });
  expect(res.statusCode).toBe(201);
  const body = res.json<{ id: string; secret: string; url: string }>();
  expect(body.url).toBe(url);
  expect(body.secret).toMatch(/^[0-9a-f]{32}$/);
  receiver.secret = body.secret;
  return body;
}

async function write(n: number): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/event',
    headers: operator,
    payload: contractEvent(n),
  });
  return res.json<{ leaf_hash: string }>().leaf_hash;
}

describe('webhook routes', () => {
  it('register, list and delete, for the operator key only', async () => {
    const trial = await t.app.inject({ method: 'POST', url: '/trial-key' });
    const trialAuth = {
      authorization: `Bearer ${trial.json<{ key: string }>().key}`,
      'content-type': 'application/json',
    };
    expect((await t.app.inject({ url: '/webhooks' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/webhooks', headers: trialAuth })).statusCode).toBe(403);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/webhooks/register',
      headers: trialAuth,
      payload: { url: receiver.url },
    });
    expect(refused.statusCode).toBe(403);

    const { id } = await register();
    const list = await t.app.inject({ url: '/webhooks', headers: operator });
    expect(list.json()).toEqual({ webhooks: [{ id, url: receiver.url }], count: 1 });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/webhooks/${id}`, headers: bearer })).statusCode,
    ).toBe(204);
    const again = await t.app.inject({ method: 'DELETE', url: `/webhooks/${id}`, headers: bearer });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: { code: 'not_found' } });

    // Kept as a delivery reads it: the host is 127.0.0.1 here, whatever the typed text suggests.
    const typed = await t.app.inject({
      method: 'POST',
      url: '/webhooks/register',
      headers: operator,
      payload: { url: 'HTTP://127.0.0.1:9\\@169.254.169.254/a b\n' },
    });
    expect(typed.statusCode).toBe(201);
    expect(typed.json().url).toBe('http://127.0.0.1:9/@169.254.169.254/a%20b');
    const listed = await t.app.inject({ url: '/webhooks', headers: operator });
    expect(listed.json().webhooks).toEqual([
      { id: typed.json().id, url: 'http://127.0.0.1:9/@169.254.169.254/a%20b' },
    ]);
  });

  it('refuses a url that is not http(s), with nothing stored', async () => {
    const before = tableCounts(t.dir);
    // The last is short as typed but over 2048 characters once encoded, as it would be kept.
    const encodesLong = `http://x.example/${'é'.repeat(1000)}`;
    for (const url of ['ftp://x.example', 'not a url', 'https://user:pw@x.example', '', encodesLong]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/webhooks/register',
        headers: operator,
        payload: { url },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'validation_failed' } });
    }
    const extra = await t.app.inject({
      method: 'POST',
      url: '/webhooks/register',
      headers: operator,
      payload: { url: receiver.url, events: ['x'] },
    });
    expect(extra.statusCode).toBe(400);
    // The body's own problem is named as the body's, not the query's.
    expect(extra.json().error.message).toBe('events: unknown field events');
    expect(extra.json().error.fields).toEqual([{ field: 'events', message: 'unknown field events' }]);
    const asText = await t.app.inject({
      method: 'POST',
      url: '/webhooks/register',
      headers: { ...operator, 'content-type': 'text/plain' },
      payload: JSON.stringify({ url: receiver.url }),
    });
    expect(asText.statusCode).toBe(415);
    expect(asText.json().error.code).toBe('unsupported_media_type');
    expect(tableCounts(t.dir)).toEqual(before);
  });
});

describe('deliveries', () => {
  it('deliver what happens after registering, signed, leaves before the anchor that covers them', async () => {
    await write(0); // before registering: never delivered
    const hook = await register();
    const leaves = [await write(1), await write(2)];
    const tree = new MerkleTree();
    for (const n of [0, 1, 2]) tree.append((await t.store.leaves.leafAt(n + 1))!.leafHex);
    const attempt = await t.store.anchors.recordAnchorIntent({ rootHex: tree.root(3), leafCount: 3 });
    await t.store.anchors.setAnchorTxid(attempt.id, '9'.repeat(64));
    await t.store.anchors.markAnchored(attempt.id, { height: 4_000_777, blockTime: 1_790_000_000 });

    const d = new WebhookDispatcher({ store: t.store, treeSize: () => 3 });
    await d.deliverDue();
    expect(receiver.got.map((g) => g.event)).toEqual(['leaf_created', 'leaf_created', 'anchor_confirmed']);
    expect(receiver.got.every((g) => g.signed)).toBe(true);
    expect(receiver.got.map((g) => g.body['leaf_hash'])).toEqual([...leaves, undefined]);
    expect(receiver.got[0]).toMatchObject({
      id: deliveryId(hook.id, 'leaf', 2),
      // The second leaf: position 1, counted from 0 as /verify and /events count.
      body: { event: 'leaf_created', event_type: 'CONTRACT_ANCHOR', wallet_hash: 'wallet_1', position: 1 },
    });
    expect(receiver.got[2]!.body).toMatchObject({
      event: 'anchor_confirmed',
      root: tree.root(3),
      txid: '9'.repeat(64),
      height: 4_000_777,
      delivery_id: receiver.got[2]!.id,
    });
    // Delivered once: nothing more to send.
    await d.deliverDue();
    expect(receiver.got).toHaveLength(3);
  });

  it('retries a refused delivery after a backoff, with the same delivery id, and never skips it', async () => {
    await register();
    await write(1);
    await write(2);
    receiver.answer = () => 503;
    // A backoff no stall of a loaded machine outlasts between the two rounds below.
    const d = new WebhookDispatcher({ store: t.store, treeSize: () => 2, backoffMs: 2000 });
    await d.deliverDue();
    expect(receiver.got.map((g) => g.status)).toEqual([503]);
    await d.deliverDue(); // still backing off: nothing sent
    expect(receiver.got).toHaveLength(1);
    receiver.answer = () => 200;
    await new Promise((r) => setTimeout(r, 2100));
    await d.deliverDue();
    expect(receiver.got.map((g) => [g.status, g.body['position']])).toEqual([
      [503, 0],
      [200, 0],
      [200, 1],
    ]);
    expect(receiver.got[1]!.id).toBe(receiver.got[0]!.id);
  });

  it('stops delivering to a deleted webhook, and a receiver that is down does not stop the others', async () => {
    const dead = await register('http://127.0.0.1:9/hook');
    const live = await register();
    await write(1);
    const d = new WebhookDispatcher({ store: t.store, treeSize: () => 1 });
    await d.deliverDue();
    expect(receiver.accepted('leaf_created')).toHaveLength(1);
    await t.app.inject({ method: 'DELETE', url: `/webhooks/${live.id}`, headers: bearer });
    await write(2);
    await d.deliverDue();
    expect(receiver.accepted('leaf_created')).toHaveLength(1);
    expect((await t.store.webhooks.listWebhooks()).map((w) => [w.id, w.leafCursor])).toEqual([[dead.id, 0]]);
  });
});

describe('a webhook deleted during a round of deliveries', () => {
  it('gets nothing after the delivery under way when it was deleted', async () => {
    const hook = await register();
    for (let n = 1; n <= 5; n++) await write(n);
    // The receiver's first answer comes after the operator deleted the webhook.
    receiver.answer = () => {
      void t.store.webhooks.deleteWebhook(hook.id);
      return 200;
    };
    const d = new WebhookDispatcher({ store: t.store, treeSize: () => 5 });
    await d.deliverDue();
    expect(receiver.got.map((g) => g.event)).toEqual(['leaf_created']);
  });
});

describe('deliveries across a crash', () => {
  const dataDir = tempDir();
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers the anchor after a kill -9 between anchoring and delivery, with the same delivery id', async () => {
    const env = {
      DEVCHAIN_BLOCK_MS: '100',
      ANCHOR_TICK_MS: '100',
      ANCHOR_MIN_LEAVES: '1',
      ANCHOR_MAX_AGE_S: '1',
    };
    const first = await startServiceProcess(dataDir, env, children);
    const auth = { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' };
    const reg = await fetch(`${first.url}/webhooks/register`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ url: receiver.url }),
    });
    receiver.secret = ((await reg.json()) as { secret: string }).secret;
    receiver.answer = (event) => (event === 'anchor_confirmed' ? 503 : 200);
    await fetch(`${first.url}/event`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify(contractEvent(7)),
    });

    // The anchor is confirmed, and its delivery refused: the service dies before delivering it.
    const deadline = Date.now() + 30_000;
    while (!receiver.got.some((g) => g.event === 'anchor_confirmed') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    first.child.kill('SIGKILL');
    await first.exited;
    const refused = receiver.got.find((g) => g.event === 'anchor_confirmed');
    expect(refused?.status).toBe(503);

    receiver.answer = () => 200;
    const second = await startServiceProcess(dataDir, env, children);
    try {
      const until = Date.now() + 30_000;
      while (receiver.accepted('anchor_confirmed').length === 0 && Date.now() < until)
        await new Promise((r) => setTimeout(r, 50));
      const delivered = receiver.accepted('anchor_confirmed');
      expect(delivered).toHaveLength(1);
      expect(delivered[0]!.id).toBe(refused!.id);
      expect(delivered[0]!.signed).toBe(true);
      // The leaf was delivered once, before the crash, and not again.
      expect(receiver.accepted('leaf_created')).toHaveLength(1);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 90_000);
});
