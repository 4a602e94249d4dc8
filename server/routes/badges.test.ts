/** The SVG badges: the service's state, a leaf's and an anchor's, with their cache headers and refusals. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MerkleTree } from 'zap1';
import { contractEvent, makeTestApp, operator, type TestApp } from '../test-helpers.js';

let t: TestApp;
const tree = new MerkleTree();
const leaves: string[] = [];

async function write(n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/event',
      headers: operator,
      payload: contractEvent(leaves.length, 'badge_wallet'),
    });
    leaves.push(res.json<{ leaf_hash: string }>().leaf_hash);
    tree.append(leaves.at(-1)!);
  }
}

async function badge(url: string): Promise<{ status: number; svg: string; cache: string | undefined }> {
  const res = await t.app.inject({ url });
  expect(res.headers['content-type']).toBe('image/svg+xml');
  return { status: res.statusCode, svg: res.body, cache: res.headers['cache-control'] as string | undefined };
}

beforeEach(async () => {
  t = await makeTestApp();
  leaves.length = 0;
});
afterEach(async () => {
  await t.close();
});

describe('badges', () => {
  it("follow a leaf from awaiting its anchor to recorded to anchored, as its own badge and the service's", async () => {
    expect((await badge('/badge/status.svg')).svg).toContain('no leaves yet');
    await write(3);
    const leaf = await badge(`/badge/leaf/${leaves[1]}`);
    expect(leaf).toMatchObject({ status: 200, cache: 'max-age=300' });
    expect(leaf.svg).toContain('<title>ZAP1 leaf: awaiting anchor</title>');
    expect((await badge('/badge/status.svg')).svg).toContain('3 awaiting anchor');

    const txid = 'ab12cd34'.repeat(8);
    const attempt = await t.store.anchors.recordAnchorIntent({ rootHex: tree.root(3), leafCount: 3 });
    await t.store.anchors.setAnchorTxid(attempt.id, txid);
    expect((await badge(`/badge/leaf/${leaves[1]}`)).svg).toContain('recorded (unconfirmed)');
    expect((await badge('/badge/anchor/AB12CD34')).svg).toContain('recorded (unconfirmed)');
    expect((await badge('/badge/status.svg')).svg).toContain('anchor in flight, 3 waiting');

    await t.store.anchors.markAnchored(attempt.id, { height: 4_000_321, blockTime: 1_790_000_000 });
    expect((await badge(`/badge/leaf/${leaves[1]}`)).svg).toContain('anchored at 4000321');
    const anchor = await badge('/badge/anchor/ab12cd34ab12');
    expect(anchor).toMatchObject({ status: 200, cache: 'max-age=300' });
    expect(anchor.svg).toContain('confirmed at 4000321');
    expect((await badge('/badge/status.svg')).svg).toContain('3 leaves anchored');

    // A leaf written after the anchor awaits the next one.
    await write(1);
    expect((await badge(`/badge/leaf/${leaves[3]}`)).svg).toContain('awaiting anchor');
  });

  it('answers an unknown leaf or anchor 404 and a malformed value 400 (no-cache), each as a badge', async () => {
    const unknown = await badge(`/badge/leaf/${'e'.repeat(64)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.svg).toContain('not found');
    expect((await badge('/badge/anchor/00000000')).status).toBe(404);
    for (const url of [
      '/badge/leaf/xyz',
      `/badge/leaf/${'E'.repeat(64)}`,
      '/badge/anchor/abc',
      '/badge/anchor/' + 'a'.repeat(17),
      '/badge/anchor/zzzzzzzz',
    ]) {
      const refused = await badge(url);
      expect(refused, url).toMatchObject({ status: 400, cache: 'no-cache' });
      expect(refused.svg, url).toMatch(/<svg[^>]*role="img"/);
    }
  });

  it('escapes what it writes into the SVG', async () => {
    const res = await t.app.inject({ url: '/badge/leaf/%3Cscript%3E' });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('<script>');
  });
});
