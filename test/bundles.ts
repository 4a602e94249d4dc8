/**
 * Test-only: genuine proof bundles built with the library's own tree, in the shape a ZAP1 service
 * serves them, so verifier tests can start from a bundle that verifies and edit one field.
 */
import { MerkleTree, leafHash } from '../src/core/index.js';

export const TXID = '7'.repeat(64);
export const HEIGHT = 4_000_123;

/** A CONTRACT_ANCHOR event per `n`, with the leaf it hashes to. */
export function contractEvent(n: number): { event: Record<string, unknown>; leafHex: string } {
  const event = {
    event_type: 'CONTRACT_ANCHOR',
    wallet_hash: `wallet_${n}`,
    serial_number: `SERIAL-${n}`,
    contract_sha256: n.toString(16).padStart(64, 'c'),
  };
  return { event, leafHex: leafHash(event) };
}

/** The bundle of leaf `index` in a tree of `size` contract events, anchored as `anchor` says. */
export function genuineBundle(
  index: number,
  size: number,
  anchor: { txid: string | null; height: number | null } = { txid: TXID, height: HEIGHT },
): Record<string, unknown> {
  const tree = new MerkleTree();
  for (let n = 0; n < size; n++) tree.append(contractEvent(n).leafHex);
  return {
    protocol: 'ZAP1',
    version: '2',
    leaf: {
      hash: contractEvent(index).leafHex,
      event_type: 'CONTRACT_ANCHOR',
      created_at: '2026-11-01T00:00:00.000Z',
    },
    proof: tree.inclusionProof(index, size),
    root: {
      hash: tree.root(size),
      leaf_count: size,
      created_at: '2026-11-01T00:00:00.000Z',
      scheme: 'ZAP1_COUNT_BOUND_V2',
    },
    anchor,
    verify_command: 'zap1-verify proof.json',
  };
}
