/** Builds a tree of N leaves and prints its peak RSS as JSON (run in its own process by core.bench.ts). */
import { MerkleTree, useWasmBlake2b } from 'zap1';

const n = Number(process.argv[2] ?? 10_000_000);
// The service's hashing (blake2b-wasm), so that the build time is the service's.
await useWasmBlake2b();
const tree = new MerkleTree();
const leaf = new Uint8Array(32);
const view = new DataView(leaf.buffer);
const start = process.hrtime.bigint();
for (let i = 0; i < n; i++) {
  // Distinct leaves without hashing: the counter in the first bytes is enough for the tree.
  view.setUint32(0, i);
  view.setUint32(4, i ^ 0x5a5a5a5a);
  tree.appendBytes(leaf);
}
const root = tree.root();
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
console.log(
  JSON.stringify({ leaves: tree.size, root, seconds, maxRssMiB: process.resourceUsage().maxRSS / 1024 }),
);
