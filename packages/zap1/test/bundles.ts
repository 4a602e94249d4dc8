/**
 * Test-only: genuine proof bundles built with the library's own tree, in the shape a ZAP1 service
 * serves them, so verifier tests can start from a bundle that verifies and edit one field.
 */
import { MerkleTree, leafHash, makeReceipt, type Receipt } from '../src/index.js';

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

/**
 * A HOSTING_PAYMENT event per `n`: its leaf commits to the serial number, month and year only (the
 * cheap event a forged receipt starts from in the security review's finding 1).
 */
export function hostingPaymentEvent(n: number): { event: Record<string, unknown>; leafHex: string } {
  const event = {
    event_type: 'HOSTING_PAYMENT',
    wallet_hash: `wallet_${n}`,
    serial_number: `HOST-${n}`,
    month: 11,
    year: 2026,
  };
  return { event, leafHex: leafHash(event) };
}

/**
 * A receipt of `made` (one of the events above with its leaf): from https://zap1.example on devnet,
 * made 2026-11-01, with no file and no proof unless `overrides` says otherwise, so that a test names
 * only what its receipt is about.
 */
export function testReceipt(
  made: { event: Record<string, unknown>; leafHex: string },
  overrides: Partial<Parameters<typeof makeReceipt>[0]> = {},
): Receipt {
  return makeReceipt({
    serviceUrl: 'https://zap1.example',
    network: 'devnet',
    event: made.event,
    leafHex: made.leafHex,
    now: new Date(Date.UTC(2026, 10, 1)),
    ...overrides,
  });
}

type Anchor = { txid: string | null; height: number | null };

/** The bundle of leaf `index` in a tree of `size` contract events, anchored as `anchor` says. */
export function genuineBundle(
  index: number,
  size: number,
  anchor: Anchor = { txid: TXID, height: HEIGHT },
): Record<string, unknown> {
  const leaves = Array.from({ length: size }, (_, n) => contractEvent(n).leafHex);
  return bundleOfLeaves(leaves, index, 'CONTRACT_ANCHOR', anchor);
}

/** The bundle of `leaves[index]` (an event of `eventType`) in a tree of `leaves`, anchored as `anchor` says. */
export function bundleOfLeaves(
  leaves: readonly string[],
  index: number,
  eventType: string,
  anchor: Anchor = { txid: TXID, height: HEIGHT },
): Record<string, unknown> {
  const size = leaves.length;
  const tree = new MerkleTree();
  for (const leaf of leaves) tree.append(leaf);
  return {
    protocol: 'ZAP1',
    version: '2',
    leaf: {
      hash: leaves[index],
      event_type: eventType,
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
