/**
 * The command-line verifier never takes a receipt's word for who may vouch for it (security review
 * of the verdict's sources): a forged receipt naming its forger's own "service" is not anchored, and
 * that service is never contacted unless the person names it with --service. Also: a receipt whose
 * event nests half a million levels deep still gets its text verdict.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeReceipt } from '../index.js';
import { contractEvent } from '../../test/bundles.js';
import { evidencedBundle } from '../../test/chain-evidence.js';
import { runCli, runJson } from '../../test/cli-run.js';
import { tempDir } from '../../test/cli-run.js';

const { bundle, evidence } = evidencedBundle();
const { event, leafHex } = contractEvent(2);

/** The forger's "service": it vouches for everything it is asked about, and counts what it is asked. */
const asked: string[] = [];
const forger = http.createServer((req, res) => {
  asked.push(req.url ?? '');
  const history = {
    anchors: [
      {
        root: (bundle['root'] as { hash: string }).hash,
        txid: evidence.txid,
        height: evidence.height,
        leaf_count: 5,
        block_hash: evidence.block_hash,
      },
    ],
    total: 1,
  };
  const body = req.url?.startsWith('/anchor/history')
    ? history
    : req.url?.startsWith('/protocol/info')
      ? { network: 'devnet' }
      : req.url?.endsWith('/proof.json')
        ? bundle
        : {};
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
});
let forgerUrl: string;
let dir: string;
let forgedPath: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => forger.listen(0, '127.0.0.1', resolve));
  forgerUrl = `http://127.0.0.1:${(forger.address() as AddressInfo).port}`;
  dir = tempDir();
  forgedPath = path.join(dir, 'forged.json');
  const forged = makeReceipt({
    serviceUrl: forgerUrl,
    network: 'devnet',
    event,
    leafHex,
    proof: bundle,
    chainEvidence: evidence,
    now: new Date(),
  });
  fs.writeFileSync(forgedPath, JSON.stringify(forged));
});
afterAll(async () => {
  await new Promise<void>((resolve) => forger.close(() => resolve()));
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('zap1-verify and the service a receipt names', () => {
  it('never contacts it without --service, and leaves the block to compare (exit 3)', async () => {
    const run = await runCli([forgedPath]);
    expect(run.code, run.stdout + run.stderr).toBe(3);
    expect(run.stdout).toMatch(/^UNCONFIRMED: /);
    expect(run.stdout).toContain(
      `the receipt names ${forgerUrl}, and a service a receipt names is never asked`,
    );
    expect(asked).toEqual([]);
  });

  it('with --service naming it, the person chose it: its history confirms the block by its hash', async () => {
    // The forger can only fool someone who names the forger as the service they use.
    const { code, out } = await runJson([forgedPath, '--service', forgerUrl]);
    expect(asked.length).toBeGreaterThan(0);
    expect(code).toBe(0);
    expect(out.checks.find((c) => c.name === 'block')?.detail).toContain('the service you chose');
  });

  it('with a block hash the person read, a made-up header fails (exit 1)', async () => {
    const before = asked.length;
    const { code, out } = await runJson([forgedPath, '--block-hash', 'ab'.repeat(32)]);
    expect(code).toBe(1);
    expect(out.verdict).toBe('invalid');
    expect(asked.length).toBe(before);
  });
});

describe('zap1-verify on a receipt nested half a million levels deep', () => {
  it('prints its text verdict instead of overflowing the stack', async () => {
    const receipt = makeReceipt({
      serviceUrl: forgerUrl,
      network: 'mainnet',
      event,
      leafHex,
      now: new Date(),
    });
    const text = JSON.stringify(receipt).replace(
      '"event_type":',
      `"note":${'['.repeat(500_000)}${']'.repeat(500_000)},"event_type":`,
    );
    const deepPath = path.join(dir, 'deep.json');
    fs.writeFileSync(deepPath, text);
    const run = await runCli([deepPath]);
    expect(run.stderr).not.toContain('Maximum call stack');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^INVALID: .*does not commit to \(note\)/);
    // The field is shown, cut, as the receipt's statement.
    expect(run.stdout).toMatch(/note +\[\[\[\[\[\[\[…\]\]\]\]\]\]/);
    const json = await runJson([deepPath]);
    expect(json.out.verdict).toBe('invalid');
  });
});
