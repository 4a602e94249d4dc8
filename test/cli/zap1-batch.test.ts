/**
 * `zap1 stamp`, `zap1 upgrade` and `zap1 verify` run as a person runs them: real processes, against
 * the real service on the development chain (listening on a port), on folders of real files. Each
 * test keeps its own config folder (XDG_CONFIG_HOME), as a person's machine would.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runZap1 } from 'zap1/testing';
import { startListeningService } from '../cli-runner.js';
import { check, waitFor, type AnchorHarness } from '../../server/anchor/test-helpers.js';
import { tempDir } from '../../server/test-helpers.js';
import { devMine } from '../../devchain/control.js';

let h: AnchorHarness;
let service: string;
let root: string;

beforeAll(async () => {
  // A trial key of 12 events, so that one test can use one up.
  ({ h, service } = await startListeningService({ TRIAL_KEY_QUOTA: '12' }));
  root = tempDir();
}, 60_000);

afterAll(async () => {
  await h?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

/** A folder of `n` documents of distinct contents (`tag` keeps them apart from other tests' documents). */
function folderOf(name: string, n: number, tag: string): string {
  const folder = path.join(root, name);
  fs.mkdirSync(path.join(folder, 'annexes'), { recursive: true });
  for (let i = 1; i <= n; i++) {
    const where = i % 3 === 0 ? path.join(folder, 'annexes') : folder;
    fs.writeFileSync(path.join(where, `doc-${String(i).padStart(2, '0')}.txt`), `${tag}: document ${i}\n`);
  }
  return folder;
}

const filesUnder = (folder: string): string[] =>
  (fs.readdirSync(folder, { recursive: true }) as string[]).filter((f) =>
    fs.statSync(path.join(folder, f)).isFile(),
  );
const documentsUnder = (folder: string) => filesUnder(folder).filter((f) => !f.endsWith('.zap1.json'));
const receiptsUnder = (folder: string) => filesUnder(folder).filter((f) => f.endsWith('.zap1.json'));
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));

async function leafCount(): Promise<number> {
  return (await h.app.inject({ method: 'GET', url: '/stats' })).json().total_leaves;
}

async function trialKey(): Promise<string> {
  const res = await h.app.inject({ method: 'POST', url: '/trial-key' });
  expect(res.statusCode).toBe(201);
  return res.json().key;
}

/** Mines until every leaf is anchored (one anchor may cover some, the next the rest). */
async function mineUntilAnchored(leaves: string[]): Promise<void> {
  await waitFor(
    async () => {
      for (const leafHex of leaves) if ((await check(h.app, leafHex)).anchor.txid === null) return null;
      return true;
    },
    'the leaves to be anchored',
    { timeoutMs: 30_000, intervalMs: 200, each: () => devMine(h.runtime.rpc, 1) },
  );
}

