/**
 * Reading one anchor's evidence from the development chain: one `getblock … 2` gives the txids,
 * every auth digest and the chain history root; the evidence binds every byte of the transaction
 * (the commitments check passes) and a changed commitment fails it; a node that leaves out what the
 * commitments need, or whose auth data root is not its transactions', serves no evidence; evidence
 * without commitments passes only where older evidence may (serving, not keeping).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { anchorMemoHex, encodeViewingKey, type VerdictCheck } from 'zap1';
import type { AnchoredRoot } from '../store/store.js';
import { DEVCHAIN_WALLET_ADDRESS, DevChain } from '../../devchain/devchain.js';
import { newWalletKey } from '../../devchain/keys.js';
import {
  EvidenceNotServedError,
  failedEvidenceChecks,
  readEvidence,
  toChainEvidence,
} from './evidence-read.js';
import { ZcashRpcClient, zatToZec, type BlockWithTransactions } from 'zap1/node-rpc';
import { devMine } from '../../devchain/control.js';

const USER = 'devuser';
const PASSWORD = 'devpass';
const ROOT = '94421ae28effbe52f651b33eb62c3b428d2ae62be578e05d471cba9794225bbd';

let dataDir: string;
let chain: DevChain;
let c: ZcashRpcClient;
let root: AnchoredRoot;

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'evidence-read-'));
  chain = await DevChain.start({ dataDir, blockMs: 0, user: USER, password: PASSWORD });
  c = new ZcashRpcClient({ url: chain.url, user: USER, password: PASSWORD, retries: 0 });
  const opid = await c.zSendMany(DEVCHAIN_WALLET_ADDRESS, [
    { address: DEVCHAIN_WALLET_ADDRESS, amount: zatToZec(1000), memo: anchorMemoHex(ROOT) },
  ]);
  const txid = (await c.zGetOperationStatus([opid]))[0]!.txid!;
  await devMine(c, 1);
  const height = await c.getBlockCount();
  root = {
    anchorId: 1,
    rootHex: ROOT,
    leafCount: 1,
    txid,
    height,
    blockTime: null,
    blockHash: null,
    createdAt: '',
  };
});

afterEach(async () => {
  await chain.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const key = (): Promise<string> => c.zExportViewingKey(DEVCHAIN_WALLET_ADDRESS);
const names = (checks: VerdictCheck[]): string[] => checks.map((check) => `${check.name} ${check.status}`);

/** A client whose `getblock … 2` answers are changed by `edit`; every RPC it makes is counted. */
function editedClient(edit: (block: BlockWithTransactions) => BlockWithTransactions): {
  rpc: ZcashRpcClient;
  calls: string[];
} {
  const calls: string[] = [];
  const rpc = new ZcashRpcClient({ url: chain.url, user: USER, password: PASSWORD, retries: 0 });
  const call = rpc.call.bind(rpc);
  rpc.call = (method, params, options) => {
    calls.push(`${method} ${String(params?.[1])}`);
    return call(method, params, options);
  };
  const described = rpc.getBlockWithTransactions.bind(rpc);
  rpc.getBlockWithTransactions = async (block) => edit(await described(block));
  return { rpc, calls };
}

describe('readEvidence', () => {
  it('reads the block once with its transactions, and what it keeps binds every byte', async () => {
    const { rpc, calls } = editedClient((block) => block);
    const stored = (await readEvidence(rpc, root))!;
    // The block's description carries the transaction's bytes: no getrawtransaction.
    expect(calls).toEqual(['getblock 2', 'getblockheader false']);
    expect(stored.commitments).toMatchObject({
      txCount: 2,
      chainHistoryRoot: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(stored.commitments!.authDigestBranch).toHaveLength(1);
    const evidence = toChainEvidence(stored, 'devnet', await key());
    expect(failedEvidenceChecks(evidence, root, { requireCommitments: true })).toEqual([]);

    const changed = { ...evidence, chain_history_root: 'ab'.repeat(32) };
    expect(names(failedEvidenceChecks(changed, root))).toEqual(['commitments fail']);
  });

  it('takes the bytes from getrawtransaction when the block is described without them', async () => {
    const { rpc, calls } = editedClient((block) => ({
      ...block,
      tx: block.tx.map(({ hex: _, ...tx }) => tx),
    }));
    const stored = await readEvidence(rpc, root);
    expect(calls).toEqual(['getblock 2', 'getblockheader false', 'getrawtransaction 0']);
    expect(stored?.transactionHex).toBe(await c.getRawTransactionHex(root.txid));
  });

  it.each([
    [
      'no authdigest',
      (b: BlockWithTransactions) => ({ ...b, tx: b.tx.map(({ authdigest: _, ...tx }) => tx) }),
    ],
    ['no chain history root', ({ chainhistoryroot: _, ...b }: BlockWithTransactions) => b],
    ['another auth data root', (b: BlockWithTransactions) => ({ ...b, authdataroot: 'cd'.repeat(32) })],
  ])('serves no evidence when the node gives %s', async (_, edit) => {
    const { rpc } = editedClient(edit);
    await expect(readEvidence(rpc, root)).rejects.toThrow(EvidenceNotServedError);
  });

  it('lets evidence without commitments pass where older evidence is served, never where it is kept', async () => {
    const stored = (await readEvidence(c, root))!;
    const older = toChainEvidence({ ...stored, commitments: null }, 'devnet', await key());
    expect(older).not.toHaveProperty('tx_count');
    expect(failedEvidenceChecks(older, root)).toEqual([]);
    expect(names(failedEvidenceChecks(older, root, { requireCommitments: true }))).toEqual([
      'commitments unknown',
    ]);
    const otherKey = encodeViewingKey({ network: 'regtest', orchard: newWalletKey().fvk });
    expect(names(failedEvidenceChecks({ ...older, viewing_key: otherKey }, root))).toContain('memo fail');
  });
});
