/**
 * Typed client for the zcashd / Zallet wallet JSON-RPC (HTTP + basic auth), the subset the anchoring
 * loop needs. The embedded development chain serves the same subset, so this one client is what runs
 * against a real node, in development and in every test.
 *
 * Two error classes: `RpcUnavailableError` (no usable answer: refused, timeout, bad HTTP, unparsable
 * body) and `RpcError` (the node answered `{code, message}`). Read-only methods retry
 * `RpcUnavailableError` with exponential backoff; sending methods never retry (a retry could send twice).
 */
import { z } from 'zod';

/** zcashd RPC error codes this project meets (src/rpc/protocol.h in zcashd). */
export const RPC_ERROR_CODES = {
  MISC_ERROR: -1,
  TYPE_ERROR: -3,
  /** Unknown txid, block hash or address: what a transaction that left the chain answers. */
  INVALID_ADDRESS_OR_KEY: -5,
  WALLET_INSUFFICIENT_FUNDS: -6,
  INVALID_PARAMETER: -8,
  IN_WARMUP: -28,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  PARSE_ERROR: -32700,
} as const;

/** The node answered with a JSON-RPC error object. */
export class RpcError extends Error {
  override readonly name = 'RpcError';
  constructor(
    readonly code: number,
    message: string,
    readonly method?: string,
  ) {
    super(message);
  }
}

/** Why no usable answer came back. `auth` and `shape` are not transient, so they are never retried. */
export type UnavailableReason = 'refused' | 'connection' | 'timeout' | 'http' | 'auth' | 'body' | 'shape';

/** The node could not be reached or gave no usable answer. */
export class RpcUnavailableError extends Error {
  override readonly name = 'RpcUnavailableError';
  constructor(
    message: string,
    readonly reason: UnavailableReason,
    readonly method?: string,
    readonly httpStatus?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Whether `err` is the node saying it does not know this transaction (left the chain, or never sent). */
export function isNotFoundError(err: unknown): boolean {
  return err instanceof RpcError && err.code === RPC_ERROR_CODES.INVALID_ADDRESS_OR_KEY;
}

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
]);

// ---------------------------------------------------------------------------------------------
// Result schemas. Unknown keys are stripped; only what the service relies on is required.

const int = z.number().int();
const hexString = z.string().regex(/^[0-9a-fA-F]*$/);

const blockchainInfoSchema = z.object({
  chain: z.string(),
  blocks: int.nonnegative(),
  headers: int.optional(),
  bestblockhash: z.string().optional(),
  estimatedheight: int.optional(),
});
export type BlockchainInfo = z.infer<typeof blockchainInfoSchema>;

export type Network = 'mainnet' | 'testnet' | 'devnet';

/** The service's network name for a node's `getblockchaininfo.chain`. */
export function networkFromChain(chain: string): Network {
  if (chain === 'main') return 'mainnet';
  if (chain === 'test') return 'testnet';
  return 'devnet'; // regtest, and the embedded chain's "dev"
}

const operationSchema = z.object({
  id: z.string(),
  status: z.enum(['queued', 'executing', 'success', 'failed', 'cancelled']),
  creation_time: int.optional(),
  method: z.string().optional(),
  // zcashd: {txid}; Zallet reports the transaction ids of a send as {txids: [...]}.
  result: z.object({ txid: z.string().optional(), txids: z.array(z.string()).optional() }).optional(),
  error: z.object({ code: int, message: z.string() }).optional(),
  execution_secs: z.number().optional(),
});
export interface OperationStatus {
  id: string;
  status: 'queued' | 'executing' | 'success' | 'failed' | 'cancelled';
  /** The transaction id of a successful send (first of `txids` on Zallet). */
  txid: string | null;
  error: { code: number; message: string } | null;
  creationTime: number | null;
}

function toOperationStatus(op: z.infer<typeof operationSchema>): OperationStatus {
  return {
    id: op.id,
    status: op.status,
    txid: op.result?.txid ?? op.result?.txids?.[0] ?? null,
    error: op.error ?? null,
    creationTime: op.creation_time ?? null,
  };
}

