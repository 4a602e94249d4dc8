/**
 * The command-line verifier on a receipt that carries chain evidence (the anchoring transaction's
 * bytes, its branch and block header): run as a person runs it, a real process on files on disk,
 * offline (no service at all) and with --rpc against a node (a minimal JSON-RPC node here that
 * records what it was asked).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heightWords, makeReceipt, type ChainEvidence } from '../index.js';
import { runCli, runJson, statuses, type Check, type JsonOut } from '../../test/cli-run.js';
import { contractEvent } from '../../test/bundles.js';
import { evidencedBundle } from '../../test/chain-evidence.js';
import { tempDir } from '../../test/cli-run.js';

const checkNamed = (out: JsonOut, name: string): Check | undefined => out.checks.find((c) => c.name === name);

const { bundle, evidence, rootHex } = evidencedBundle();
const { event, leafHex } = contractEvent(2);
/** Where the receipt says its service is: nothing listens there, and --offline never asks it. */
const SERVICE = 'http://127.0.0.1:9';
const OTHER_BLOCK = 'ab'.repeat(32);

let dir: string;
let receiptPath: string;

function receiptWith(chainEvidence: ChainEvidence, network = 'devnet'): unknown {
  return makeReceipt({
    serviceUrl: SERVICE,
    network,
    event,
    leafHex,
    file: { name: 'contract.pdf', size: 10 },
    proof: bundle,
    chainEvidence,
    now: new Date(Date.UTC(2026, 10, 2)),
  });
}
const write = (name: string, value: unknown): string => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(value, null, 2));
  return file;
};

beforeAll(() => {
  dir = tempDir();
  receiptPath = write('receipt.json', receiptWith(evidence));
});
afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('zap1-verify on a receipt with chain evidence, --offline', () => {
  it('exits 3 (unconfirmed), having checked the five facts on the bytes, and names the block to look up at its height', async () => {
    const run = await runCli([receiptPath, '--offline']);
    expect(run.code, run.stderr).toBe(3);
    expect(run.stdout).toMatch(/^UNCONFIRMED: /);
    expect(run.stdout.split('\n')[0]).toContain(
      // The development chain has no explorer: the node is where to look.
      `Look up the block at height ${heightWords(evidence.height)} in an explorer or on your node: its hash must be ${evidence.block_hash}.`,
    );
    expect(run.stdout).toContain(
      `Checked on the chain's own bytes: transaction, memo, branch, commitments, header, work (the transaction hashes to its txid, the viewing key reads ZAP1:09:${rootHex} from it, its branch reaches the header, its proofs and signatures reach the header's block commitments`,
    );
    expect(run.stdout).toContain(
      `Left to check: the block at height ${heightWords(evidence.height)} must be ${evidence.block_hash}.`,
    );
    expect(run.stdout).toContain('--block-hash <the hash you read>');
    // The person chose to ask no service: the reason says so rather than asking for a URL.
    expect(run.stdout).toContain('no service was asked (offline)');
    expect(run.stdout).not.toContain('give its URL');
    expect(run.stdout).toContain(
      `Chain evidence (from the receipt): transaction ${evidence.txid} in block ${evidence.block_hash} at height ${heightWords(evidence.height)}.`,
    );
    // Nothing was asked of a service, so none is said to have been.
    expect(run.stdout).not.toContain('checked against');

    const { code, out } = await runJson([receiptPath, '--offline']);
    expect(code).toBe(3);
    expect(out.verdict).toBe('unconfirmed');
    expect(statuses(out)).toMatchObject({
      inclusion: 'pass',
      event: 'pass',
      transaction: 'pass',
      memo: 'pass',
      branch: 'pass',
      commitments: 'pass',
      header: 'pass',
      block: 'unknown',
      anchor: 'unknown',
    });
    expect(out.evidence).toEqual({
      txid: evidence.txid,
      height: evidence.height,
      block_hash: evidence.block_hash,
      memo_root: rootHex,
    });
  });

  it('exits 0 (anchored) with --block-hash the evidence block, in any case of hex', async () => {
    for (const given of [evidence.block_hash, evidence.block_hash.toUpperCase()]) {
      const run = await runCli([receiptPath, '--offline', '--block-hash', given]);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toMatch(
        new RegExp(
          `^ANCHORED: The block hash you read for height ${heightWords(evidence.height)} is ${evidence.block_hash}`,
        ),
      );
      expect(run.stdout).not.toContain('Left to check');
    }
    const { code, out } = await runJson([receiptPath, '--offline', '--block-hash', evidence.block_hash]);
    expect(code).toBe(0);
    expect(statuses(out)).toMatchObject({ transaction: 'pass', block: 'pass' });
    expect(out.evidence?.memo_root).toBe(rootHex);
  });

  it('exits 1 (invalid) naming the block check for --block-hash another block', async () => {
    const run = await runCli([receiptPath, '--offline', '--block-hash', OTHER_BLOCK]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^INVALID: /);
    expect(run.stdout).toContain(
      `[BAD] block: The block hash you read for height ${heightWords(evidence.height)} is ${OTHER_BLOCK}, not the evidence's block ${evidence.block_hash}.`,
    );
    const { code, out } = await runJson([receiptPath, '--offline', '--block-hash', OTHER_BLOCK]);
    expect(code).toBe(1);
    expect(checkNamed(out, 'block')?.status).toBe('fail');
  });

  it('exits 1 (invalid) naming the transaction check when one byte of the evidence transaction changed, or it is of another network', async () => {
    // lock_time (bytes 12-15 of a v5 transaction), which its txid commits to.
    const at = 2 * 12;
    const byte = evidence.transaction.slice(at, at + 2);
    const changed = byte === '00' ? '01' : '00';
    const tampered = {
      ...evidence,
      transaction: evidence.transaction.slice(0, at) + changed + evidence.transaction.slice(at + 2),
    };
    const file = write('tampered.json', receiptWith(tampered));
    // Even with the right block hash given, the bytes decide.
    const run = await runCli([file, '--offline', '--block-hash', evidence.block_hash]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^INVALID: The transaction's bytes hash to [0-9a-f]{64}, not to the anchor's transaction/,
    );
    expect(run.stdout).toMatch(/\[BAD\] transaction: /);
    expect(run.stdout).toContain("Checked on the chain's own bytes, and failed: transaction.");
    const { code, out } = await runJson([file, '--offline']);
    expect(code).toBe(1);
    expect(checkNamed(out, 'transaction')?.status).toBe('fail');

    // Untouched evidence, but of another chain than the one the receipt was made on.
    const elsewhere = await runCli([write('testnet.json', receiptWith(evidence, 'testnet')), '--offline']);
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stdout).toContain(
      '[BAD] transaction: The evidence is from the devnet chain, but the receipt was made on testnet.',
    );
  });

  it('exits 2 for --block-hash that is not 64 hex digits, and for --offline with --service', async () => {
    for (const bad of ['nothex', evidence.block_hash.slice(2), `${evidence.block_hash}00`, 'g'.repeat(64)]) {
      const run = await runCli([receiptPath, '--offline', '--block-hash', bad]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`--block-hash must be a block hash of 64 hex digits, got "${bad}"`);
      expect(run.stdout).toBe('');
    }
    const both = await runCli([receiptPath, '--offline', '--service', SERVICE]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--offline asks no service');
  });
});

