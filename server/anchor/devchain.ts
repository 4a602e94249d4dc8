/**
 * The embedded development chain: a loopback HTTP server that speaks the same zcashd wallet
 * JSON-RPC subset as `ZcashRpcClient` uses (same basic auth, same reply and error shapes), mines a
 * block on a timer, persists blocks and transactions to SQLite, and can be told to reorganise.
 *
 * Like zcashd and Zallet, operation ids live in memory only: after a restart `z_getoperationstatus`
 * no longer knows them, and a sent memo is found again through `z_listreceivedbyaddress`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { RPC_ERROR_CODES, RpcError, zecToZat } from './zcash-rpc.js';

/** Height of the dev chain's first block: far above the legacy scheme's height gate. */
export const DEVCHAIN_START_HEIGHT = 4_000_000;
/** The one shielded address of the dev chain's wallet (the default `ANCHOR_FROM_ADDRESS` on `CHAIN=dev`). */
export const DEVCHAIN_WALLET_ADDRESS = 'udev1zap1devchainwallet0000000000000000000000000000000000000000';
/** Fee of every dev chain transaction (the ZIP 317 minimum for two actions). */
export const DEVCHAIN_FEE_ZAT = 10_000;
/** The wallet's balance before any send: 100 ZEC. */
export const DEVCHAIN_INITIAL_BALANCE_ZAT = 10_000_000_000;

const MEMO_BYTES = 512;
const MAX_BODY_BYTES = 1 << 20;
// The canonical "no memo" of change outputs: 0xF6 then zeros.
const EMPTY_MEMO_HEX = 'f6' + '00'.repeat(MEMO_BYTES - 1);
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

export type DevChainNetwork = 'dev' | 'regtest' | 'test' | 'main';

export interface DevChainOptions {
  /** The chain keeps `devchain.sqlite` here. */
  dataDir: string;
  /** 0 (default) = an ephemeral port. */
  port?: number;
  /** Mine a block every `blockMs`; 0 = only when told (`dev_mine`). */
  blockMs: number;
  user: string;
  password: string;
  /** What `getblockchaininfo.chain` reports (default `dev`). */
  network?: DevChainNetwork;
  /** How long a `z_sendmany` operation stays `executing` before its transaction exists (default 0). */
  opDelayMs?: number;
}

/** Test hook: how requests fail while the node plays unreachable. */
export type UnavailableMode = false | 'error' | 'hang';

interface OperationRecord {
  id: string;
  status: 'queued' | 'executing' | 'success' | 'failed' | 'cancelled';
  creationTime: number;
  params: Record<string, unknown>;
  txid?: string;
  error?: { code: number; message: string };
  executionSecs?: number;
}

interface BlockRow {
  height: number;
  hash: string;
  time: number;
}

interface TxRow {
  txid: string;
  seq: number;
  from_address: string;
  fee_zat: number;
  received_time: number;
  height: number | null;
  block_index: number | null;
}

interface OutputRow {
  txid: string;
  n: number;
  address: string;
  amount_zat: number;
  memo_hex: string;
}

interface ParsedRecipient {
  address: string;
  amountZat: number;
  memoHex: string;
}

