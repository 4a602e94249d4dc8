/**
 * The development chain's wallet: `z_sendmany` with zcashd's parameter rules, asynchronous operations
 * (`z_getoperationstatus` / `z_getoperationresult`), and the amount and memo formats the node uses.
 *
 * Like zcashd and Zallet, operation ids live in memory only: after a restart `z_getoperationstatus`
 * no longer knows them, and a sent memo is found again through `z_listreceivedbyaddress`.
 */
import { randomUUID } from 'node:crypto';
import { isRecord } from 'zap1';
import { DEVCHAIN_FEE_ZAT, nowSeconds, type DevChainDb, type NewOutput } from './ledger-db.js';
import { paramOptInt, paramString, rpcFail } from './rpc-server.js';
import { DEVCHAIN_EXPIRY_DELTA, buildShieldedTransaction, type BuiltTransaction } from './tx.js';
import { RPC_ERROR_CODES, zecToZat } from 'zap1/node-rpc';

export const MEMO_BYTES = 512;
/** The canonical "no memo" of change outputs: 0xF6 then zeros. */
export const EMPTY_MEMO_HEX = 'f6' + '00'.repeat(MEMO_BYTES - 1);
const PRIVACY_POLICIES = new Set([
  'FullPrivacy',
  'LegacyCompat',
  'AllowRevealedAmounts',
  'AllowRevealedRecipients',
  'AllowRevealedSenders',
  'AllowFullyTransparent',
  'AllowLinkingAccountAddresses',
  'NoPrivacy',
]);

interface OperationRecord {
  id: string;
  status: 'queued' | 'executing' | 'success' | 'failed' | 'cancelled';
  creationTime: number;
  params: Record<string, unknown>;
  txid?: string;
  error?: { code: number; message: string };
  executionSecs?: number;
}

/** zcashd's FormatMoney: 8 decimals with trailing zeros trimmed down to 2. */
export function formatZec(zat: number): string {
  const sign = zat < 0 ? '-' : '';
  const abs = Math.abs(zat);
  const frac = String(abs % 100_000_000)
    .padStart(8, '0')
    .replace(/0{1,6}$/, '');
  return `${sign}${Math.floor(abs / 100_000_000)}.${frac}`;
}

export function zecNumber(zat: number): number {
  return zat / 100_000_000;
}

/** The memo as a string when it is UTF-8 after trailing zeros are cut, as zcashd reports `memoStr`. */
export function memoStr(memoHex: string): string | undefined {
  const bytes = Buffer.from(memoHex, 'hex');
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  if (end === 0 || (bytes[0] !== undefined && bytes[0] > 0xf4)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end));
  } catch {
    return undefined;
  }
}

function parseAmountZat(v: unknown): number {
  if (typeof v !== 'number' && typeof v !== 'string')
    rpcFail(RPC_ERROR_CODES.TYPE_ERROR, 'Amount is not a number or string');
  let zat: number;
  try {
    zat = zecToZat(v);
  } catch {
    rpcFail(RPC_ERROR_CODES.TYPE_ERROR, 'Invalid amount');
  }
  // A number with more than 8 decimals would have been rounded by toFixed: reject it like zcashd.
  if (typeof v === 'number' && Math.abs(zat / 100_000_000 - v) > 1e-12)
    rpcFail(RPC_ERROR_CODES.TYPE_ERROR, 'Invalid amount');
  if (zat < 0) rpcFail(RPC_ERROR_CODES.TYPE_ERROR, 'Amount out of range');
  return zat;
}

