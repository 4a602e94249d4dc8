/**
 * Typed client for the zcashd / Zallet wallet JSON-RPC (HTTP + basic auth), the subset the anchoring
 * loop needs. The embedded development chain serves the same subset, so this one client is what runs
 * against a real node, in development and in every test.
 *
 * Two error classes: `RpcUnavailableError` (no usable answer: refused, timeout, bad HTTP, unparsable
 * body, an answer past the size limit) and `RpcError` (the node answered `{code, message}`). Read-only methods retry
 * `RpcUnavailableError` with exponential backoff; sending methods never retry (a retry could send twice).
 * The HTTP call itself is `zcash-rpc-transport.ts`.
 */
import { z } from 'zod';
import {
  RpcUnavailableError,
  blockHeaderSchema,
  blockSchema,
  blockWithTransactionsSchema,
  blockchainInfoSchema,
  hash256Schema,
  isNotFoundError,
  rawHexSchema,
  int,
  operationSchema,
  rawTransactionSchema,
  receivedNoteSchema,
  toOperationStatus,
  totalBalanceSchema,
  viewTransactionSchema,
  walletTransactionSchema,
  zecToZat,
  type BlockHeaderInfo,
  type BlockInfo,
  type BlockWithTransactions,
  type BlockchainInfo,
  type OperationStatus,
  type PrivacyPolicy,
  type RawTransaction,
  type ReceivedNote,
  type SendAmount,
  type TotalBalance,
  type TxChainState,
  type ViewTransaction,
  type WalletTransaction,
} from './zcash-rpc-protocol.js';
import { MAX_RPC_ANSWER_BYTES, postJsonRpc } from './zcash-rpc-transport.js';

export * from './zcash-rpc-protocol.js';
export { MAX_RPC_ANSWER_BYTES };

export interface ZcashRpcOptions {
  url: string;
  user: string;
  password: string;
  /** Per attempt. */
  timeoutMs?: number;
  /** Extra attempts for read-only methods after an `RpcUnavailableError` (default 2). */
  retries?: number;
  /** First backoff delay; doubles per attempt (default 200 ms). */
  retryBaseMs?: number;
  /** The largest answer read, in bytes (default `MAX_RPC_ANSWER_BYTES`, 32 MiB); a larger one is cut off. */
  maxAnswerBytes?: number;
}

export interface CallOptions {
  /** Retry on `RpcUnavailableError`. Only safe for calls that change nothing. */
  retry?: boolean;
}

// Methods whose repetition changes nothing. z_getoperationresult is left out: it removes the
// operation, so a retry after a lost answer would lose the txid.
const READ_ONLY_METHODS = new Set([
  'getblockchaininfo',
  'getblockcount',
  'z_getoperationstatus',
  'gettransaction',
  'getrawtransaction',
  'z_viewtransaction',
  'z_listreceivedbyaddress',
  'z_gettotalbalance',
  'getblock',
  'getblockheader',
  'getblockhash',
  'getbestblockhash',
  'z_exportviewingkey',
]);

