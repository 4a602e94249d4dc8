/**
 * The command-line verifier run as a person runs it: a real process, against the real service on
 * the development chain (listening on a port), with receipts and bundles written to disk.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeReceipt, verifyProofBundle, type Receipt } from '../src/core/index.js';
import { REPO_ROOT } from '../test/vectors.js';
import {
  MANUAL_BLOCKS,
  check,
  startHarness,
  waitFor,
  type AnchorHarness,
} from '../server/anchor/test-helpers.js';
import { contractEvent, tempDir } from '../server/test-helpers.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCli(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'cli/zap1-verify.ts'), ...args],
      {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `--json` output, parsed. */
async function runJson(args: string[]): Promise<{ code: number | null; out: Record<string, unknown> }> {
  const run = await runCli([...args, '--json']);
  const out: unknown = JSON.parse(run.stdout);
  if (typeof out !== 'object' || out === null) throw new Error(`not an object: ${run.stdout}`);
  return { code: run.code, out: Object.fromEntries(Object.entries(out)) };
}

let h: AnchorHarness;
let service: string;
let dir: string;
let receiptPath: string;
let event: Record<string, unknown>;
let leafHex: string;
const contract = Buffer.from('The contract as signed.\n');

const write = (name: string, value: unknown): string => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, typeof value === 'string' || Buffer.isBuffer(value) ? value : JSON.stringify(value));
  return file;
};
const readJson = (file: string): Record<string, unknown> => JSON.parse(fs.readFileSync(file, 'utf8'));

beforeAll(async () => {
  // Blocks only when the test mines one, so the receipt is pending until then.
  h = await startHarness({
    DEVCHAIN_BLOCK_MS: MANUAL_BLOCKS,
    ANCHOR_MIN_LEAVES: '1',
    ZCASH_RPC_USER: 'auditor',
    ZCASH_RPC_PASSWORD: 'auditor-password',
  });
  const address = await h.app.listen({ host: '127.0.0.1', port: 0 });
  service = new URL(address).origin;
  dir = tempDir();
  const realSha = (await import('node:crypto')).createHash('sha256').update(contract).digest('hex');
  event = { ...contractEvent(1, 'cli_wallet'), contract_sha256: realSha };
  const res = await h.app.inject({
    method: 'POST',
    url: '/event',
    headers: { authorization: 'Bearer test-operator-key-0123456789', 'content-type': 'application/json' },
    payload: event,
  });
  expect(res.statusCode).toBe(201);
  leafHex = res.json().leaf_hash;
  const receipt: Receipt = makeReceipt({
    serviceUrl: service,
    network: 'devnet',
    event,
    leafHex,
    file: { name: 'contract.txt', size: contract.length },
    now: new Date(),
  });
  receiptPath = write('receipt.json', receipt);
  write('contract.txt', contract);
  write('other.txt', 'Another file.\n');
}, 60_000);

