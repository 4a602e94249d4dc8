/**
 * The command-line verifier on a receipt that carries the service's chain evidence of a real anchor
 * on the development chain: `--upgrade` against the running service writes the evidence into the
 * receipt, and from then on the receipt is checked on the chain's own bytes, offline, with the
 * development chain's node (`--rpc`) naming the block at the evidence's height.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heightWords, makeReceipt, parseChainEvidence, type ChainEvidence } from 'zap1';
import { runCli, runJson, statuses } from 'zap1/testing';
import { startListeningService } from '../cli-runner.js';
import { check, waitFor, type AnchorHarness } from '../../server/anchor/test-helpers.js';
import { contractEvent, operator, tempDir } from '../../server/test-helpers.js';
import { devMine, devReorg } from '../../devchain/control.js';

let h: AnchorHarness;
let service: string;
let dir: string;
let receiptPath: string;
let anchored: { root: string; anchor: { txid: string | null; height: number | null } };
/** The development chain's node, with the credentials of an auditor allowed to read it. */
let node: string;

beforeAll(async () => {
  ({ h, service, node } = await startListeningService());
  dir = tempDir();
  const event = contractEvent(7, 'evidence_wallet');
  const res = await h.app.inject({ method: 'POST', url: '/event', headers: operator, payload: event });
  expect(res.statusCode).toBe(201);
  const leafHex = res.json().leaf_hash as string;
  anchored = await waitFor(
    async () => {
      const c = await check(h.app, leafHex);
      return c.anchor.txid !== null ? c : null;
    },
    'the leaf to be anchored',
    { each: () => devMine(h.runtime.rpc, 1), intervalMs: 200 },
  );
  // A receipt as the Anchor page offers it when the event is accepted: no proof, no evidence yet.
  const receipt = makeReceipt({ serviceUrl: service, network: 'devnet', event, leafHex, now: new Date() });
  receiptPath = path.join(dir, 'receipt.json');
  fs.writeFileSync(receiptPath, JSON.stringify(receipt));
}, 60_000);

afterAll(async () => {
  await h?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('zap1-verify with the service chain evidence, against the development chain', () => {
  let evidence: ChainEvidence;

  it('--upgrade writes the completed receipt with the service evidence of the anchor (exit 0)', async () => {
    const run = await runCli([receiptPath, '--service', service, '--upgrade']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`Wrote the completed receipt (with ${service}'s chain evidence)`);
    const written = JSON.parse(fs.readFileSync(receiptPath, 'utf8')) as Record<string, unknown>;
    const parsed = parseChainEvidence(written['chain_evidence']);
    if (!parsed.ok) throw new Error(parsed.error);
    evidence = parsed.evidence;
    expect(evidence).toMatchObject({ txid: anchored.anchor.txid, height: anchored.anchor.height });
    // The service is asked again, its history confirms the block by its hash; every byte check passes.
    const { code, out } = await runJson([receiptPath, '--service', service]);
    expect(code).toBe(0);
    expect(statuses(out)).toMatchObject({
      transaction: 'pass',
      memo: 'pass',
      branch: 'pass',
      commitments: 'pass',
      header: 'pass',
      block: 'pass',
    });
    expect(out.evidence).toEqual({
      txid: evidence.txid,
      height: evidence.height,
      block_hash: evidence.block_hash,
      memo_root: anchored.root,
    });
  });

  it('offline: exit 3 naming the block to look up, exit 0 with the node or the block hash', async () => {
    const alone = await runCli([receiptPath, '--offline']);
    expect(alone.code, alone.stdout).toBe(3);
    expect(alone.stdout).toContain(
      `Left to check: the block at height ${heightWords(evidence.height)} must be ${evidence.block_hash}.`,
    );
    expect((await runCli([receiptPath, '--offline', '--block-hash', evidence.block_hash])).code).toBe(0);

    const withNode = await runJson([receiptPath, '--offline', '--rpc', node]);
    expect(withNode.code, JSON.stringify(withNode.out)).toBe(0);
    const block = withNode.out.checks.find((c) => c.name === 'block');
    expect(block).toMatchObject({ status: 'pass', detail: expect.stringContaining('Your node (') });
    expect(block?.detail).toContain(
      `has block ${evidence.block_hash} at height ${heightWords(evidence.height)}`,
    );
    expect(JSON.stringify(withNode.out)).not.toContain('auditor-password');
  });

  it('offline: exit 1 naming the block once the node has another block at that height', async () => {
    // The anchor's block leaves the chain and another one is mined at its height.
    const tip = (await h.runtime.rpc.getBlockchainInfo()).blocks;
    await devReorg(h.runtime.rpc, tip - evidence.height + 1);
    await devMine(h.runtime.rpc, tip - evidence.height + 1);
    const run = await runJson([receiptPath, '--offline', '--rpc', node]);
    expect(run.code).toBe(1);
    expect(run.out.checks.find((c) => c.name === 'block')).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining(`not the evidence's ${evidence.block_hash}`),
    });
  });
});
