/**
 * The zcashd / Zallet wallet JSON-RPC as the service speaks it: error codes and errors, the reply
 * of each method it uses as a schema (unknown keys are stripped; only what the service relies on
 * is required), and the units they come in (ZEC as a decimal, kept by the service as zatoshi).
 */
import { z } from 'zod';
import type { ChainNetwork as Network } from '../chain/network-upgrades.js';

/** zcashd RPC error codes this project meets (src/rpc/protocol.h in zcashd). */
export const RPC_ERROR_CODES = {
  MISC_ERROR: -1,
  TYPE_ERROR: -3,
  /** The wallet does not hold what was asked for (e.g. the viewing key of another address). */
  WALLET_ERROR: -4,
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

/**
 * Why no usable answer came back. `auth`, `shape` and `too_large` (an answer past the client's
 * limit) are not transient, so they are never retried.
 */
export type UnavailableReason =
  'refused' | 'connection' | 'timeout' | 'http' | 'auth' | 'body' | 'shape' | 'too_large';

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

export const rpcEnvelopeSchema = z.object({
  result: z.unknown().optional(),
  error: z.object({ code: z.number(), message: z.string() }).nullable().optional(),
  id: z.unknown().optional(),
});

export const int = z.number().int();
const hexString = z.string().regex(/^[0-9a-fA-F]*$/);
/** Serialized bytes (a transaction, a block, a header) as hex: whole bytes, at least one. */
export const rawHexSchema = z.string().regex(/^(?:[0-9a-fA-F]{2})+$/);
/** A txid or block hash as RPCs show it (display order). */
export const hash256Schema = z.string().regex(/^[0-9a-fA-F]{64}$/);

export const blockchainInfoSchema = z.object({
  chain: z.string(),
  blocks: int.nonnegative(),
  headers: int.optional(),
  bestblockhash: z.string().optional(),
  estimatedheight: int.optional(),
});
export type BlockchainInfo = z.infer<typeof blockchainInfoSchema>;

/** The service's network name for a node's `getblockchaininfo.chain`. */
export function networkFromChain(chain: string): Network {
  if (chain === 'main') return 'mainnet';
  if (chain === 'test') return 'testnet';
  return 'devnet'; // regtest, and the embedded chain's "dev"
}

export const operationSchema = z.object({
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

export function toOperationStatus(op: z.infer<typeof operationSchema>): OperationStatus {
  return {
    id: op.id,
    status: op.status,
    txid: op.result?.txid ?? op.result?.txids?.[0] ?? null,
    error: op.error ?? null,
    creationTime: op.creation_time ?? null,
  };
}

export const walletTransactionSchema = z.object({
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

export const rawTransactionSchema = z.object({
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

/** A block header as `getblockheader <hash> true` describes it (and `getblock` begins with). */
export const blockHeaderSchema = z.object({
  hash: hash256Schema,
  /** -1 when the block is not on the node's best chain. */
  confirmations: int,
  height: int.nonnegative(),
  version: int,
  /** Display order: byte-reversed from the header's hashMerkleRoot. */
  merkleroot: hash256Schema,
  blockcommitments: hash256Schema.optional(),
  /** Display order: hashAuthDataRoot (ZIP 244), the root over the block's transactions' auth digests. */
  authdataroot: hash256Schema.optional(),
  /** Display order: hashChainHistoryRoot (ZIP 221), which hashBlockCommitments commits to. */
  chainhistoryroot: hash256Schema.optional(),
  time: int.nonnegative(),
  nonce: z.string().optional(),
  solution: hexString.optional(),
  bits: z.string(),
  difficulty: z.number().optional(),
  previousblockhash: hash256Schema.optional(),
  nextblockhash: hash256Schema.optional(),
});
export type BlockHeaderInfo = z.infer<typeof blockHeaderSchema>;

/** `getblock <hash|height> 1`: the header's fields and the block's txids, coinbase first. */
export const blockSchema = blockHeaderSchema.extend({
  size: int.nonnegative().optional(),
  tx: z.array(hash256Schema).min(1),
});
export type BlockInfo = z.infer<typeof blockSchema>;

/** A transaction in `getblock <hash|height> 2`: getrawtransaction's fields (zcashd may leave out `hex`). */
export const blockTransactionSchema = z.object({
  txid: hash256Schema,
  /** Display order (ZIP 244's auth digest; all 0xFF for a transaction before v5). */
  authdigest: hash256Schema.optional(),
  hex: rawHexSchema.optional(),
  version: int.optional(),
  size: int.optional(),
  expiryheight: int.optional(),
});
export const blockWithTransactionsSchema = blockHeaderSchema.extend({
  size: int.nonnegative().optional(),
  tx: z.array(blockTransactionSchema).min(1),
});
export type BlockWithTransactions = z.infer<typeof blockWithTransactionsSchema>;

export const viewOutputSchema = z.object({
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
/** A note the transaction spends, as the wallet shows it (only its value is read: the fee). */
export const viewSpendSchema = z.object({
  value: z.number().optional(),
  valueZat: int.optional(),
});
export const viewTransactionSchema = z.object({
  txid: z.string(),
  spends: z.array(viewSpendSchema).optional(),
  outputs: z.array(viewOutputSchema),
});
export type ViewTransaction = z.infer<typeof viewTransactionSchema>;
export type ViewOutput = z.infer<typeof viewOutputSchema>;

/**
 * The fee a transaction paid as the wallet shows it: what its spent notes hold beyond its outputs
 * (change included), in zatoshi. Null when that cannot be told: no spends shown, a value given
 * only as a decimal, or outputs worth more than the spends (a part the wallet does not see, such as
 * a transparent input).
 */
export function feeOfView(view: ViewTransaction): number | null {
  const spends = view.spends ?? [];
  if (spends.length === 0) return null;
  const values = [...spends, ...view.outputs].map((v) => v.valueZat);
  if (values.some((v) => v === undefined)) return null;
  const total = (items: readonly { valueZat?: number | undefined }[]) =>
    items.reduce((sum, v) => sum + (v.valueZat ?? 0), 0);
  const fee = total(spends) - total(view.outputs);
  return Number.isSafeInteger(fee) && fee >= 0 ? fee : null;
}

export const receivedNoteSchema = z.object({
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
export const totalBalanceSchema = z.object({ transparent: zecValue, private: zecValue, total: zecValue });
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

/**
 * A block hash a wallet reported (display order) as the store keeps it, lowercase; null when it is
 * not a 32-byte hash at all (a wallet's answer is not trusted to be well formed).
 */
export function knownBlockHash(blockhash: string): string | null {
  return /^[0-9a-fA-F]{64}$/.test(blockhash) ? blockhash.toLowerCase() : null;
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