describe('zap1 stamp → upgrade --wait → verify', () => {
  const config = { XDG_CONFIG_HOME: '' };
  let folder: string;

  beforeAll(() => {
    config.XDG_CONFIG_HOME = path.join(root, 'config-main');
    folder = folderOf('binder', 5, 'binder');
  });

  it('stamps a folder with a trial key it asks for and keeps (mode 0600), a pending receipt beside each document', async () => {
    const before = await leafCount();
    const run = await runZap1(['stamp', folder, '--service', service], config);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stderr).toContain(`Got a trial key from ${service}`);
    expect(run.stdout).toContain('5 documents: 5 stamped, 0 skipped, 0 failed.');
    expect(receiptsUnder(folder).sort()).toEqual(
      documentsUnder(folder)
        .map((f) => `${f}.zap1.json`)
        .sort(),
    );
    const receipt = readJson(path.join(folder, 'doc-01.txt.zap1.json'));
    expect(receipt).toMatchObject({
      service: { url: service, network: 'devnet' },
      file: { name: 'doc-01.txt', size: fs.statSync(path.join(folder, 'doc-01.txt')).size },
      proof: null,
      event: { event_type: 'CONTRACT_ANCHOR', serial_number: expect.stringMatching(/^REF-/) },
    });
    // Each document its own pseudonym by default.
    const other = readJson(path.join(folder, 'doc-02.txt.zap1.json'));
    expect(other.event.wallet_hash).not.toBe(receipt.event.wallet_hash);
    expect(await leafCount()).toBe(before + 5);
    const configFile = path.join(config.XDG_CONFIG_HOME, 'zap1', 'config.json');
    expect(fs.statSync(configFile).mode & 0o777).toBe(0o600);
    expect(readJson(configFile).services[service].key).toEqual(expect.any(String));
  });

  it('a second stamp sends nothing: each document has its receipt', async () => {
    const before = await leafCount();
    const run = await runZap1(['stamp', folder, '--service', service], config);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('5 documents: 0 stamped, 5 skipped, 0 failed.');
    expect(await leafCount()).toBe(before);
  });

  it('upgrade says pending (exit 3) before the anchor, then --wait completes every receipt (exit 0)', async () => {
    const pending = await runZap1(['upgrade', folder], config);
    expect(pending.code, pending.stdout + pending.stderr).toBe(3);
    expect(pending.stdout).toContain('5 pending');

    const waiting = runZap1(['upgrade', folder, '--wait', '--timeout', '120'], config);
    await mineUntilAnchored(receiptsUnder(folder).map((f) => readJson(path.join(folder, f)).leaf_hash));
    const run = await waiting;
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('5 receipts: 5 upgraded');
    for (const file of receiptsUnder(folder)) {
      const receipt = readJson(path.join(folder, file));
      expect(receipt.proof.anchor.txid).toMatch(/^[0-9a-f]{64}$/);
      expect(receipt.chain_evidence.txid).toBe(receipt.proof.anchor.txid);
    }
  }, 150_000);

  it('verify: every document anchored (exit 0) with the service kept by stamp; offline each is unconfirmed (exit 3)', async () => {
    const run = await runZap1(['verify', folder, '--json'], config);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const rows = JSON.parse(run.stdout) as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row).toMatchObject({ verdict: 'anchored', check: null });

    const offline = await runZap1(['verify', folder, '--offline'], config);
    expect(offline.code).toBe(3);
    expect(offline.stdout).toContain('5 documents: 5 unconfirmed.');
    // The blocks to compare (one anchor may have covered some documents, the next the rest), given
    // back, make them anchored with no service asked.
    const blocks = new Set(
      receiptsUnder(folder).map((f) => readJson(path.join(folder, f)).chain_evidence.block_hash as string),
    );
    const given = await runZap1(
      ['verify', folder, '--offline', ...[...blocks].flatMap((hash) => ['--block-hash', hash])],
      config,
    );
    expect(given.code, given.stdout).toBe(0);
    expect(given.stdout).toMatch(
      /^ANCHORED {3}.*doc-01\.txt {2}anchored in transaction [0-9a-f]{64} at height/m,
    );
  });

  it('verify names a changed document (invalid, exit 1), a document without its receipt and a receipt without its document', async () => {
    const copy = path.join(root, 'binder-returned');
    fs.cpSync(folder, copy, { recursive: true });
    fs.writeFileSync(path.join(copy, 'doc-02.txt'), 'binder: document 2, edited\n');
    fs.rmSync(path.join(copy, 'doc-04.txt.zap1.json'));
    fs.rmSync(path.join(copy, 'doc-05.txt'));
    const run = await runZap1(['verify', copy, '--service', service, '--json'], {
      XDG_CONFIG_HOME: path.join(root, 'config-auditor'),
    });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const rows = JSON.parse(run.stdout) as Array<{
      file: string;
      verdict: string;
      check: string | null;
      detail: string;
    }>;
    const byName = Object.fromEntries(rows.map((r) => [path.basename(r.file), r]));
    expect(byName['doc-01.txt']?.verdict).toBe('anchored');
    expect(byName['doc-02.txt']).toMatchObject({ verdict: 'invalid', check: 'file' });
    expect(byName['doc-04.txt']).toMatchObject({
      verdict: 'missing',
      detail: 'no receipt for this document',
    });
    expect(byName['doc-05.txt']).toMatchObject({
      verdict: 'missing',
      detail: 'no document for this receipt',
    });
  });

  it('a receipt whose service nobody chose is not asked: the auditor without --service gets unconfirmed', async () => {
    const run = await runZap1(['verify', folder], { XDG_CONFIG_HOME: path.join(root, 'config-stranger') });
    expect(run.code).toBe(3);
    expect(run.stdout).toContain('5 documents: 5 unconfirmed.');
  });
});