function randomHex32(): string {
  return randomBytes(32).toString('hex');
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** zcashd's FormatMoney: 8 decimals with trailing zeros trimmed down to 2. */
function formatZec(zat: number): string {
  const sign = zat < 0 ? '-' : '';
  const abs = Math.abs(zat);
  const frac = String(abs % 100_000_000)
    .padStart(8, '0')
    .replace(/0{1,6}$/, '');
  return `${sign}${Math.floor(abs / 100_000_000)}.${frac}`;
}

function zecNumber(zat: number): number {
  return zat / 100_000_000;
}

/** The memo as a string when it is UTF-8 after trailing zeros are cut, as zcashd reports `memoStr`. */
function memoStr(memoHex: string): string | undefined {
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

function rpcFail(code: number, message: string): never {
  throw new RpcError(code, message);
}

function paramString(params: unknown[], i: number, name: string): string {
  const v = params[i];
  if (typeof v !== 'string') rpcFail(RPC_ERROR_CODES.TYPE_ERROR, `Expected string for ${name}`);
  return v;
}

function paramOptInt(params: unknown[], i: number, name: string, fallback: number): number {
  const v = params[i];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v))
    rpcFail(RPC_ERROR_CODES.TYPE_ERROR, `Expected integer for ${name}`);
  return v;
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

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** An embedded Zcash-like chain for development and tests. Create with `DevChain.start`. */
export class DevChain {
  readonly walletAddress = DEVCHAIN_WALLET_ADDRESS;
  private readonly db: Database.Database;
  private readonly server: Server;
  private readonly expectedAuth: Buffer;
  private readonly network: DevChainNetwork;
  private opDelayMs: number;
  private readonly ops = new Map<string, OperationRecord>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly hung = new Set<ServerResponse>();
  private blockTimer: NodeJS.Timeout | null = null;
  private unavailable: UnavailableMode = false;
  private nextSendFailure: string | null = null;
  private stopped = false;
  private portValue = 0;

  private constructor(options: DevChainOptions, db: Database.Database) {
    this.db = db;
    this.network = options.network ?? 'dev';
    this.opDelayMs = options.opDelayMs ?? 0;
    this.expectedAuth = createHash('sha256').update(`${options.user}:${options.password}`, 'utf8').digest();
    this.server = createServer((req, res) => this.handle(req, res));
  }

  /** Opens (or creates) the chain in `dataDir` and listens on 127.0.0.1. */
  static async start(options: DevChainOptions): Promise<DevChain> {
    if (!Number.isInteger(options.blockMs) || options.blockMs < 0)
      throw new RangeError('blockMs must be a non-negative integer');
    mkdirSync(options.dataDir, { recursive: true });
    const db = new Database(path.join(options.dataDir, 'devchain.sqlite'));
    // Each accepted transaction is on disk before the RPC answers.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec(`
      CREATE TABLE IF NOT EXISTS blocks (
        height INTEGER PRIMARY KEY,
        hash TEXT NOT NULL UNIQUE,
        time INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS txs (
        txid TEXT PRIMARY KEY,
        seq INTEGER NOT NULL UNIQUE,
        from_address TEXT NOT NULL,
        fee_zat INTEGER NOT NULL,
        received_time INTEGER NOT NULL,
        height INTEGER,
        block_index INTEGER
      );
      CREATE INDEX IF NOT EXISTS txs_height ON txs(height);
      CREATE TABLE IF NOT EXISTS outputs (
        txid TEXT NOT NULL,
        n INTEGER NOT NULL,
        address TEXT NOT NULL,
        amount_zat INTEGER NOT NULL,
        memo_hex TEXT NOT NULL,
        PRIMARY KEY (txid, n)
      );
      CREATE INDEX IF NOT EXISTS outputs_address ON outputs(address);
    `);
    const chain = new DevChain(options, db);
    if (chain.tipRow() === undefined) {
      db.prepare('INSERT INTO blocks (height, hash, time) VALUES (?, ?, ?)').run(
        DEVCHAIN_START_HEIGHT,
        randomHex32(),
        nowSeconds(),
      );
    }
    await new Promise<void>((resolve, reject) => {
      chain.server.once('error', reject);
      chain.server.listen(options.port ?? 0, '127.0.0.1', () => {
        chain.server.off('error', reject);
        resolve();
      });
    });
    const address: string | AddressInfo | null = chain.server.address();
    chain.portValue = typeof address === 'object' && address !== null ? address.port : 0;
    if (options.blockMs > 0) {
      chain.blockTimer = setInterval(() => {
        // A failed block must not take the host process down; the next tick tries again.
        try {
          chain.mine(1);
        } catch (err) {
          process.stderr.write(
            `devchain: mining failed: ${err instanceof Error ? err.message : String(err)}\n`,
          );
        }
      }, options.blockMs);
    }
    return chain;
  }

  get port(): number {
    return this.portValue;
  }

  get url(): string {
    return `http://127.0.0.1:${this.portValue}/`;
  }

  /** The tip height. */
  get height(): number {
    return this.tipRow()?.height ?? DEVCHAIN_START_HEIGHT;
  }

  /** Test hook: `'error'` answers every request 503, `'hang'` never answers; `false` serves again. */
  setUnavailable(mode: UnavailableMode): void {
    this.unavailable = mode;
    if (!mode) {
      for (const res of this.hung) res.destroy();
      this.hung.clear();
    }
  }

  /** Test hook: the next `z_sendmany` operation fails with this message (code -6), sending nothing. */
  failNextSend(message = 'Insufficient funds: the development wallet refused this send'): void {
    this.nextSendFailure = message;
  }

  /** Test hook: how long later `z_sendmany` operations finish. */
  setOpDelayMs(ms: number): void {
    this.opDelayMs = ms;
  }

  /** Mines `n` blocks now, each holding every transaction waiting in the mempool; returns their hashes. */
  mine(n = 1): string[] {
    if (this.stopped) return [];
    const hashes: string[] = [];
    const insertBlock = this.db.prepare('INSERT INTO blocks (height, hash, time) VALUES (?, ?, ?)');
    const pending = this.db.prepare<[], { txid: string }>(
      'SELECT txid FROM txs WHERE height IS NULL ORDER BY seq',
    );
    const include = this.db.prepare('UPDATE txs SET height = ?, block_index = ? WHERE txid = ?');
    this.db.transaction(() => {
      for (let i = 0; i < n; i++) {
        const tip = this.tipRow();
        const height = (tip?.height ?? DEVCHAIN_START_HEIGHT - 1) + 1;
        const hash = randomHex32();
        insertBlock.run(height, hash, Math.max(nowSeconds(), tip?.time ?? 0));
        // Index 0 is the coinbase, as in a real block.
        const txids = pending.all();
        txids.forEach((row, index) => include.run(height, index + 1, row.txid));
        hashes.push(hash);
      }
    })();
    return hashes;
  }

  /**
   * Removes the last `k` blocks and drops their transactions entirely (they leave the chain and the
   * wallet); the mempool stays. The next block is mined on the lower tip with a new hash.
   */
  reorg(k = 1): { removed_blocks: number; dropped_txids: string[]; height: number } {
    const tip = this.height;
    if (!Number.isInteger(k) || k < 1)
      rpcFail(RPC_ERROR_CODES.INVALID_PARAMETER, 'k must be a positive integer');
    if (tip - k < DEVCHAIN_START_HEIGHT) {
      rpcFail(
        RPC_ERROR_CODES.INVALID_PARAMETER,
        `cannot remove ${k} blocks: only ${tip - DEVCHAIN_START_HEIGHT} above the first block`,
      );
    }
    const newTip = tip - k;
    let dropped: string[] = [];
    this.db.transaction(() => {
      dropped = this.db
        .prepare<[number], { txid: string }>('SELECT txid FROM txs WHERE height > ? ORDER BY seq')
        .all(newTip)
        .map((r) => r.txid);
      this.db
        .prepare('DELETE FROM outputs WHERE txid IN (SELECT txid FROM txs WHERE height > ?)')
        .run(newTip);
      this.db.prepare('DELETE FROM txs WHERE height > ?').run(newTip);
      this.db.prepare('DELETE FROM blocks WHERE height > ?').run(newTip);
    })();
    return { removed_blocks: k, dropped_txids: dropped, height: newTip };
  }

  /** Stops mining and serving and closes the database. Blocks and mempool stay on disk. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.blockTimer) clearInterval(this.blockTimer);
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const res of this.hung) res.destroy();
    this.hung.clear();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
    this.db.close();
  }

  // -------------------------------------------------------------------------------------------
  // HTTP

  private handle(req: IncomingMessage, res: ServerResponse): void {
    if (this.unavailable === 'hang') {
      this.hung.add(res);
      res.on('close', () => this.hung.delete(res));
      req.resume();
      return;
    }
    if (this.unavailable === 'error') {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
      req.resume();
      return;
    }
    if (!this.authorized(req.headers.authorization)) {
      // zcashd: 401 with an empty body.
      res.writeHead(401, { 'www-authenticate': 'Basic realm="jsonrpc"' }).end();
      req.resume();
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) {
        res.writeHead(413).end();
        return;
      }
      this.respond(Buffer.concat(chunks).toString('utf8'), res);
    });
  }

  private authorized(header: string | undefined): boolean {
    if (!header?.startsWith('Basic ')) return false;
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const digest = createHash('sha256').update(decoded, 'utf8').digest();
    return timingSafeEqual(digest, this.expectedAuth);
  }

  private respond(body: string, res: ServerResponse): void {
    const send = (status: number, payload: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload) + '\n');
    };
    let request: unknown;
    try {
      request = JSON.parse(body);
    } catch {
      send(500, {
        result: null,
        error: { code: RPC_ERROR_CODES.PARSE_ERROR, message: 'Parse error' },
        id: null,
      });
      return;
    }
    if (!isRecord(request) || typeof request.method !== 'string') {
      send(400, {
        result: null,
        error: { code: RPC_ERROR_CODES.INVALID_REQUEST, message: 'Invalid Request object' },
        id: null,
      });
      return;
    }
    const id = request.id ?? null;
    const params = request.params === undefined || request.params === null ? [] : request.params;
    if (!Array.isArray(params)) {
      send(400, {
        result: null,
        error: { code: RPC_ERROR_CODES.INVALID_REQUEST, message: 'Params must be an array' },
        id,
      });
      return;
    }
    const handler = this.methods[request.method];
    if (!handler) {
      send(404, {
        result: null,
        error: { code: RPC_ERROR_CODES.METHOD_NOT_FOUND, message: 'Method not found' },
        id,
      });
      return;
    }
    try {
      send(200, { result: handler(params), error: null, id });
    } catch (err) {
      if (err instanceof RpcError) {
        send(500, { result: null, error: { code: err.code, message: err.message }, id });
      } else {
        send(500, {
          result: null,
          error: {
            code: RPC_ERROR_CODES.MISC_ERROR,
            message: err instanceof Error ? err.message : 'internal error',
          },
          id,
        });
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Chain state

  private tipRow(): BlockRow | undefined {
    return this.db
      .prepare<[], BlockRow>('SELECT height, hash, time FROM blocks ORDER BY height DESC LIMIT 1')
      .get();
  }

  private blockAt(height: number): BlockRow | undefined {
    return this.db
      .prepare<[number], BlockRow>('SELECT height, hash, time FROM blocks WHERE height = ?')
      .get(height);
  }

  private txRow(txid: string): TxRow | undefined {
    return this.db.prepare<[string], TxRow>('SELECT * FROM txs WHERE txid = ?').get(txid);
  }

  private outputsOf(txid: string): OutputRow[] {
    return this.db.prepare<[string], OutputRow>('SELECT * FROM outputs WHERE txid = ? ORDER BY n').all(txid);
  }

  /** Balance after every transaction up to `seq` (all when omitted): fees and sends to other wallets leave it. */
  private balanceZat(seq?: number): number {
    const row = this.db
      .prepare<[number, number, string], { fees: number; sent: number }>(
        `SELECT
           COALESCE((SELECT SUM(fee_zat) FROM txs WHERE seq <= ?), 0) AS fees,
           COALESCE((SELECT SUM(o.amount_zat) FROM outputs o JOIN txs t ON t.txid = o.txid
                     WHERE t.seq <= ? AND o.address <> ?), 0) AS sent`,
      )
      .get(seq ?? Number.MAX_SAFE_INTEGER, seq ?? Number.MAX_SAFE_INTEGER, this.walletAddress);
    if (!row) return DEVCHAIN_INITIAL_BALANCE_ZAT;
    return DEVCHAIN_INITIAL_BALANCE_ZAT - row.fees - row.sent;
  }

  private confirmationsOf(tx: TxRow): number {
    return tx.height === null ? 0 : this.height - tx.height + 1;
  }

  private writeTransaction(fromAddress: string, recipients: ParsedRecipient[]): string {
    const txid = randomHex32();
    this.db.transaction(() => {
      const seq =
        this.db.prepare<[], { seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM txs').get()?.seq ??
        1;
      this.db
        .prepare(
          'INSERT INTO txs (txid, seq, from_address, fee_zat, received_time, height, block_index) VALUES (?, ?, ?, ?, ?, NULL, NULL)',
        )
        .run(txid, seq, fromAddress, DEVCHAIN_FEE_ZAT, nowSeconds());
      const insert = this.db.prepare(
        'INSERT INTO outputs (txid, n, address, amount_zat, memo_hex) VALUES (?, ?, ?, ?, ?)',
      );
      recipients.forEach((r, n) => insert.run(txid, n, r.address, r.amountZat, r.memoHex));
    })();
    return txid;
  }

  // -------------------------------------------------------------------------------------------
  // RPC methods

  private readonly methods: Record<string, (params: unknown[]) => unknown> = {
    getblockchaininfo: () => {
      const tip = this.tipRow();
      const blocks = tip?.height ?? DEVCHAIN_START_HEIGHT;
      return {
        chain: this.network,
        blocks,
        initial_block_download_complete: true,
        headers: blocks,
        bestblockhash: tip?.hash ?? '',
        difficulty: 1,
        verificationprogress: 1,
        estimatedheight: blocks,
        chainwork: blocks.toString(16).padStart(64, '0'),
        size_on_disk: 0,
        commitments: this.db.prepare<[], { c: number }>('SELECT COUNT(*) AS c FROM outputs').get()?.c ?? 0,
      };
    },

    getblockcount: () => this.height,

    getbestblockhash: () => this.tipRow()?.hash ?? '',

    z_gettotalbalance: () => {
      const balance = this.balanceZat();
      // zcashd formats these as decimal strings.
      return { transparent: formatZec(0), private: formatZec(balance), total: formatZec(balance) };
    },

    z_sendmany: (params) => this.zSendMany(params),

    z_getoperationstatus: (params) => this.operations(params, false),

    z_getoperationresult: (params) => this.operations(params, true),

    gettransaction: (params) => {
      const txid = paramString(params, 0, 'txid');
      const tx = this.txRow(txid);
      if (!tx) rpcFail(RPC_ERROR_CODES.INVALID_ADDRESS_OR_KEY, 'Invalid or non-wallet transaction id');
      const block = tx.height === null ? undefined : this.blockAt(tx.height);
      const net = -(
        tx.fee_zat +
        this.outputsOf(txid).reduce((s, o) => s + (o.address === this.walletAddress ? 0 : o.amount_zat), 0)
      );
      return {
        status: block ? 'mined' : 'waiting',
        version: '5',
        amount: zecNumber(net),
        amountZat: net,
        confirmations: this.confirmationsOf(tx),
        ...(block ? { blockhash: block.hash, blockindex: tx.block_index ?? 1, blocktime: block.time } : {}),
        expiryheight: (tx.height ?? this.height) + 40,
        txid,
        walletconflicts: [],
        time: tx.received_time,
        timereceived: tx.received_time,
        details: [],
        vjoinsplit: [],
        hex: this.fakeHex(txid),
      };
    },

    getrawtransaction: (params) => {
      const txid = paramString(params, 0, 'txid');
      const verbose = params[1] === undefined || params[1] === null ? 0 : params[1];
      const blockhash =
        params[2] === undefined || params[2] === null ? undefined : paramString(params, 2, 'blockhash');
      const tx = this.txRow(txid);
      let block: BlockRow | undefined;
      if (blockhash !== undefined) {
        block = this.db
          .prepare<[string], BlockRow>('SELECT height, hash, time FROM blocks WHERE hash = ?')
          .get(blockhash);
        if (!block) rpcFail(RPC_ERROR_CODES.INVALID_ADDRESS_OR_KEY, 'Block hash not found');
        if (!tx || tx.height !== block.height)
          rpcFail(RPC_ERROR_CODES.INVALID_ADDRESS_OR_KEY, 'No such transaction found in the provided block');
      } else {
        // Behaves as a node with -txindex.
        if (!tx)
          rpcFail(RPC_ERROR_CODES.INVALID_ADDRESS_OR_KEY, 'No information available about transaction');
        block = tx.height === null ? undefined : this.blockAt(tx.height);
      }
      const hex = this.fakeHex(txid);
      if (verbose === 0 || verbose === false) return hex;
      return {
        ...(blockhash !== undefined ? { in_active_chain: true } : {}),
        hex,
        txid,
        size: hex.length / 2,
        overwintered: true,
        version: 5,
        versiongroupid: '26a7270a',
        locktime: 0,
        expiryheight: (tx.height ?? this.height) + 40,
        vin: [],
        vout: [],
        vjoinsplit: [],
        valueBalance: 0,
        valueBalanceZat: 0,
        vShieldedSpend: [],
        vShieldedOutput: [],
        ...(block
          ? {
              blockhash: block.hash,
              height: block.height,
              confirmations: this.confirmationsOf(tx),
              time: block.time,
              blocktime: block.time,
            }
          : {}),
      };
    },

    z_viewtransaction: (params) => {
      const txid = paramString(params, 0, 'txid');
      const tx = this.txRow(txid);
      if (!tx) rpcFail(RPC_ERROR_CODES.INVALID_ADDRESS_OR_KEY, 'Invalid or non-wallet transaction id');
      const outs = this.outputsOf(txid);
      const changeZat = this.balanceZat(tx.seq);
      const sentZat = outs.reduce((s, o) => s + o.amount_zat, 0);
      // A change output comes first, as Orchard action order is arbitrary: readers must pick the
      // output by its memo, never by position.
      const outputs: Record<string, unknown>[] = [
        {
          pool: 'orchard',
          type: 'orchard',
          action: 0,
          outgoing: false,
          walletInternal: true,
          value: zecNumber(changeZat),
          valueZat: changeZat,
          memo: EMPTY_MEMO_HEX,
        },
        ...outs.map((o) => {
          const str = memoStr(o.memo_hex);
          return {
            pool: 'orchard',
            type: 'orchard',
            action: o.n + 1,
            address: o.address,
            outgoing: o.address !== this.walletAddress,
            walletInternal: false,
            value: zecNumber(o.amount_zat),
            valueZat: o.amount_zat,
            memo: o.memo_hex,
            ...(str === undefined ? {} : { memoStr: str }),
          };
        }),
      ];
      const spendZat = changeZat + sentZat + tx.fee_zat;
      return {
        txid,
        spends: [
          {
            pool: 'orchard',
            type: 'orchard',
            action: 0,
            txidPrev: '00'.repeat(32),
            actionPrev: 0,
            address: this.walletAddress,
            value: zecNumber(spendZat),
            valueZat: spendZat,
          },
        ],
        outputs,
      };
    },

    z_listreceivedbyaddress: (params) => {
      const address = paramString(params, 0, 'address');
      const minconf = paramOptInt(params, 1, 'minconf', 1);
      const rows = this.db
        .prepare<
          [string],
          {
            txid: string;
            n: number;
            amount_zat: number;
            memo_hex: string;
            height: number | null;
            block_index: number | null;
          }
        >(
          `SELECT o.txid, o.n, o.amount_zat, o.memo_hex, t.height, t.block_index
           FROM outputs o JOIN txs t ON t.txid = o.txid WHERE o.address = ? ORDER BY t.seq, o.n`,
        )
        .all(address);
      const tip = this.height;
      return rows
        .map((r) => {
          const confirmations = r.height === null ? 0 : tip - r.height + 1;
          const block = r.height === null ? undefined : this.blockAt(r.height);
          const str = memoStr(r.memo_hex);
          return {
            pool: 'orchard',
            txid: r.txid,
            amount: zecNumber(r.amount_zat),
            amountZat: r.amount_zat,
            memo: r.memo_hex,
            ...(str === undefined ? {} : { memoStr: str }),
            confirmations,
            ...(block
              ? { blockheight: block.height, blockindex: r.block_index ?? 1, blocktime: block.time }
              : {}),
            outindex: r.n + 1,
            change: false,
          };
        })
        .filter((note) => note.confirmations >= minconf);
    },

    dev_mine: (params) => {
      const n = paramOptInt(params, 0, 'n', 1);
      if (n < 1 || n > 1000) rpcFail(RPC_ERROR_CODES.INVALID_PARAMETER, 'n must be between 1 and 1000');
      return this.mine(n);
    },

    dev_reorg: (params) => this.reorg(paramOptInt(params, 0, 'k', 1)),
  };

  private fakeHex(txid: string): string {
    // Not a real serialization: a stable stand-in so `hex` has the right type.
    return '050000800a27a726' + txid;
  }

  private zSendMany(params: unknown[]): string {
    if (params.length < 2 || params.length > 5)
      rpcFail(
        RPC_ERROR_CODES.MISC_ERROR,
        'z_sendmany "fromaddress" [{"address":... ,"amount":...},...] ( minconf ) ( fee ) ( privacyPolicy )',
      );
    const fromAddress = paramString(params, 0, 'fromaddress');
    if (fromAddress !== this.walletAddress) {
      rpcFail(
        RPC_ERROR_CODES.INVALID_ADDRESS_OR_KEY,
        'Invalid from address, no payment source found for address.',
      );
    }
    const amounts = params[1];
    if (!Array.isArray(amounts) || amounts.length === 0)
      rpcFail(RPC_ERROR_CODES.INVALID_PARAMETER, 'Invalid parameter, amounts array is empty.');
    const seen = new Set<string>();
    const recipients: ParsedRecipient[] = amounts.map((entry) => {
      if (!isRecord(entry)) rpcFail(RPC_ERROR_CODES.INVALID_PARAMETER, 'Invalid parameter, expected object');
      for (const key of Object.keys(entry)) {
        if (key !== 'address' && key !== 'amount' && key !== 'memo')
          rpcFail(RPC_ERROR_CODES.INVALID_PARAMETER, `Invalid parameter, unknown key: ${key}`);
      }
      const address = entry.address;
      if (typeof address !== 'string' || address.length === 0)
        rpcFail(RPC_ERROR_CODES.INVALID_PARAMETER, 'Invalid parameter, unknown address format');
      if (seen.has(address))
        rpcFail(
          RPC_ERROR_CODES.INVALID_PARAMETER,
          `Invalid parameter, duplicated recipient address: ${address}`,
        );
      seen.add(address);
      const amountZat = parseAmountZat(entry.amount);
      let memoHex = '';
      if (entry.memo !== undefined) {
        if (typeof entry.memo !== 'string' || !/^(?:[0-9a-fA-F]{2})*$/.test(entry.memo)) {
          rpcFail(
            RPC_ERROR_CODES.INVALID_PARAMETER,
            'Invalid parameter, expected memo data in hexadecimal format.',
          );
        }
        if (entry.memo.length > MEMO_BYTES * 2) {
          rpcFail(
            RPC_ERROR_CODES.INVALID_PARAMETER,
            `Invalid parameter, memo is longer than the maximum allowed ${MEMO_BYTES} bytes.`,
          );
        }
        memoHex = entry.memo.toLowerCase();
      }
      // The node pads the memo field to 512 bytes with zeros; no memo is the canonical 0xF6 one.
      return {
        address,
        amountZat,
        memoHex:
          memoHex === '' && entry.memo === undefined ? EMPTY_MEMO_HEX : memoHex.padEnd(MEMO_BYTES * 2, '0'),
      };
    });
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
      const failure = this.nextSendFailure;
      const needed =
        recipients.reduce((s, r) => s + (r.address === this.walletAddress ? 0 : r.amountZat), 0) +
        DEVCHAIN_FEE_ZAT;
      const balance = this.balanceZat();
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
        op.txid = this.writeTransaction(fromAddress, recipients);
        op.status = 'success';
      }
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

  private operations(params: unknown[], remove: boolean): unknown[] {
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
}
