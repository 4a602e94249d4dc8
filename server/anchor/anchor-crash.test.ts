/**
 * Crash tests: the service as a child process with the test-only fault hook `ANCHOR_FAULT`, which
 * kills it with SIGKILL at one step of the first anchor. A restart on the same DATA_DIR (the dev
 * chain persists there too) must finish that anchor without sending it again and lose no leaf.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../store/sqlite-store.js';
import { postContractEvent, startServiceProcess, tempDir, type ServiceProcess } from '../test-helpers.js';
import { rootOfMemoHex } from 'zap1';
import { ANCHOR_FAULTS, type AnchorFault } from './attempt.js';
import { DEVCHAIN_WALLET_ADDRESS, DevChain } from '../../devchain/devchain.js';
import { ZcashRpcClient } from 'zap1/node-rpc';

const children: ChildProcess[] = [];
const dirs: string[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function startService(dataDir: string, fault: AnchorFault | null): Promise<ServiceProcess> {
  return startServiceProcess(
    dataDir,
    {
      DEVCHAIN_BLOCK_MS: '150',
      ANCHOR_TICK_MS: '40',
      ANCHOR_MIN_LEAVES: '1',
      DEVCHAIN_PORT: undefined,
      ANCHOR_FAULT: fault ?? undefined,
    },
    children,
  );
}

async function getJson(url: string): Promise<Record<string, unknown>> {
  const body: unknown = await (await fetch(url)).json();
  if (typeof body !== 'object' || body === null) throw new Error(`${url} did not answer an object`);
  return Object.fromEntries(Object.entries(body));
}

async function waitUntil(probe: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a crash at any step of an anchor', () => {
  it.each(ANCHOR_FAULTS.map((f) => [f]))(
    'killed at %s: the restart finishes the anchor with exactly one transaction per root and no leaf lost',
    async (fault) => {
      const dir = tempDir();
      dirs.push(dir);

      const crashing = await startService(dir, fault);
      const acked = (
        await Promise.all([postContractEvent(crashing.url, 1), postContractEvent(crashing.url, 2)])
      ).filter((l): l is string => l !== null);
      const death = await crashing.exited;
      expect(death.signal).toBe('SIGKILL');
      expect(acked.length).toBeGreaterThan(0);

      const restarted = await startService(dir, null);
      const third = await postContractEvent(restarted.url, 3);
      expect(third).not.toBeNull();
      if (third) acked.push(third);
      await waitUntil(async () => {
        const st = await getJson(`${restarted.url}/anchor/status`);
        return st['in_flight'] === null && st['unanchored_leaves'] === 0;
      }, 'every leaf to be anchored after the restart');
      for (const leaf of acked) {
        const check = await getJson(`${restarted.url}/verify/${leaf}/check`);
        expect(check['anchor']).toMatchObject({ txid: expect.stringMatching(/^[0-9a-f]{64}$/) });
      }
      restarted.child.kill('SIGTERM');
      expect((await restarted.exited).code).toBe(0);

      // Every acknowledged leaf survived; the interrupted attempt itself became the anchor.
      const store = openSqliteStore(dir);
      let roots;
      try {
        for (const leaf of acked) expect(await store.leaves.leafByHash(leaf)).not.toBeNull();
        // The kill can land after an event is committed but before its reply is sent: such a leaf is
        // kept without having been acknowledged, so the store holds between the acknowledged and
        // the posted count (three events were posted).
        const stored = await store.leaves.leafCount();
        expect(stored).toBeGreaterThanOrEqual(acked.length);
        expect(stored).toBeLessThanOrEqual(3);
        expect((await store.anchors.anchorAttempt(1))?.state).toBe('anchored');
        roots = await store.anchors.anchoredRoots();
      } finally {
        store.close();
      }

      // On the persisted chain: exactly one ZAP1:09 memo per root, in the transaction recorded for it.
      const chain = await DevChain.start({ dataDir: dir, blockMs: 0, user: 'audit', password: 'audit' });
      try {
        const rpc = new ZcashRpcClient({ url: chain.url, user: 'audit', password: 'audit' });
        const notes = await rpc.zListReceivedByAddress(DEVCHAIN_WALLET_ADDRESS, 0);
        const byRoot = new Map<string, string[]>();
        for (const note of notes) {
          const root = rootOfMemoHex(note.memo);
          if (root) byRoot.set(root, [...(byRoot.get(root) ?? []), note.txid]);
        }
        for (const txids of byRoot.values()) expect(txids).toHaveLength(1);
        expect(roots.length).toBeGreaterThan(0);
        for (const r of roots) expect(byRoot.get(r.rootHex)).toEqual([r.txid]);
      } finally {
        await chain.stop();
      }
    },
    60_000,
  );
});