describe('zap1 stamp within the key’s limits', () => {
  it('resumes a cut run without a second leaf: a recorded event is answered "exists", a receipt skips its document', async () => {
    const key = await trialKey();
    const folder = folderOf('resume', 3, 'resume');
    const args = ['--service', service, '--key', key, '--wallet', 'anon_resume', '--reference', 'R-{stem}'];
    const env = { XDG_CONFIG_HOME: path.join(root, 'config-resume') };
    // doc-01 was recorded before the cut but its receipt never written; doc-02 has its receipt.
    const sha = (await import('node:crypto'))
      .createHash('sha256')
      .update('resume: document 1\n')
      .digest('hex');
    const sent = await h.app.inject({
      method: 'POST',
      url: '/event',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: {
        event_type: 'CONTRACT_ANCHOR',
        wallet_hash: 'anon_resume',
        serial_number: 'R-doc-01',
        contract_sha256: sha,
      },
    });
    expect(sent.statusCode).toBe(201);
    expect((await runZap1(['stamp', path.join(folder, 'doc-02.txt'), ...args], env)).code).toBe(0);
    const before = await leafCount();

    const run = await runZap1(['stamp', folder, ...args], env);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/doc-01\.txt .*the service had recorded it before/);
    expect(run.stdout).toMatch(/skipped {2}.*doc-02\.txt {2}it has its receipt/);
    expect(await leafCount()).toBe(before + 1);
    expect(receiptsUnder(folder)).toHaveLength(3);
    const used = await h.app.inject({
      method: 'GET',
      url: '/key',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(used.json()).toMatchObject({ quota: 12, used: 3 });
  });

  it('a kill -9 mid-run, then a rerun: every document once, each with its receipt', async () => {
    const folder = folderOf('killed', 8, 'killed');
    const env = { XDG_CONFIG_HOME: path.join(root, 'config-killed') };
    const before = await leafCount();
    let pid = 0;
    const first = runZap1(['stamp', folder, '--service', service], env, (p) => (pid = p));
    await waitFor(() => receiptsUnder(folder).length > 0, 'the first receipt', { timeoutMs: 30_000 });
    process.kill(pid, 'SIGKILL');
    await first;
    const rerun = await runZap1(['stamp', folder, '--service', service], env);
    expect(rerun.code, rerun.stdout + rerun.stderr).toBe(0);
    expect(receiptsUnder(folder)).toHaveLength(8);
    expect(await leafCount()).toBe(before + 8);
  });

  it('stops when the key’s quota runs out and says how many were sent (exit 1)', async () => {
    const key = await trialKey();
    const folder = folderOf('quota', 14, 'quota');
    const run = await runZap1(['stamp', folder, '--service', service, '--key', key], {
      XDG_CONFIG_HOME: path.join(root, 'config-quota'),
    });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stderr).toMatch(/Stopped: This trial key has used its 12 events.*12 sent before it stopped/);
    expect(run.stdout).toContain('14 documents: 12 stamped, 0 skipped, 2 failed.');
    expect(receiptsUnder(folder)).toHaveLength(12);
  });

  it('waits out a 429 as its Retry-After says', async () => {
    // A rate limiter in front of the service (standing in for one that counts per minute): the first
    // event is refused with Retry-After: 1, everything else passes through.
    let refused = 0;
    const limiter = http.createServer((req, res) => {
      if (req.method === 'POST' && req.url === '/event' && refused === 0) {
        refused++;
        req.resume();
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        res.end(
          JSON.stringify({ error: { code: 'rate_limited', message: 'Too many requests; retry later.' } }),
        );
        return;
      }
      const upstream = http.request(
        `${service}${req.url}`,
        { method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => limiter.listen(0, '127.0.0.1', resolve));
    try {
      const limited = `http://127.0.0.1:${(limiter.address() as AddressInfo).port}`;
      const folder = folderOf('limited', 2, 'limited');
      const run = await runZap1(['stamp', folder, '--service', limited, '--key', await trialKey()], {
        XDG_CONFIG_HOME: path.join(root, 'config-limited'),
      });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(refused).toBe(1);
      expect(run.stderr).toContain('waiting 1 s');
      expect(receiptsUnder(folder)).toHaveLength(2);
    } finally {
      await new Promise<void>((resolve) => limiter.close(() => resolve()));
    }
  });

  it('refuses bad input before sending anything (exit 2)', async () => {
    const folder = folderOf('refused', 1, 'refused');
    const env = { XDG_CONFIG_HOME: path.join(root, 'config-refused') };
    const before = await leafCount();
    const badReference = await runZap1(['stamp', folder, '--service', service, '--reference', ''], env);
    expect(badReference.code).toBe(2);
    const noService = await runZap1(['stamp', folder], env);
    expect(noService).toMatchObject({ code: 2, stderr: expect.stringContaining('give --service') });
    const missing = await runZap1(['stamp', path.join(folder, 'nope.pdf'), '--service', service], env);
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringContaining('cannot read') });
    expect((await runZap1(['nonsense'], env)).code).toBe(2);
    expect(await leafCount()).toBe(before);
    expect(receiptsUnder(folder)).toEqual([]);
    const help = await runZap1(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('zap1 stamp ./closing-binder');
    for (const command of ['stamp', 'upgrade', 'verify']) {
      const own = await runZap1([command, '--help']);
      expect(own.code).toBe(0);
      expect(own.stdout).toContain(`Examples:\n  zap1 ${command}`);
    }
  });
});
