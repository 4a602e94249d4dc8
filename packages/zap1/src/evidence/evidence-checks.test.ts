import { describe, expect, it } from 'vitest';
import { OTHER_KEY, anchorTransaction, evidenceFor, evidencedBundle } from '../../test/chain-evidence.js';
import { blockHash } from '../chain/block.js';
import { parseTransactionV5, serializeTransaction } from '../chain/transaction.js';
import { transactionId } from '../chain/zip244.js';
import { parseChainEvidence, type ChainEvidence } from './chain-evidence.js';
import { MAX_ORCHARD_ACTIONS_IN_BLOCK, checkChainEvidence } from './evidence-checks.js';
import { toHex } from '../protocol/hex.js';

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
  it('passes every check on the bytes of a real-format anchor, recovers its memo and reads the header time', () => {
    const findings = checkChainEvidence(evidence, rootHex, claim);
    expect(findings.checks.map((c) => [c.name, c.status])).toEqual([
      ['transaction', 'pass'],
      ['memo', 'pass'],
      ['branch', 'pass'],
      ['commitments', 'pass'],
      ['header', 'pass'],
      ['work', 'pass'],
    ]);
    expect(findings.memoRootHex).toBe(rootHex);
    expect(findings.headerTime).toBeGreaterThan(1_600_000_000);
    expect(parseChainEvidence(JSON.parse(JSON.stringify(evidence)))).toEqual({ ok: true, evidence });
  });

  it('fails the transaction check for one changed byte of the transaction', () => {
    // A byte of the Orchard bundle's anchor field, well inside the transaction.
    const changed = { ...evidence, transaction: flipByte(evidence.transaction, 200) };
    expect(statuses(changed)['transaction']).toBe('fail');
  });

  it('fails the commitments check for one changed byte of a proof or a signature, which the txid leaves out', () => {
    const tx = parseTransactionV5(evidence.transaction);
    const orchard = tx.orchard!;
    const proofs = Uint8Array.from(orchard.proofs);
    proofs[100]! ^= 1;
    const withProof = toHex(serializeTransaction({ ...tx, orchard: { ...orchard, proofs } }));
    const sig = Uint8Array.from(orchard.bindingSig);
    sig[5]! ^= 1;
    const withSig = toHex(serializeTransaction({ ...tx, orchard: { ...orchard, bindingSig: sig } }));
    for (const transaction of [withProof, withSig]) {
      const found = statuses({ ...evidence, transaction });
      // The txid, the memo and the branch still hold: only the block commitments bind these bytes.
      expect(found).toEqual({
        transaction: 'pass',
        memo: 'pass',
        branch: 'pass',
        commitments: 'fail',
        header: 'pass',
        work: 'pass',
      });
    }
    // A changed chain history root or auth branch byte fails it too.
    expect(
      statuses({ ...evidence, chain_history_root: flipByte(evidence.chain_history_root!, 0) }),
    ).toMatchObject({
      commitments: 'fail',
    });
    const authBranch = [
      flipByte(evidence.auth_digest_branch![0]!, 31),
      ...evidence.auth_digest_branch!.slice(1),
    ];
    expect(statuses({ ...evidence, auth_digest_branch: authBranch })['commitments']).toBe('fail');
  });

  it('says which bytes were bound when the evidence carries no auth data branch (made before it did)', () => {
    const legacy = evidenceFor(evidence.transaction, undefined, { legacy: true });
    const findings = checkChainEvidence(legacy, rootHex, claim);
    const commitments = findings.checks.find((c) => c.name === 'commitments')!;
    expect(commitments.status).toBe('unknown');
    expect(commitments.detail).toContain("Not bound: the transaction's proofs and signatures");
    expect(findings.checks.filter((c) => c.name !== 'commitments').every((c) => c.status === 'pass')).toBe(
      true,
    );
  });

  it("refuses an index at or past the block's transaction count, and a count the branch does not fit", () => {
    // In a block of 3, index 3 would fold like index 2 (the last node of an odd level pairs with itself).
    const pastTheEnd = checkChainEvidence({ ...evidence, tx_index: 3 }, rootHex, claim);
    expect(pastTheEnd.checks.find((c) => c.name === 'branch')).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('index 3 does not exist in a block of 3 transactions'),
    });
    expect(statuses({ ...evidence, tx_count: 9 })['branch']).toBe('fail');
    expect(statuses({ ...evidence, tx_count: 2 })['branch']).toBe('fail');
  });

  it('refuses, without trying its actions, a transaction no block could hold', () => {
    const tx = parseTransactionV5(evidence.transaction);
    const orchard = tx.orchard!;
    const actions = Array.from({ length: MAX_ORCHARD_ACTIONS_IN_BLOCK + 1 }, () => orchard.actions[0]!);
    const proofs = new Uint8Array(2720 + 2272 * actions.length);
    const huge = toHex(serializeTransaction({ ...tx, orchard: { ...orchard, actions, proofs } }));
    const hugeClaim = { txid: transactionId(huge), height: evidence.height };
    const findings = checkChainEvidence(
      { ...evidence, txid: hugeClaim.txid, transaction: huge },
      rootHex,
      hugeClaim,
    );
    expect(findings.checks[0]).toMatchObject({
      name: 'transaction',
      status: 'fail',
      detail: expect.stringContaining(`more than a block can hold (${MAX_ORCHARD_ACTIONS_IN_BLOCK})`),
    });
    expect(findings.checks[1]).toMatchObject({ name: 'memo', status: 'fail' });
    const shortProof = toHex(
      serializeTransaction({ ...tx, orchard: { ...orchard, proofs: new Uint8Array(10) } }),
    );
    const shortClaim = { txid: transactionId(shortProof), height: evidence.height };
    const short = { ...evidence, txid: shortClaim.txid, transaction: shortProof };
    expect(checkChainEvidence(short, rootHex, shortClaim).checks[0]?.detail).toContain(
      'where consensus fixes',
    );
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
    const onMainnet = checkChainEvidence(evidence, rootHex, { ...claim, network: 'mainnet' });
    expect(onMainnet.checks[0]).toMatchObject({
      name: 'transaction',
      status: 'fail',
      detail: expect.stringContaining('the devnet chain, but the receipt was made on mainnet'),
    });
    // A regtest key in evidence that says testnet: the key is not of the evidence's network, and a
    // regtest header's work is no testnet work.
    const labelled = checkChainEvidence({ ...evidence, network: 'testnet' }, rootHex, claim);
    expect(labelled.checks.find((c) => c.name === 'memo')).toMatchObject({ status: 'fail' });
    expect(labelled.checks.find((c) => c.name === 'work')).toMatchObject({ status: 'fail' });
    expect(checkChainEvidence(evidence, rootHex, { ...claim, network: 'devnet' }).checks[0]?.status).toBe(
      'pass',
    );
  });

  it('fails the work check when the nonce or the solution changed, even with the block hash recomputed', () => {
    // Header bytes 108..139 are the nonce; the solution follows its one-byte length at 140.
    for (const at of [108, 139, 141, 160, 176]) {
      const header = flipByte(evidence.block_header, at);
      const findings = checkChainEvidence(
        { ...evidence, block_header: header, block_hash: blockHash(header) },
        rootHex,
        claim,
      );
      const byName = Object.fromEntries(findings.checks.map((c) => [c.name, c]));
      expect(byName['header']?.status, `byte ${at}`).toBe('pass');
      expect(byName['work']).toMatchObject({
        status: 'fail',
        detail: expect.stringMatching(/Equihash|target/),
      });
    }
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
      { ...evidence, tx_count: 0 },
      { ...evidence, tx_count: 1.5 },
      { ...evidence, auth_digest_branch: ['zz'] },
      { ...evidence, chain_history_root: 'x' },
      { ...evidence, tx_count: undefined },
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
      commitments: 'fail',
      header: 'fail',
    });
  });
});
