/**
 * The client against the real service over HTTP: each method's answer, checked with the shared
 * schemas, is what the service said, and paged lists walk every page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, leafHash, verifyExport, verifyProofBundle, verifyConsistency } from 'zap1';
import {
  ADMIN_KEY,
  contractEvent,
  startListeningService,
  waitFor,
  type ListeningService,
} from './service.js';

let service: ListeningService;
beforeAll(async () => {
  service = await startListeningService();
});
afterAll(async () => {
  await service?.close();
});

const operator = () => createClient({ baseUrl: service.url, apiKey: ADMIN_KEY });

/** Waits until `leaf` is anchored; its check answer. */
async function anchored(leaf: string) {
  const client = createClient({ baseUrl: service.url });
  return waitFor(async () => {
    const check = await client.check(leaf);
    return check.anchor?.txid ? check : null;
  }, `leaf ${leaf} to be anchored`);
}

describe('createClient against the service', () => {
  it('gets a trial key, records an event with it, checks the leaf and verifies its proof locally', async () => {
    const anonymous = createClient({ baseUrl: `${service.url}/` });
    const trial = await anonymous.trialKey();
    expect(trial.key).toMatch(/\S{16,}/);
    expect(trial.quota).toBeGreaterThan(0);

    const client = createClient({ baseUrl: service.url, apiKey: trial.key });
    const event = contractEvent(101, 'wallet_client_flow');
    const recorded = await client.submitEvent(event);
    expect(recorded.status).toBe('created');
    expect(recorded.leaf_hash).toBe(leafHash(event));
    // Sent again (a retry after a lost answer): nothing is written, so nothing is spent.
    expect((await client.submitEvent(event)).status).toBe('exists');
    expect((await client.keyInfo()).used).toBe(1);

    const check = await client.check(recorded.leaf_hash);
    expect(check).toMatchObject({ valid: true, leaf_hash: recorded.leaf_hash });
    const bundle = await client.proof(recorded.leaf_hash);
    const verdict = verifyProofBundle(bundle, { expectedLeafHex: recorded.leaf_hash });
    expect(verdict.valid).toBe(true);
  });

  it('reads what the service says about itself', async () => {
    const client = createClient({ baseUrl: service.url });
    const info = await client.protocolInfo();
    expect(info.protocol).toBe('ZAP1');
    expect(info.network).toBe('devnet');
    expect(info.extensions).toContain('events-paging');
    expect((await client.health()).rpc_reachable).toBe(true);
    expect((await client.buildInfo()).version).toMatch(/\d/);
    const status = await client.anchorStatus();
    expect(status.leaf_count).toBeGreaterThanOrEqual(0);
    const stats = await client.stats();
    expect(stats.total_leaves).toBe(status.leaf_count);
  });

  it('walks every event page by page, newest first, and filters by type', async () => {
    const client = operator();
    const leaves: string[] = [];
    for (let n = 200; n < 205; n++) leaves.push((await client.submitEvent(contractEvent(n))).leaf_hash);
    const page = await client.eventsPage({ limit: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.nextBefore).not.toBeNull();
    const all: string[] = [];
    for await (const event of client.allEvents({ limit: 2, eventType: 'CONTRACT_ANCHOR' })) {
      all.push(event.leaf_hash);
      expect(event.event_type).toBe('CONTRACT_ANCHOR');
    }
    expect(all.slice(0, 5)).toEqual([...leaves].reverse());
    expect(new Set(all).size).toBe(all.length);
  });

  it("walks a wallet's lifecycle page by page, oldest first, and verifies its export", async () => {
    const client = operator();
    const wallet = 'wallet_client_lifecycle';
    const leaves: string[] = [];
    for (let n = 300; n < 303; n++)
      leaves.push((await client.submitEvent(contractEvent(n, wallet))).leaf_hash);
    const first = await client.lifecyclePage(wallet, { limit: 2 });
    expect(first.events.map((e) => e.leaf_hash)).toEqual(leaves.slice(0, 2));
    expect(first.nextPath).toMatch(/^\/lifecycle\/wallet_client_lifecycle\?/);
    const all: string[] = [];
    for await (const event of client.allLifecycleEvents(wallet, { limit: 2 })) all.push(event.leaf_hash);
    expect(all).toEqual(leaves);

    await anchored(leaves[2]!);
    const exported = await client.lifecycleExport(wallet);
    expect(exported.proofs.map((p) => p.leaf_hash)).toEqual(leaves);
    expect(verifyExport(exported).valid).toBe(true);
  });

  it('walks the anchor history page by page, newest first, with consistency proofs and chain evidence', async () => {
    const client = operator();
    for (let n = 400; n < 402; n++) await anchored((await client.submitEvent(contractEvent(n))).leaf_hash);
    const anchors = [];
    for await (const anchor of client.allAnchors({ limit: 1 })) anchors.push(anchor);
    expect(anchors.length).toBeGreaterThanOrEqual(2);
    const heights = anchors.map((a) => a.height ?? 0);
    expect(heights).toEqual([...heights].sort((a, b) => b - a));

    const [newer, older] = anchors;
    const proof = await client.anchorConsistency(older!.leaf_count, newer!.leaf_count);
    expect(
      verifyConsistency({
        fromSize: older!.leaf_count,
        toSize: newer!.leaf_count,
        fromRootHex: older!.root,
        toRootHex: newer!.root,
        proof: proof.proof,
      }).valid,
    ).toBe(true);

    const evidence = await waitFor(() => client.anchorEvidence(newer!.txid), 'the evidence to be read');
    expect(evidence).toMatchObject({ txid: newer!.txid, height: newer!.height });
    expect(await client.anchorEvidence('0'.repeat(64))).toBeNull();
    expect((await client.anchorAttempts({ limit: 5 })).length).toBeGreaterThan(0);
  });

  it('looks a value up, decodes a memo on the service, and manages webhooks with the operator key', async () => {
    const client = operator();
    const leaf = (await client.submitEvent(contractEvent(500))).leaf_hash;
    expect(await client.lookup(leaf)).toMatchObject({ leaf: true });
    const memo = await client.decodeMemo(Buffer.from('hello').toString('hex'));
    expect(memo).toMatchObject({ format: 'text', text: 'hello' });

    const created = await client.registerWebhook('http://127.0.0.1:9/hooks');
    expect(created.secret).toMatch(/^[0-9a-f]{32}$/);
    expect((await client.webhooks()).webhooks).toContainEqual({ id: created.id, url: created.url });
    await client.deleteWebhook(created.id);
    expect((await client.webhooks()).webhooks.map((w) => w.id)).not.toContain(created.id);
  });
});