const walletTransactionSchema = z.object({
  txid: z.string(),
  status: z.string().optional(),
  confirmations: int,
  blockhash: z.string().optional(),
  blockindex: int.optional(),
  blocktime: int.optional(),
  // Not in zcashd's gettransaction; some wallets add it. getTxChainState falls back to getrawtransaction.
  height: int.optional(),
  blockheight: int.optional(),
  time: int.optional(),
  timereceived: int.optional(),
  amount: z.number().optional(),
  amountZat: int.optional(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

const rawTransactionSchema = z.object({
  txid: z.string(),
  hex: z.string().optional(),
  in_active_chain: z.boolean().optional(),
  blockhash: z.string().optional(),
  height: int.optional(),
  confirmations: int.optional(),
  time: int.optional(),
  blocktime: int.optional(),
  expiryheight: int.optional(),
});
export type RawTransaction = z.infer<typeof rawTransactionSchema>;

const viewOutputSchema = z.object({
  pool: z.string().optional(),
  type: z.string().optional(),
  output: int.optional(),
  action: int.optional(),
  address: z.string().optional(),
  outgoing: z.boolean().optional(),
  walletInternal: z.boolean().optional(),
  value: z.number().optional(),
  valueZat: int.optional(),
  memo: hexString.optional(),
  memoStr: z.string().optional(),
});
const viewTransactionSchema = z.object({
  txid: z.string(),
  spends: z.array(z.unknown()).optional(),
  outputs: z.array(viewOutputSchema),
});
export type ViewTransaction = z.infer<typeof viewTransactionSchema>;
export type ViewOutput = z.infer<typeof viewOutputSchema>;

const receivedNoteSchema = z.object({
  pool: z.string().optional(),
  txid: z.string(),
  amount: z.number().optional(),
  amountZat: int.optional(),
  memo: hexString.optional(),
  memoStr: z.string().optional(),
  confirmations: int,
  blockheight: int.optional(),
  blockindex: int.optional(),
  blocktime: int.optional(),
  outindex: int.optional(),
  change: z.boolean().optional(),
});
export type ReceivedNote = z.infer<typeof receivedNoteSchema>;

// The reference documents numbers; zcashd itself formats these as decimal strings. Accept both.
const zecValue = z.union([z.number(), z.string().regex(/^-?\d+(\.\d{1,8})?$/)]);
const totalBalanceSchema = z.object({ transparent: zecValue, private: zecValue, total: zecValue });
export interface TotalBalance {
  transparentZat: number;
  privateZat: number;
  totalZat: number;
}

const ZAT_PER_ZEC = 100_000_000;

/** Zatoshis to the ZEC number the RPC takes (exact for every amount below 2^53 zat). */
export function zatToZec(zat: number): number {
  if (!Number.isSafeInteger(zat) || zat < 0) throw new RangeError('zat must be a non-negative safe integer');
  return zat / ZAT_PER_ZEC;
}

/** A ZEC amount (number or decimal string, at most 8 decimals) in zatoshis, without float drift. */
export function zecToZat(zec: number | string): number {
  const text = typeof zec === 'number' ? zec.toFixed(8) : zec;
  const match = /^(-?)(\d+)(?:\.(\d{1,8}))?$/.exec(text);
  if (!match) throw new RangeError(`not a ZEC amount: ${String(zec)}`);
  const whole = Number(match[2]) * ZAT_PER_ZEC;
  const frac = Number((match[3] ?? '').padEnd(8, '0'));
  return (match[1] === '-' ? -1 : 1) * (whole + frac);
}

/** Where a transaction stands, as the wallet sees it. */
export type TxChainState =
  /** The node does not know it: never broadcast, or dropped when its block left the chain. */
  | { state: 'not_found' }
  /** The wallet marks it conflicted (negative confirmations): it is not on the chain. */
  | { state: 'conflicted'; confirmations: number }
  /** Broadcast, not in a block of the active chain. */
  | { state: 'unconfirmed'; confirmations: 0 }
  | { state: 'mined'; confirmations: number; height: number; blockhash: string; blocktime: number | null };

export interface SendAmount {
  address: string;
  /** ZEC, at most 8 decimals (see `zatToZec`). */
  amount: number;
  /** Hex of at most 512 bytes; the node zero-pads it to the 512-byte memo field. */
  memo?: string;
}

export type PrivacyPolicy =
  | 'FullPrivacy'
  | 'LegacyCompat'
  | 'AllowRevealedAmounts'
  | 'AllowRevealedRecipients'
  | 'AllowRevealedSenders'
  | 'AllowFullyTransparent'
  | 'AllowLinkingAccountAddresses'
  | 'NoPrivacy';

const rpcEnvelopeSchema = z.object({
  result: z.unknown().optional(),
  error: z.object({ code: z.number(), message: z.string() }).nullable().optional(),
  id: z.unknown().optional(),
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function describeFetchFailure(err: unknown): { reason: UnavailableReason; detail: string } {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  const code =
    cause && typeof cause === 'object' && 'code' in cause && typeof cause.code === 'string' ? cause.code : '';
  if (code === 'ECONNREFUSED') return { reason: 'refused', detail: 'connection refused' };
  const message = cause instanceof Error ? cause.message : String(cause);
  return { reason: 'connection', detail: code ? `${code}: ${message}` : message };
}

/** Client for the zcashd / Zallet wallet JSON-RPC. */
export class ZcashRpcClient {
  readonly url: string;
  private readonly authHeader: string;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly retryBaseMs: number;
  private nextId = 1;

  constructor(options: ZcashRpcOptions) {
    this.url = options.url;
    this.authHeader =
      'Basic ' + Buffer.from(`${options.user}:${options.password}`, 'utf8').toString('base64');
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.retries = options.retries ?? 2;
    this.retryBaseMs = options.retryBaseMs ?? 200;
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
          err instanceof RpcUnavailableError && err.reason !== 'auth' && err.reason !== 'shape';
        if (!retry || !transient || attempt >= this.retries) throw err;
        await sleep(this.retryBaseMs * 2 ** attempt);
        attempt++;
      }
    }
  }

  private async callOnce(method: string, params: unknown[]): Promise<unknown> {
    const id = this.nextId++;
    const body = JSON.stringify({ jsonrpc: '1.0', id, method, params });
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', authorization: this.authHeader },
        body,
        signal: controller.signal,
      });
      status = response.status;
      text = await response.text();
    } catch (err) {
      if (controller.signal.aborted) {
        throw new RpcUnavailableError(
          `${method}: no answer within ${this.timeoutMs} ms`,
          'timeout',
          method,
          undefined,
          {
            cause: err,
          },
        );
      }
      const { reason, detail } = describeFetchFailure(err);
      throw new RpcUnavailableError(`${method}: ${detail}`, reason, method, undefined, { cause: err });
    } finally {
      clearTimeout(timer);
    }

    if (status === 401 || status === 403) {
      throw new RpcUnavailableError(
        `${method}: the node refused the RPC credentials (HTTP ${status})`,
        'auth',
        method,
        status,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new RpcUnavailableError(
        `${method}: HTTP ${status} with a body that is not JSON`,
        status === 200 ? 'body' : 'http',
        method,
        status,
      );
    }
    const envelope = rpcEnvelopeSchema.safeParse(json);
    if (!envelope.success) {
      throw new RpcUnavailableError(
        `${method}: HTTP ${status} with a body that is not a JSON-RPC reply`,
        status === 200 ? 'body' : 'http',
        method,
        status,
      );
    }
    // zcashd answers RPC errors with HTTP 500 (404 for an unknown method, 400 for a bad request)
    // and the error object in the body: that is an answer, not an outage.
    if (envelope.data.error) {
      throw new RpcError(envelope.data.error.code, envelope.data.error.message, method);
    }
    if (status !== 200) {
      throw new RpcUnavailableError(`${method}: HTTP ${status}`, 'http', method, status);
    }
    return envelope.data.result ?? null;
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

  /** Development chain only: mine `n` blocks now; resolves to their hashes. */
  async devMine(n = 1): Promise<string[]> {
    const result = await this.call('dev_mine', [n], { retry: false });
    const parsed = z.array(z.string()).safeParse(result);
    if (!parsed.success)
      throw new RpcUnavailableError('dev_mine: unexpected result shape', 'shape', 'dev_mine');
    return parsed.data;
  }

  /** Development chain only: drop the last `k` blocks and their transactions. */
  async devReorg(k = 1): Promise<DevReorgResult> {
    const result = await this.call('dev_reorg', [k], { retry: false });
    const parsed = devReorgResultSchema.safeParse(result);
    if (!parsed.success)
      throw new RpcUnavailableError('dev_reorg: unexpected result shape', 'shape', 'dev_reorg');
    return parsed.data;
  }
}

const devReorgResultSchema = z.object({
  removed_blocks: int.nonnegative(),
  dropped_txids: z.array(z.string()),
  height: int.nonnegative(),
});
export type DevReorgResult = z.infer<typeof devReorgResultSchema>;
