/**
 * The auditor's own look at the chain (`--rpc`): a Zcash node they trust says whether the anchor
 * transaction is in a block of its chain at the claimed height and, where its wallet can decrypt
 * the memo (the service's viewing key imported), whether the memo is `ZAP1:09:<root>`. With chain
 * evidence it also says which block it has at the evidence's height (`getblockhash`), the one fact
 * the evidence's own bytes cannot prove.
 */
import { ServiceUnavailableError, type ChainCheck, type VerdictCheck } from '../index.js';
import { rootOfMemoHex } from '../index.js';
import {
  RPC_ERROR_CODES,
  RpcError,
  RpcUnavailableError,
  type ZcashRpcClient,
} from '../node-rpc/zcash-rpc.js';

const check = (status: VerdictCheck['status'], detail: string): VerdictCheck => ({
  name: 'chain',
  status,
  detail,
});

/** The block height the node has `txid` at, or null when it does not have it in its chain. */
async function minedHeight(rpc: ZcashRpcClient, txid: string): Promise<number | null> {
  try {
    const raw = await rpc.getRawTransaction(txid);
    if (raw.height !== undefined && (raw.confirmations ?? 0) > 0 && raw.in_active_chain !== false)
      return raw.height;
  } catch (error) {
    if (!(error instanceof RpcError)) throw error;
  }
  // Without -txindex a node finds a mined transaction only through its wallet.
  const state = await rpc.getTxChainState(txid);
  return state.state === 'mined' ? state.height : null;
}

export function nodeChainCheck(rpc: ZcashRpcClient): ChainCheck {
  return async ({ txid, height, rootHex }) => {
    let mined: number | null;
    try {
      mined = await minedHeight(rpc, txid);
    } catch (error) {
      const reason = error instanceof RpcUnavailableError ? error.message : String(error);
      return check('unknown', `Your node could not be asked about transaction ${txid}: ${reason}.`);
    }
    if (mined === null) return check('fail', `Your node has no transaction ${txid} in its chain.`);
    if (height !== null && mined !== height) {
      return check('fail', `Your node has transaction ${txid} at height ${mined}, not at ${height}.`);
    }
    let memos: (string | undefined)[];
    try {
      memos = (await rpc.zViewTransaction(txid)).outputs.map((o) => o.memo);
    } catch {
      return check(
        'unknown',
        `Your node has transaction ${txid} at height ${mined}; its wallet cannot decrypt the memo (import the service's viewing key to check that it is ZAP1:09:<root>).`,
      );
    }
    if (memos.some((memo) => rootOfMemoHex(memo) === rootHex)) {
      return check(
        'pass',
        `Your node has transaction ${txid} at height ${mined}, and its memo reads ZAP1:09:${rootHex}.`,
      );
    }
    return check(
      'fail',
      `Your node has transaction ${txid} at height ${mined}, but no memo in it reads ZAP1:09:${rootHex}.`,
    );
  };
}

/**
 * `blockAt` for `verifyClaim`: the hash of the block the node has at `height` (`getblockhash`), or
 * null when its chain does not reach that height yet. A node that cannot be asked, or answers
 * something that is not a block hash, is a `ServiceUnavailableError`: the verdict then does not
 * count it as a source. `url` names the node in the verdict, so it carries no credentials.
 */
export function nodeBlockAt(
  rpc: ZcashRpcClient,
  url: string,
): (height: number) => Promise<{ url: string; blockHash: string | null }> {
  return async (height) => {
    try {
      return { url, blockHash: (await rpc.getBlockHash(height)).toLowerCase() };
    } catch (error) {
      if (error instanceof RpcError && error.code === RPC_ERROR_CODES.INVALID_PARAMETER)
        return { url, blockHash: null };
      // RpcUnavailableError covers an answer that is not a block hash too (reason "shape").
      if (error instanceof RpcError || error instanceof RpcUnavailableError) {
        throw new ServiceUnavailableError(`your node (${url}) could not be asked: ${error.message}`);
      }
      throw error;
    }
  };
}