/** zcashd reads getblock's first argument as a string: a hash, or a height in decimal. */
function blockRef(block: string | number): string {
  if (typeof block === 'number') {
    if (!Number.isSafeInteger(block)) throw new RangeError('a block height must be an integer');
    return String(block);
  }
  return block;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Client for the zcashd / Zallet wallet JSON-RPC. */
export class ZcashRpcClient {
  readonly url: string;
  private readonly authHeader: string;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly retryBaseMs: number;
  private readonly maxAnswerBytes: number;
  private nextId = 1;

  constructor(options: ZcashRpcOptions) {
    this.url = options.url;
    this.authHeader =
      'Basic ' + Buffer.from(`${options.user}:${options.password}`, 'utf8').toString('base64');
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.retries = options.retries ?? 2;
    this.retryBaseMs = options.retryBaseMs ?? 200;
    this.maxAnswerBytes = options.maxAnswerBytes ?? MAX_RPC_ANSWER_BYTES;
  }

  /**
   * One JSON-RPC 1.0 call; resolves to the raw `result`. Retries unavailability only when
   * `options.retry` is true, or by default for the read-only methods listed in this module.
   */
  async call(method: string, params: unknown[] = [], options: CallOptions = {}): Promise<unknown> {
    const retry = options.retry ?? READ_ONLY_METHODS.has(method);
    let attempt = 0;
    for (;;) {
      try {
        return await this.callOnce(method, params);
      } catch (err) {
        const transient =
          err instanceof RpcUnavailableError &&
          err.reason !== 'auth' &&
          err.reason !== 'shape' &&
          err.reason !== 'too_large';
        if (!retry || !transient || attempt >= this.retries) throw err;
        await sleep(this.retryBaseMs * 2 ** attempt);
        attempt++;
      }
    }
  }

  private callOnce(method: string, params: unknown[]): Promise<unknown> {
    return postJsonRpc(
      {
        url: this.url,
        authHeader: this.authHeader,
        timeoutMs: this.timeoutMs,
        maxAnswerBytes: this.maxAnswerBytes,
      },
      this.nextId++,
      method,
      params,
    );
  }

  private async typed<T extends z.ZodType>(
    schema: T,
    method: string,
    params: unknown[],
  ): Promise<z.infer<T>> {
    const result = await this.call(method, params);
    const parsed = schema.safeParse(result);
    if (!parsed.success) {
      throw new RpcUnavailableError(
        `${method}: unexpected result shape (${parsed.error.issues[0]?.message ?? 'invalid'})`,
        'shape',
        method,
      );
    }
    return parsed.data;
  }

  /** `getblockchaininfo`: network (`chain`) and tip height (`blocks`). */
  getBlockchainInfo(): Promise<BlockchainInfo> {
    return this.typed(blockchainInfoSchema, 'getblockchaininfo', []);
  }

  /** `getblockcount`: the tip height. */
  getBlockCount(): Promise<number> {
    return this.typed(int.nonnegative(), 'getblockcount', []);
  }

  /**
   * `z_sendmany`: starts a send and resolves to its operation id. Never retried: when this throws
   * `RpcUnavailableError` the send may or may not have happened; look for the memo on chain
   * (`zListReceivedByAddress`) before sending again.
   */
  async zSendMany(
    fromAddress: string,
    amounts: SendAmount[],
    minconf?: number,
    fee?: number | null,
    privacyPolicy?: PrivacyPolicy,
  ): Promise<string> {
    for (const [i, a] of amounts.entries()) {
      if (
        a.memo !== undefined &&
        !(/^[0-9a-fA-F]*$/.test(a.memo) && a.memo.length % 2 === 0 && a.memo.length <= 1024)
      ) {
        throw new RangeError(`amounts[${i}].memo must be hex of at most 512 bytes`);
      }
      if (!(Number.isFinite(a.amount) && a.amount >= 0))
        throw new RangeError(`amounts[${i}].amount must be a ZEC amount`);
    }
    const params: unknown[] = [
      fromAddress,
      amounts.map((a) => (a.memo === undefined ? { address: a.address, amount: a.amount } : { ...a })),
    ];
    // Positional optionals: a later one needs the earlier ones filled with their defaults.
    if (minconf !== undefined || fee !== undefined || privacyPolicy !== undefined) params.push(minconf ?? 10);
    if (fee !== undefined || privacyPolicy !== undefined) params.push(fee ?? null);
    if (privacyPolicy !== undefined) params.push(privacyPolicy);
    const result = await this.call('z_sendmany', params, { retry: false });
    const parsed = z.string().min(1).safeParse(result);
    if (!parsed.success)
      throw new RpcUnavailableError('z_sendmany: result is not an operation id', 'shape', 'z_sendmany');
    return parsed.data;
  }

  /** `z_getoperationstatus`: the operations' states; they stay in the wallet's memory. Unknown ids are absent. */
  async zGetOperationStatus(opids: string[]): Promise<OperationStatus[]> {
    const ops = await this.typed(z.array(operationSchema), 'z_getoperationstatus', [opids]);
    return ops.map(toOperationStatus);
  }

  /** `z_getoperationresult`: finished operations, which the wallet then forgets. Not retried. */
  async zGetOperationResult(opids: string[]): Promise<OperationStatus[]> {
    const ops = await this.typed(z.array(operationSchema), 'z_getoperationresult', [opids]);
    return ops.map(toOperationStatus);
  }

  /** `gettransaction`: the wallet's view (confirmations, blockhash, blocktime). `RpcError` -5 when unknown. */
  getTransaction(txid: string): Promise<WalletTransaction> {
    return this.typed(walletTransactionSchema, 'gettransaction', [txid]);
  }

  /**
   * `getrawtransaction txid 1 [blockhash]`: height and confirmations. Without `-txindex` a node finds
   * mined transactions only when given their block hash.
   */
  getRawTransaction(txid: string, blockhash?: string): Promise<RawTransaction> {
    return this.typed(
      rawTransactionSchema,
      'getrawtransaction',
      blockhash ? [txid, 1, blockhash] : [txid, 1],
    );
  }

  /** `getrawtransaction txid 0 [blockhash]`: the transaction's bytes, hex (`parseTransaction` reads them). */
  getRawTransactionHex(txid: string, blockhash?: string): Promise<string> {
    return this.typed(rawHexSchema, 'getrawtransaction', blockhash ? [txid, 0, blockhash] : [txid, 0]);
  }

  /** `getblock <hash|height> 0`: the block's bytes, hex. A negative height counts back from the tip. */
  async getBlockHex(block: string | number): Promise<string> {
    return this.typed(rawHexSchema, 'getblock', [blockRef(block), 0]);
  }

  /** `getblock <hash|height> 1`: the header's fields and the txids, coinbase first. */
  async getBlock(block: string | number): Promise<BlockInfo> {
    return this.typed(blockSchema, 'getblock', [blockRef(block), 1]);
  }

  /** `getblock <hash|height> 2`: as `getBlock`, with each transaction described. */
  async getBlockWithTransactions(block: string | number): Promise<BlockWithTransactions> {
    return this.typed(blockWithTransactionsSchema, 'getblock', [blockRef(block), 2]);
  }

  /** `getblockheader <hash> true`. `RpcError` -5 for a block the node does not know. */
  getBlockHeader(hash: string): Promise<BlockHeaderInfo> {
    return this.typed(blockHeaderSchema, 'getblockheader', [hash, true]);
  }

  /** `getblockheader <hash> false`: the header's bytes, hex (`parseBlockHeader`, `blockHash`). */
  getBlockHeaderHex(hash: string): Promise<string> {
    return this.typed(rawHexSchema, 'getblockheader', [hash, false]);
  }

  /** `getblockhash <height>`: the hash of the best chain's block there. `RpcError` -8 out of range. */
  getBlockHash(height: number): Promise<string> {
    return this.typed(hash256Schema, 'getblockhash', [height]);
  }

  /** `getbestblockhash`: the tip's hash. */
  getBestBlockHash(): Promise<string> {
    return this.typed(hash256Schema, 'getbestblockhash', []);
  }

  /**
   * `z_exportviewingkey <address>`: the address's full viewing key (a unified one, `uview…`, for a
   * unified address). `RpcError` -4 when the wallet does not hold it, -5 for an invalid address.
   */
  zExportViewingKey(address: string): Promise<string> {
    return this.typed(z.string().min(1), 'z_exportviewingkey', [address]);
  }

  /** `z_viewtransaction`: the shielded outputs with their memos (hex of the full 512-byte field). */
  zViewTransaction(txid: string): Promise<ViewTransaction> {
    return this.typed(viewTransactionSchema, 'z_viewtransaction', [txid]);
  }

  /** `z_listreceivedbyaddress`: notes received at `address` (minconf 0 includes unmined ones) with memos. */
  zListReceivedByAddress(address: string, minconf = 1): Promise<ReceivedNote[]> {
    return this.typed(z.array(receivedNoteSchema), 'z_listreceivedbyaddress', [address, minconf]);
  }

  /** `z_gettotalbalance`, in zatoshis. */
  async zGetTotalBalance(minconf = 1): Promise<TotalBalance> {
    const b = await this.typed(totalBalanceSchema, 'z_gettotalbalance', [minconf]);
    return {
      transparentZat: zecToZat(b.transparent),
      privateZat: zecToZat(b.private),
      totalZat: zecToZat(b.total),
    };
  }

  /**
   * Where `txid` stands: `gettransaction`, then, when mined and the wallet gave no height,
   * `getrawtransaction` with the block hash (which works on nodes without `-txindex`).
   */
  async getTxChainState(txid: string): Promise<TxChainState> {
    let tx: WalletTransaction;
    try {
      tx = await this.getTransaction(txid);
    } catch (err) {
      if (isNotFoundError(err)) return { state: 'not_found' };
      throw err;
    }
    if (tx.confirmations < 0) return { state: 'conflicted', confirmations: tx.confirmations };
    if (tx.confirmations === 0 || !tx.blockhash) return { state: 'unconfirmed', confirmations: 0 };
    let height = tx.height ?? tx.blockheight;
    let confirmations = tx.confirmations;
    let blocktime = tx.blocktime ?? null;
    if (height === undefined) {
      let raw: RawTransaction;
      try {
        raw = await this.getRawTransaction(txid, tx.blockhash);
      } catch (err) {
        // The block left the chain between the two calls: the next poll sees where it went.
        if (isNotFoundError(err)) return { state: 'unconfirmed', confirmations: 0 };
        throw err;
      }
      if (raw.height === undefined || raw.height < 0 || raw.in_active_chain === false) {
        return { state: 'unconfirmed', confirmations: 0 };
      }
      height = raw.height;
      confirmations = raw.confirmations ?? confirmations;
      blocktime = raw.blocktime ?? blocktime;
    }
    return { state: 'mined', confirmations, height, blockhash: tx.blockhash, blocktime };
  }
}
