import { describe, expect, it } from 'vitest';
import {
  EVIDENCE_HEIGHT,
  OTHER_KEY,
  anchorTransaction,
  evidenceFor,
  evidencedBundle,
} from '../../test/chain-evidence.js';
import {
  checkChainEvidence,
  confirmBlock,
  parseChainEvidence,
  type ChainEvidence,
} from './chain-evidence.js';

const { evidence, rootHex } = evidencedBundle();
const claim = { txid: evidence.txid, height: evidence.height };

/** `hex` with the byte at `index` changed. */
function flipByte(hex: string, index: number): string {
  const byte = (parseInt(hex.slice(2 * index, 2 * index + 2), 16) ^ 0x01).toString(16).padStart(2, '0');
  return hex.slice(0, 2 * index) + byte + hex.slice(2 * index + 2);
}
const statuses = (e: ChainEvidence, root = rootHex) =>
  Object.fromEntries(checkChainEvidence(e, root, claim).checks.map((c) => [c.name, c.status]));

describe('chain evidence', () => {
  it('passes all four checks on the bytes of a real-format anchor, and recovers its memo', () => {
    const findings = checkChainEvidence(evidence, rootHex, claim);
    expect(findings.checks.map((c) => [c.name, c.status])).toEqual([
      ['transaction', 'pass'],
      ['memo', 'pass'],
      ['branch', 'pass'],
      ['header', 'pass'],
    ]);
    expect(findings.memoRootHex).toBe(rootHex);
    expect(parseChainEvidence(JSON.parse(JSON.stringify(evidence)))).toEqual({ ok: true, evidence });
  });

  it('fails the transaction check for one changed byte of the transaction', () => {
    // A byte of the Orchard bundle's anchor field, well inside the transaction.
    const changed = { ...evidence, transaction: flipByte(evidence.transaction, 200) };
    expect(statuses(changed)['transaction']).toBe('fail');
  });

  it('fails the header check for one changed byte of the header, and the branch check when it is the merkle root', () => {
    expect(statuses({ ...evidence, block_header: flipByte(evidence.block_header, 100) })['header']).toBe(
      'fail',
    );
    const rootChanged = statuses({ ...evidence, block_header: flipByte(evidence.block_header, 40) });
    expect(rootChanged['branch']).toBe('fail');
    expect(rootChanged['header']).toBe('fail');
  });

  it('fails the branch check for one changed byte of the branch, or the wrong index', () => {
    const branch = [flipByte(evidence.merkle_branch[0]!, 3), ...evidence.merkle_branch.slice(1)];
    expect(statuses({ ...evidence, merkle_branch: branch })['branch']).toBe('fail');
    expect(statuses({ ...evidence, tx_index: 0 })['branch']).toBe('fail');
  });

  it("fails the memo check for another root's memo and for another wallet's key", () => {
    const otherRoot = 'ab'.repeat(32);
    const other = evidenceFor(anchorTransaction(otherRoot));
    const findings = checkChainEvidence(other, rootHex, { txid: other.txid, height: other.height });
    expect(findings.checks.find((c) => c.name === 'memo')).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining(`anchors another root, ${otherRoot}`),
    });
    expect(statuses({ ...evidence, viewing_key: OTHER_KEY })['memo']).toBe('fail');
  });

  it('fails when the evidence is for another transaction or height than the anchor claims', () => {
    const elsewhere = checkChainEvidence(evidence, rootHex, {
      txid: 'cd'.repeat(32),
      height: evidence.height,
    });
    expect(elsewhere.checks[0]).toMatchObject({ name: 'transaction', status: 'fail' });
    const higher = checkChainEvidence(evidence, rootHex, {
      txid: evidence.txid,
      height: evidence.height + 1,
    });
    expect(higher.checks[0]).toMatchObject({ name: 'transaction', status: 'fail' });
  });

  it('fails when the evidence or its key is of another network than the receipt', () => {
    const onDevnet = checkChainEvidence(evidence, rootHex, { ...claim, network: 'devnet' });
    expect(onDevnet.checks[0]).toMatchObject({
      name: 'transaction',
      status: 'fail',
      detail: expect.stringContaining('the mainnet chain, but the receipt was made on devnet'),
    });
    // A mainnet key in evidence that says testnet: the key is not of the evidence's network.
    const labelled = checkChainEvidence({ ...evidence, network: 'testnet' }, rootHex, claim);
    expect(labelled.checks.find((c) => c.name === 'memo')).toMatchObject({ status: 'fail' });
    expect(
      checkChainEvidence(evidence, rootHex, { ...claim, network: 'MainNetwork' }).checks[0]?.status,
    ).toBe('pass');
  });

  it('confirms the block from a given hash, a node or the history, and says which block to look up otherwise', () => {
    expect(confirmBlock(evidence, [{ kind: 'given', blockHash: evidence.block_hash }]).status).toBe('pass');
    expect(confirmBlock(evidence, [{ kind: 'given', blockHash: '00'.repeat(32) }]).status).toBe('fail');
    expect(
      confirmBlock(evidence, [{ kind: 'node', url: 'http://node', blockHash: evidence.block_hash }]).status,
    ).toBe('pass');
    expect(confirmBlock(evidence, [{ kind: 'history', service: 'https://s', matches: true }]).status).toBe(
      'pass',
    );
    expect(confirmBlock(evidence, [{ kind: 'history', service: 'https://s', matches: false }]).status).toBe(
      'unknown',
    );
    const open = confirmBlock(evidence, [], 'https://explorer.example/block/{height}');
    expect(open).toMatchObject({ name: 'block', status: 'unknown' });
    expect(open.detail).toContain(`https://explorer.example/block/${EVIDENCE_HEIGHT}`);
    expect(open.detail).toContain(evidence.block_hash);
  });

  it('refuses malformed evidence with a plain error, never a throw', () => {
    for (const bad of [
      null,
      [],
      { ...evidence, format: 'x' },
      { ...evidence, txid: 'XY' },
      { ...evidence, height: -1 },
      { ...evidence, merkle_branch: ['zz'] },
      { ...evidence, transaction: 'abc' },
    ]) {
      const parsed = parseChainEvidence(bad);
      expect(parsed.ok).toBe(false);
    }
    // Bytes that do not parse fail their check; they never throw.
    const garbage = { ...evidence, transaction: '00', block_header: 'ff' };
    expect(() => checkChainEvidence(garbage, rootHex, claim)).not.toThrow();
    expect(statuses(garbage)).toMatchObject({
      transaction: 'fail',
      memo: 'fail',
      branch: 'fail',
      header: 'fail',
    });
  });
});