/** One `z_sendmany` recipient checked as zcashd checks it; the memo padded to 512 bytes. */
function parseRecipient(entry: unknown, seen: Set<string>): NewOutput {
  if (!isRecord(entry)) rpcFail(RPC_ERROR_CODES.INVALID_PARAMETER, 'Invalid parameter, expected object');
  for (const key of Object.keys(entry)) {
    if (key !== 'address' && key !== 'amount' && key !== 'memo')
      rpcFail(RPC_ERROR_CODES.INVALID_PARAMETER, `Invalid parameter, unknown key: ${key}`);
  }
  const address = entry.address;
  if (typeof address !== 'string' || address.length === 0)
    rpcFail(RPC_ERROR_CODES.INVALID_PARAMETER, 'Invalid parameter, unknown address format');
  if (seen.has(address))
    rpcFail(RPC_ERROR_CODES.INVALID_PARAMETER, `Invalid parameter, duplicated recipient address: ${address}`);
  seen.add(address);
  const amountZat = parseAmountZat(entry.amount);
  // No memo at all is the canonical 0xF6 one; a given memo is padded with zeros like the node does.
  if (entry.memo === undefined) return { address, amountZat, memoHex: EMPTY_MEMO_HEX };
  if (typeof entry.memo !== 'string' || !/^(?:[0-9a-fA-F]{2})*$/.test(entry.memo))
    rpcFail(
      RPC_ERROR_CODES.INVALID_PARAMETER,
      'Invalid parameter, expected memo data in hexadecimal format.',
    );
  if (entry.memo.length > MEMO_BYTES * 2) {
    rpcFail(
      RPC_ERROR_CODES.INVALID_PARAMETER,
      `Invalid parameter, memo is longer than the maximum allowed ${MEMO_BYTES} bytes.`,
    );
  }
  return { address, amountZat, memoHex: entry.memo.toLowerCase().padEnd(MEMO_BYTES * 2, '0') };
}

export class DevChainWallet {
  private readonly ops = new Map<string, OperationRecord>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private nextSendFailure: string | null = null;
  private stopped = false;

  constructor(
    private readonly ledger: DevChainDb,
    private opDelayMs: number,
  ) {}

  /** Test hook: the next `z_sendmany` operation fails with this message (code -6), sending nothing. */
  failNextSend(message: string): void {
    this.nextSendFailure = message;
  }

  /** Test hook: how long later `z_sendmany` operations finish. */
  setOpDelayMs(ms: number): void {
    this.opDelayMs = ms;
  }

