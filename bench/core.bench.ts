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
import Blake2b from 'blake2b-wasm';
import {
  createSha256Stream,
  hashNode,
  leafHash,
  MerkleTree,
  NODE_PERSONALIZATION,
  useNobleBlake2b,
  useWasmBlake2b,
  verifyProof,
  toHex,
} from 'zap1';
import { loadavg } from 'node:os';
import { measureChainReading } from './chain-reading.js';
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

// BLAKE2b: one 64-byte node hash on each implementation behind the hash module.
const nodeHashMicros = (): number => {
  const left = randomBytes(32);
  const right = randomBytes(32);
  const n = 1_000_000;
  for (let i = 0; i < 50_000; i++) hashNode(left, right);
  const { seconds } = time(() => {
    for (let i = 0; i < n; i++) hashNode(left, right);
  });
  return (seconds / n) * 1e6;
};
useNobleBlake2b();
const nobleNodeMicros = nodeHashMicros();
if (!(await useWasmBlake2b())) throw new Error('blake2b-wasm did not load');
const wasmNodeMicros = nodeHashMicros();
row('BLAKE2b-256 node hash (64 bytes, NordicShield_MRK), @noble/hashes', `${fmt(nobleNodeMicros, 2)} µs`);
row(
  'BLAKE2b-256 node hash, blake2b-wasm (what the service uses)',
  `${fmt(wasmNodeMicros, 2)} µs (${fmt(nobleNodeMicros / wasmNodeMicros, 1)}× noble)`,
);

// The floor: 1,000,000 leaves reduced to their root with blake2b-wasm called directly (999,999
// node hashes, pairs level by level, no tree kept), against which the tree's appends are measured.
const N = 1_000_000;
const leaves = randomBytes(N * 32);
const floor = time(() => {
  // Level by level in two preallocated buffers, each digest written in place: the library's own cost.
  let level = Uint8Array.from(leaves);
  let count = N;
  let next = new Uint8Array(Math.ceil(N / 2) * 32);
  while (count > 1) {
    const pairs = Math.floor(count / 2);
    for (let i = 0; i < pairs; i++)
      Blake2b(32, null, null, NODE_PERSONALIZATION, true)
        .update(level.subarray(i * 64, i * 64 + 64))
        .digest(next.subarray(i * 32, i * 32 + 32));
    if (count % 2 === 1) next.set(level.subarray((count - 1) * 32, count * 32), pairs * 32);
    count = Math.ceil(count / 2);
    [level, next] = [next, level];
  }
  return level.subarray(0, 32);
});
const floorMicrosPerHash = (floor.seconds / (N - 1)) * 1e6;
row(
  'Floor: 1,000,000 leaves reduced to their root with blake2b-wasm directly (999,999 node hashes)',
  `${fmt(floor.seconds, 2)} s (${fmt(floorMicrosPerHash, 2)} µs a node)`,
);

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

// Appending 1,000,000 leaves and computing the root, on blake2b-wasm and (for comparison) on noble.
const appendMillion = (): { tree: MerkleTree; seconds: number } => {
  const built = new MerkleTree();
  const { seconds } = time(() => {
    for (let i = 0; i < N; i++) built.appendBytes(leaves.subarray(i * 32, i * 32 + 32));
    return built.root();
  });
  return { tree: built, seconds };
};
useNobleBlake2b();
const onNoble = appendMillion();
await useWasmBlake2b();
const onWasm = appendMillion();
if (onWasm.tree.root() !== onNoble.tree.root()) throw new Error('the two trees disagree');
row(
  'Append 1,000,000 leaves and compute the root (blake2b-wasm)',
  `${fmt(onWasm.seconds, 2)} s (${fmt(onWasm.seconds / floor.seconds, 2)}× the floor)`,
  'within 2× the floor',
);
row('… the same on @noble/hashes', `${fmt(onNoble.seconds, 2)} s`);
console.log('append done');
const tree = onWasm.tree;

// Inclusion proofs at 1,000,000 leaves: read from the tree's stored nodes, against hashing the
// same path from the leaf up at the floor's rate (what a proof costs without stored nodes' help).
{
  const count = 20_000;
  const indices = Array.from({ length: count }, () => Math.floor(Math.random() * N));
  const rootHex = tree.root();
  // Like the floor's million hashes, measured once the code is warm: five passes after one unmeasured,
  // the median kept. Each pass reads other leaves' paths, so the tree's memory is read cold.
  const readPaths = (): { seconds: number; steps: number } => {
    const drawn = Array.from({ length: count }, () => Math.floor(Math.random() * N));
    const { seconds, result } = time(() => {
      let steps = 0;
      for (const i of drawn) steps += tree.inclusionSiblings(i).siblingOnRight.length;
      return steps;
    });
    return { seconds, steps: result / count };
  };
  readPaths();
  const passes = Array.from({ length: 5 }, readPaths).sort((a, b) => a.seconds - b.seconds);
  const paths = passes[2]!;
  const gen = time(() => indices.map((i) => tree.inclusionProof(i)));
  const steps = paths.steps;
  const recomputeMicros = steps * floorMicrosPerHash;
  const pathMicros = (paths.seconds / count) * 1e6;
  const verify = (): number => {
    const { seconds, result } = time(() => {
      let valid = 0;
      indices.forEach((index, k) => {
        const leafHex = toHex(leaves.subarray(index * 32, index * 32 + 32));
        if (verifyProof({ leafHex, proof: gen.result[k]!, leafCount: N, rootHex }).valid) valid++;
      });
      return valid;
    });
    if (result !== count) throw new Error(`only ${result} of ${count} proofs verified`);
    return count / seconds;
  };
  const verifiedWasm = verify();
  useNobleBlake2b();
  const verifiedNoble = verify();
  await useWasmBlake2b();
  row(
    'Inclusion path from stored nodes at 1,000,000 leaves (siblings packed as bytes, what the service hashes; median of 5 passes of 20,000 leaves drawn uniformly, after one unmeasured)',
    `${fmt(count / paths.seconds)} /s (${fmt(pathMicros, 2)} µs; ${fmt(recomputeMicros / pathMicros, 1)}× faster than hashing its ${fmt(steps, 1)} steps at the floor rate, ${fmt(recomputeMicros, 2)} µs)`,
    'at least 8× faster',
  );
  row('Inclusion proof generation at 1,000,000 leaves (siblings as hex)', `${fmt(count / gen.seconds)} /s`);
  row('Inclusion proof verification at 1,000,000 leaves (blake2b-wasm)', `${fmt(verifiedWasm)} /s`);
  row("… the same on @noble/hashes (the browser's verifier)", `${fmt(verifiedNoble)} /s`);
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

// Reading the chain: a mainnet header's proof of work, a 2 MB block of real transactions.
for (const [what, figure] of measureChainReading()) row(what, figure);
console.log('chain reading done');

// Peak memory of a 10,000,000-leaf tree, measured in a fresh process.
{
  const child = spawnSync(
    process.execPath,
    ['--conditions=zap1-source', '--import', 'tsx', path.join(here, 'tree-memory.ts'), '10000000'],
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
  'The ZAP1 hashes run on blake2b-wasm in the service (installed by `useWasmBlake2b`, checked against @noble/hashes as',
  'it is installed); the browser verifies with @noble/hashes. The app hashes files in a Web Worker; its figure is in the web app section.',
  '',
  `Load average (1 / 5 / 15 min) before: ${loadBefore.map((l) => l.toFixed(2)).join(' / ')}; after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}.`,
].join('\n');
writeSection('core', 'Protocol library (`npm run bench`)', body);
console.log(body);