afterAll(async () => {
  await h?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('zap1-verify', () => {
  it('exits 2 with the usage for no input, an unreadable file, not-JSON, a broken receipt or a bad URL', async () => {
    const none = await runCli([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage: zap1-verify');
    expect((await runCli([path.join(dir, 'missing.json')])).code).toBe(2);
    const notJson = await runCli([write('not.json', '{ nope')]);
    expect(notJson).toMatchObject({ code: 2, stderr: expect.stringContaining('is not JSON') });
    const broken = await runCli([write('broken.json', { format: 'zap1-receipt/1', leaf_hash: 'x' })]);
    expect(broken).toMatchObject({ code: 2, stderr: expect.stringContaining('is not a usable receipt') });
    expect((await runCli([receiptPath, '--service', 'ftp://example'])).code).toBe(2);
    expect((await runCli([receiptPath, '--bogus'])).code).toBe(2);
  });

  it('exits 3 (pending) for a receipt made before anchoring, and --upgrade leaves it as it is', async () => {
    const before = fs.readFileSync(receiptPath, 'utf8');
    const { code, out } = await runJson([receiptPath, '--upgrade']);
    expect(code).toBe(3);
    expect(out).toMatchObject({ verdict: 'pending', leaf: leafHex, txid: null });
    expect(fs.readFileSync(receiptPath, 'utf8')).toBe(before);
  });

  it('exits 0 once anchored, and --upgrade writes the completed receipt with its proof in place', async () => {
    await h.runtime.rpc.devMine(1);
    const anchored = await waitFor(async () => {
      const c = await check(h.app, leafHex);
      return c.anchor.txid !== null ? c : null;
    }, 'the leaf to be anchored');
    const { code, out } = await runJson([receiptPath, '--upgrade']);
    expect(code).toBe(0);
    expect(out).toMatchObject({
      verdict: 'anchored',
      leaf: leafHex,
      root: anchored.root,
      txid: anchored.anchor.txid,
      height: anchored.anchor.height,
    });
    const upgraded = readJson(receiptPath);
    expect(upgraded['proof']).toMatchObject({ anchor: anchored.anchor });
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    // Now the receipt holds the proof itself.
    const again = await runCli([receiptPath]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^ANCHORED: /);
  });

  it('checks the file: 0 for the anchored file, 1 for another one', async () => {
    expect((await runCli([receiptPath, path.join(dir, 'contract.txt')])).code).toBe(0);
    const wrong = await runJson([receiptPath, path.join(dir, 'other.txt')]);
    expect(wrong.code).toBe(1);
    expect(JSON.stringify(wrong.out['checks'])).toContain('is not the anchored file');
  });

  it('exits 1 for a proof whose txid, height or sibling was edited, and for an edited event', async () => {
    const receipt = readJson(receiptPath);
    const proof = receipt['proof'] as { anchor: { txid: string; height: number }; proof: { hash: string }[] };
    const edits: Record<string, unknown>[] = [
      { ...receipt, proof: { ...proof, anchor: { ...proof.anchor, txid: '0'.repeat(64) } } },
      { ...receipt, proof: { ...proof, anchor: { ...proof.anchor, height: proof.anchor.height + 1 } } },
      { ...receipt, event: { ...(receipt['event'] as object), serial_number: 'EDITED' } },
    ];
    if (proof.proof.length > 0) {
      edits.push({ ...receipt, proof: { ...proof, proof: [{ ...proof.proof[0], hash: 'f'.repeat(64) }] } });
    }
    for (const [i, edited] of edits.entries()) {
      const run = await runJson([write(`edited-${i}.json`, edited)]);
      expect(run.code, JSON.stringify(run.out)).toBe(1);
      expect(run.out['verdict']).toBe('invalid');
    }
  });

  it('checks a bare bundle against the service named, and exits 3 when none is named or it is down', async () => {
    const bundle: unknown = (await h.app.inject({ url: `/verify/${leafHex}/proof.json` })).json();
    expect(verifyProofBundle(bundle).valid).toBe(true);
    expect(bundle).toMatchObject({ verify_command: expect.stringContaining('zap1-verify proof.json') });
    const bundlePath = write('proof.json', bundle);
    expect((await runCli([bundlePath, '--service', service])).code).toBe(0);
    expect((await runJson([bundlePath])).out).toMatchObject({ verdict: 'unconfirmed' });
    const down = await runJson([bundlePath, '--service', 'http://127.0.0.1:9']);
    expect(down).toMatchObject({ code: 3, out: { verdict: 'unconfirmed' } });

    // The same bundle as written before ZAP1 3.0, without its scheme: judged under the historical
    // rule, anchored, and said so.
    const { scheme: _scheme, ...oldRoot } = (bundle as { root: Record<string, unknown> }).root;
    const oldPath = write('proof-v1.json', { ...(bundle as object), root: oldRoot });
    const old = await runJson([oldPath, '--service', service]);
    expect(old).toMatchObject({ code: 0, out: { verdict: 'anchored' } });
    expect(String(old.out['warning'])).toMatch(/before ZAP1 3\.0/);
    expect((await runCli([oldPath, '--service', service])).stdout).toContain(
      'WARNING: This bundle was written before',
    );
  });

  it("asks the auditor's own node with --rpc: the transaction at that height with the ZAP1:09 memo", async () => {
    const rpc = new URL(h.devChain.url);
    rpc.username = 'auditor';
    rpc.password = 'auditor-password';
    const { code, out } = await runJson([receiptPath, '--service', 'http://127.0.0.1:9', '--rpc', rpc.href]);
    // The service is down, but the node read the memo back: that alone proves the anchor.
    expect(code).toBe(0);
    const checks = out['checks'] as { name: string; status: string; detail: string }[];
    expect(checks.find((c) => c.name === 'chain')).toMatchObject({
      status: 'pass',
      detail: expect.stringContaining('its memo reads ZAP1:09:'),
    });
  });
});