  /** Cancels operations still waiting to run. */
  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  /** `z_sendmany fromaddress amounts (minconf) (fee) (privacyPolicy)`: returns the operation id. */
  sendMany(params: unknown[]): string {
    if (params.length < 2 || params.length > 5)
      rpcFail(
        RPC_ERROR_CODES.MISC_ERROR,
        'z_sendmany "fromaddress" [{"address":... ,"amount":...},...] ( minconf ) ( fee ) ( privacyPolicy )',
      );
    const fromAddress = paramString(params, 0, 'fromaddress');
    if (fromAddress !== this.ledger.walletAddress) {
      rpcFail(
        RPC_ERROR_CODES.INVALID_ADDRESS_OR_KEY,
        'Invalid from address, no payment source found for address.',
      );
    }
    const amounts = params[1];
    if (!Array.isArray(amounts) || amounts.length === 0)
      rpcFail(RPC_ERROR_CODES.INVALID_PARAMETER, 'Invalid parameter, amounts array is empty.');
    const seen = new Set<string>();
    const recipients = amounts.map((entry) => parseRecipient(entry, seen));
    const minconf = paramOptInt(params, 2, 'minconf', 10);
    if (minconf < 0)
      rpcFail(RPC_ERROR_CODES.INVALID_PARAMETER, 'Invalid parameter, minconf must be non-negative');
    const fee = params[3];
    if (fee !== undefined && fee !== null && typeof fee !== 'number')
      rpcFail(RPC_ERROR_CODES.TYPE_ERROR, 'Amount is not a number or string');
    const policy = params[4];
    if (policy !== undefined && (typeof policy !== 'string' || !PRIVACY_POLICIES.has(policy))) {
      rpcFail(RPC_ERROR_CODES.INVALID_PARAMETER, `Unknown privacy policy name '${String(policy)}'`);
    }

    const op: OperationRecord = {
      id: `opid-${randomUUID()}`,
      status: 'executing',
      creationTime: nowSeconds(),
      params: { fromaddress: fromAddress, amounts, minconf, fee: fee ?? null },
    };
    this.ops.set(op.id, op);
    const started = Date.now();
    const execute = (): void => {
      this.execute(op, fromAddress, recipients);
      op.executionSecs = (Date.now() - started) / 1000;
    };
    if (this.opDelayMs <= 0) {
      execute(); // on disk before the opid is returned
    } else {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (!this.stopped) execute();
      }, this.opDelayMs);
      this.timers.add(timer);
    }
    return op.id;
  }

  /** `z_getoperationstatus` (`remove` false) or `z_getoperationresult` (true, finished ones only). */
  operations(params: unknown[], remove: boolean): unknown[] {
    const filter = params[0];
    let ids: string[];
    if (filter === undefined || filter === null) ids = [...this.ops.keys()];
    else if (Array.isArray(filter) && filter.every((x): x is string => typeof x === 'string')) ids = filter;
    else rpcFail(RPC_ERROR_CODES.INVALID_PARAMETER, 'Invalid parameter, expected an array of operation ids');
    const out: unknown[] = [];
    for (const id of ids) {
      const op = this.ops.get(id);
      if (!op) continue; // zcashd leaves unknown ids out
      const finished = op.status === 'success' || op.status === 'failed' || op.status === 'cancelled';
      if (remove && !finished) continue;
      out.push({
        id: op.id,
        status: op.status,
        creation_time: op.creationTime,
        method: 'z_sendmany',
        params: op.params,
        ...(op.txid ? { result: { txid: op.txid } } : {}),
        ...(op.error ? { error: op.error } : {}),
        ...(op.executionSecs === undefined ? {} : { execution_secs: op.executionSecs }),
      });
      if (remove) this.ops.delete(id);
    }
    return out;
  }

  /**
   * Spends the whole balance (one note, as `z_viewtransaction` shows it) into the recipients' outputs,
   * the fee and a change note of what is left: value in = value out + fee for every send. A payment
   * to the wallet's own address is an output like any other (it stays in the wallet, as a note of
   * its own beside the change), so it counts in what the send needs.
   */
  private execute(op: OperationRecord, fromAddress: string, recipients: NewOutput[]): void {
    const failure = this.nextSendFailure;
    const needed = recipients.reduce((s, r) => s + r.amountZat, 0) + DEVCHAIN_FEE_ZAT;
    const balance = this.ledger.balanceZat();
    if (failure !== null) {
      this.nextSendFailure = null;
      op.status = 'failed';
      op.error = { code: RPC_ERROR_CODES.WALLET_INSUFFICIENT_FUNDS, message: failure };
    } else if (needed > balance) {
      op.status = 'failed';
      op.error = {
        code: RPC_ERROR_CODES.WALLET_INSUFFICIENT_FUNDS,
        message: `Insufficient funds: have ${formatZec(balance)}, need ${formatZec(needed)}`,
      };
    } else {
      const built = this.build(recipients, balance - needed);
      op.txid = this.ledger.writeTransaction(fromAddress, recipients, built);
      op.status = 'success';
    }
  }

  /**
   * The transaction's bytes: the change (what stays in the wallet, as `z_viewtransaction` shows it)
   * under the internal ovk, then each recipient under the external ovk, as zcashd encrypts what a
   * wallet sends with the sender's outgoing viewing key.
   */
  private build(recipients: NewOutput[], changeZat: number): BuiltTransaction {
    const key = this.ledger.walletKey;
    const wallet = this.ledger.walletAddress;
    return buildShieldedTransaction(
      [
        {
          ovk: key.ovk.internal,
          receiver: key.receivers.internal,
          valueZat: changeZat,
          memo: new Uint8Array(Buffer.from(EMPTY_MEMO_HEX, 'hex')),
        },
        ...recipients.map((r) => ({
          ovk: key.ovk.external,
          receiver: r.address === wallet ? key.receivers.external : null,
          valueZat: r.amountZat,
          memo: new Uint8Array(Buffer.from(r.memoHex, 'hex')),
        })),
      ],
      { feeZat: DEVCHAIN_FEE_ZAT, expiryHeight: this.ledger.height + DEVCHAIN_EXPIRY_DELTA },
    );
  }
}
