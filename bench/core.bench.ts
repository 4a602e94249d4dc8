/**
 * Benchmarks of the protocol library (issue: foundation). Run with `npm run bench`; the figures go
 * into docs/benchmarks.md.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomFillSync, webcrypto } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSHA256 } from 'hash-wasm';
import { createSha256Stream, leafHash, MerkleTree, verifyProof, toHex } from 'zap1';
import { loadavg } from 'node:os';
import { fmt, writeSection } from './report.js';

const loadBefore = loadavg();

const here = path.dirname(fileURLToPath(import.meta.url));

function time<T>(run: () => T): { result: T; seconds: number } {
  const start = process.hrtime.bigint();
  const result = run();
  return { result, seconds: Number(process.hrtime.bigint() - start) / 1e9 };
}

async function timeAsync<T>(run: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const start = process.hrtime.bigint();
  const result = await run();
  return { result, seconds: Number(process.hrtime.bigint() - start) / 1e9 };
}

const lines: string[] = [];
const row = (what: string, figure: string, target = '') => lines.push(`| ${what} | ${figure} | ${target} |`);

// Leaf hashing: CONTRACT_ANCHOR, the event the app submits.
{
  const n = 200_000;
  const contract = 'ab'.repeat(32);
  const { seconds } = time(() => {
    for (let i = 0; i < n; i++)
      leafHash({ event_type: 'CONTRACT_ANCHOR', serial_number: `SN-${i}`, contract_sha256: contract });
  });
  row('Leaf hashes (CONTRACT_ANCHOR, hex in and out)', `${fmt(n / seconds)} /s`);
  console.log('leaf hashes done');
}

// Appending 1,000,000 leaves and computing the root.
const N = 1_000_000;
const leaves = randomBytes(N * 32);
const tree = new MerkleTree();
{
  const { seconds } = time(() => {
    for (let i = 0; i < N; i++) tree.appendBytes(leaves.subarray(i * 32, i * 32 + 32));
    return tree.root();
  });
  row('Append 1,000,000 leaves and compute the root', `${fmt(seconds, 2)} s`, 'under 5 s');
  console.log('append done');
}

// Inclusion proofs at 1,000,000 leaves.
{
  const count = 20_000;
  const indices = Array.from({ length: count }, () => Math.floor(Math.random() * N));
  const rootHex = tree.root();
  const gen = time(() => indices.map((i) => tree.inclusionProof(i)));
  const ver = time(() => {
    let valid = 0;
    indices.forEach((index, k) => {
      const leafHex = toHex(leaves.subarray(index * 32, index * 32 + 32));
      if (verifyProof({ leafHex, proof: gen.result[k]!, leafCount: N, rootHex }).valid) valid++;
    });
    return valid;
  });
  if (ver.result !== count) throw new Error(`only ${ver.result} of ${count} proofs verified`);
  row('Inclusion proof generation at 1,000,000 leaves', `${fmt(count / gen.seconds)} /s`);
  row('Inclusion proof verification at 1,000,000 leaves', `${fmt(count / ver.seconds)} /s`);
  console.log('proofs done');
}

// SHA-256 of a 256 MiB buffer in 1 MiB chunks, next to sha256sum on the same bytes.
{
  const size = 256 * 2 ** 20;
  const chunk = 2 ** 20;
  const data = new Uint8Array(size);
  for (let off = 0; off < size; off += 65536) randomFillSync(data, off, 65536);
  const mb = size / 1e6;

  const noble = time(() => {
    const stream = createSha256Stream();
    for (let off = 0; off < size; off += chunk) stream.update(data.subarray(off, off + chunk));
    return stream.digestHex();
  });
  const wasm = await timeAsync(async () => {
    const hasher = await createSHA256();
    hasher.init();
    for (let off = 0; off < size; off += chunk) hasher.update(data.subarray(off, off + chunk));
    return hasher.digest('hex');
  });
  const nodeHash = time(() => {
    const h = createHash('sha256');
    for (let off = 0; off < size; off += chunk) h.update(data.subarray(off, off + chunk));
    return h.digest('hex');
  });
  const subtle = await timeAsync(async () =>
    toHex(new Uint8Array(await webcrypto.subtle.digest('SHA-256', data))),
  );

  const dir = mkdtempSync(path.join(tmpdir(), 'zap1-bench-'));
  const file = path.join(dir, 'data.bin');
  writeFileSync(file, data);
  spawnSync('cat', [file], { stdio: 'ignore' }); // warm the page cache so sha256sum reads from memory
  const sum = time(() => spawnSync('sha256sum', [file], { encoding: 'utf8' }).stdout.split(' ')[0]);
  rmSync(dir, { recursive: true, force: true });

  for (const [name, r] of [
    ['hash-wasm', wasm],
    ['node:crypto', nodeHash],
    ['WebCrypto (one shot)', subtle],
  ] as const) {
    if (r.result !== noble.result) throw new Error(`${name} disagrees with @noble/hashes`);
  }
  if (sum.result !== noble.result) throw new Error('sha256sum disagrees with @noble/hashes');
  const pct = (s: number) => `${fmt((sum.seconds / s) * 100)}% of sha256sum`;
  row('SHA-256, `sha256sum` on the same 256 MiB (page cache warm)', `${fmt(mb / sum.seconds)} MB/s`);
  row(
    'SHA-256, `createSha256Stream` (@noble/hashes), 1 MiB chunks',
    `${fmt(mb / noble.seconds)} MB/s (${pct(noble.seconds)})`,
    'at least 40% of sha256sum',
  );
  row(
    'SHA-256, hash-wasm incremental, 1 MiB chunks',
    `${fmt(mb / wasm.seconds)} MB/s (${pct(wasm.seconds)})`,
  );
  row(
    'SHA-256, WebCrypto `subtle.digest`, whole buffer (cannot chunk)',
    `${fmt(mb / subtle.seconds)} MB/s (${pct(subtle.seconds)})`,
  );
  row(
    'SHA-256, node:crypto incremental (native, for reference)',
    `${fmt(mb / nodeHash.seconds)} MB/s (${pct(nodeHash.seconds)})`,
  );
  console.log('sha256 done');
}

// Peak memory of a 10,000,000-leaf tree, measured in a fresh process.
{
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'tree-memory.ts'), '10000000'],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    },
  );
  if (child.status !== 0) throw new Error(`tree-memory failed: ${child.stderr}`);
  const measured: unknown = JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}');
  if (
    typeof measured !== 'object' ||
    measured === null ||
    !('maxRssMiB' in measured) ||
    !('seconds' in measured)
  ) {
    throw new Error('tree-memory printed no figures');
  }
  row(
    'Peak RSS of a process holding a 10,000,000-leaf tree',
    `${fmt(Number(measured.maxRssMiB))} MiB (built in ${fmt(Number(measured.seconds), 1)} s)`,
    'under 1 GiB',
  );
}

const body = [
  '| what | figure | target |',
  '|---|---|---|',
  ...lines,
  '',
  'The app hashes files with hash-wasm in a Web Worker (docs/architecture.md): WebCrypto cannot hash in chunks, and',
  '@noble/hashes stays for BLAKE2b. The browser figure is in the web app section.',
  '',
  `Load average (1 / 5 / 15 min) before: ${loadBefore.map((l) => l.toFixed(2)).join(' / ')}; after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}.`,
].join('\n');
writeSection('core', 'Protocol library (`npm run bench`)', body);
console.log(body);