/**
 * A node as far as the verifier asks it: `getblockhash` answers `blockHash` (or -8, the height out
 * of range, when null), `getrawtransaction` has the evidence's transaction at its height, and its
 * wallet cannot decrypt the memo (no viewing key imported).
 */
function stubNode(): {
  url: () => string;
  blockHash: string | null;
  asked: { method: string; params: unknown[]; auth: string | undefined }[];
  server: http.Server;
} {
  const node = {
    url: () => `http://auditor:node-secret@127.0.0.1:${(node.server.address() as AddressInfo).port}/`,
    blockHash: evidence.block_hash as string | null,
    asked: [] as { method: string; params: unknown[]; auth: string | undefined }[],
    server: http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const { id, method, params } = JSON.parse(body) as { id: number; method: string; params: unknown[] };
        node.asked.push({ method, params, auth: req.headers.authorization });
        const reply = (result: unknown, error: { code: number; message: string } | null = null): void => {
          res.writeHead(error ? 500 : 200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ result, error, id }));
        };
        if (method === 'getblockhash') {
          if (node.blockHash === null) reply(null, { code: -8, message: 'Block height out of range' });
          else reply(node.blockHash);
        } else if (method === 'getrawtransaction') {
          reply({ txid: evidence.txid, height: evidence.height, confirmations: 12, in_active_chain: true });
        } else {
          reply(null, { code: -5, message: 'Invalid or non-wallet transaction id' });
        }
      });
    }),
  };
  return node;
}

describe('zap1-verify on a receipt with chain evidence, --offline --rpc (the auditor node names the block)', () => {
  const node = stubNode();
  beforeAll(async () => {
    await new Promise<void>((resolve) => node.server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => node.server.close(() => resolve()));
  });
  const nodeUrl = (): string => node.url().replace('auditor:node-secret@', '');

  it('exits 0 when the node has the evidence block at its height, naming the node without its credentials', async () => {
    node.blockHash = evidence.block_hash;
    node.asked.length = 0;
    const run = await runCli([receiptPath, '--offline', '--rpc', node.url()]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(
      `[ok ] block: Your node (${nodeUrl()}) has block ${evidence.block_hash} at height ${heightWords(evidence.height)}.`,
    );
    expect(run.stdout + run.stderr).not.toContain('node-secret');
    expect(node.asked).toContainEqual({
      method: 'getblockhash',
      params: [evidence.height],
      auth: `Basic ${Buffer.from('auditor:node-secret').toString('base64')}`,
    });
    const { code, out } = await runJson([receiptPath, '--offline', '--rpc', node.url()]);
    expect(code).toBe(0);
    expect(statuses(out)).toMatchObject({ chain: 'unknown', header: 'pass', block: 'pass' });
  });

  it('exits 1 naming the block when the node has another block at that height', async () => {
    node.blockHash = OTHER_BLOCK;
    const run = await runCli([receiptPath, '--offline', '--rpc', node.url()]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `[BAD] block: Your node (${nodeUrl()}) has block ${OTHER_BLOCK} at height ${heightWords(evidence.height)}, not the evidence's ${evidence.block_hash}.`,
    );
  });

  it('exits 3 when the node has not reached the height, or cannot be reached at all', async () => {
    node.blockHash = null;
    const short = await runJson([receiptPath, '--offline', '--rpc', node.url()]);
    expect(short.code).toBe(3);
    expect(checkNamed(short.out, 'block')?.status).toBe('unknown');

    const down = await runCli([receiptPath, '--offline', '--rpc', 'http://127.0.0.1:9']);
    expect(down.code).toBe(3);
    expect(down.stdout).toMatch(/\[ \? \] chain: Your node could not be asked about transaction/);
    expect(down.stdout).toContain(`Left to check: the block at height ${heightWords(evidence.height)}`);
  });
});
