/**
 * The development chain's raw-transaction and block RPCs, answering from the bytes it keeps with
 * the fields and byte orders zcashd gives (zcashd's RPC reference: getrawtransaction, getblock,
 * getblockheader, getblockhash, getbestblockhash): hashes that zcashd prints as uint256 (txid,
 * authdigest, block hashes, merkleroot, blockcommitments, authdataroot, chainhistoryroot, nonce)
 * in display order, byte strings
 * (scripts, action fields, solution) as they are serialized.
 *
 * Fields this chain cannot know are left out rather than invented: the Sapling and Orchard tree
 * roots, chain supply and value pools. Rows made before real-format transactions have no bytes:
 * the answers that need them are an RPC error saying so (code -1, not -5, which would mean "not
 * on the chain").
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import {
  parseBlockHeader,
  parseTransactionV5,
  toDisplayHex,
  toHex,
  transactionAuthDigest,
  transactionId,
  type TransactionV5,
} from 'zap1';
import { assembleBlock, authDataRootOf } from './blocks.js';
import {
  DEVCHAIN_START_HEIGHT,
  MADE_BEFORE_REAL_FORMAT,
  type BlockRecord,
  type BlockRow,
  type DevChainDb,
} from './ledger-db.js';
import type { DevChainNetwork } from './methods.js';
import { paramString, rpcFail, type RpcMethods } from './rpc-server.js';
import { zecNumber } from './wallet.js';
import { RPC_ERROR_CODES } from 'zap1/node-rpc';

const base58check = createBase58check(sha256);

/** The t-address a P2PKH script pays (t1… on Mainnet, tm… on Testnet and regtest), else null. */
function p2pkhAddress(script: Uint8Array, network: DevChainNetwork): string | null {
  const isP2pkh =
    script.length === 25 &&
    script[0] === 0x76 &&
    script[1] === 0xa9 &&
    script[2] === 0x14 &&
    script[23] === 0x88 &&
    script[24] === 0xac;
  if (!isP2pkh) return null;
  const prefix = network === 'main' ? [0x1c, 0xb8] : [0x1d, 0x25];
  return base58check.encode(Uint8Array.of(...prefix, ...script.subarray(3, 23)));
}

function scriptPubKeyJson(script: Uint8Array, network: DevChainNetwork): Record<string, unknown> {
  const address = p2pkhAddress(script, network);
  if (address === null) return { asm: '', hex: toHex(script), type: 'nonstandard' };
  const hash = toHex(script.subarray(3, 23));
  return {
    asm: `OP_DUP OP_HASH160 ${hash} OP_EQUALVERIFY OP_CHECKSIG`,
    hex: toHex(script),
    reqSigs: 1,
    type: 'pubkeyhash',
    addresses: [address],
  };
}

function isCoinbase(tx: TransactionV5): boolean {
  const input = tx.transparentInputs[0];
  return (
    tx.transparentInputs.length === 1 &&
    input !== undefined &&
    input.prevout.index === 0xffff_ffff &&
    input.prevout.txid.every((b) => b === 0)
  );
}

function orchardJson(tx: TransactionV5): Record<string, unknown> {
  const bundle = tx.orchard;
  if (bundle === null) return { actions: [], valueBalance: 0, valueBalanceZat: 0 };
  const valueZat = Number(bundle.valueBalance);
  return {
    actions: bundle.actions.map((a) => ({
      cv: toHex(a.cvNet),
      nullifier: toHex(a.nullifier),
      rk: toHex(a.rk),
      cmx: toHex(a.cmx),
      ephemeralKey: toHex(a.ephemeralKey),
      encCiphertext: toHex(a.encCiphertext),
      outCiphertext: toHex(a.outCiphertext),
      spendAuthSig: toHex(a.spendAuthSig),
    })),
    valueBalance: zecNumber(valueZat),
    valueBalanceZat: valueZat,
    flags: { enableSpends: (bundle.flags & 1) !== 0, enableOutputs: (bundle.flags & 2) !== 0 },
    anchor: toHex(bundle.anchor),
    proof: toHex(bundle.proofs),
    bindingSig: toHex(bundle.bindingSig),
  };
}

/**
 * A v5 transaction as zcashd's getrawtransaction (verbose) and getblock (verbosity 2) describe it.
 * This chain makes no Sapling bundles and spends no transparent outputs, so those parts are empty.
 */
export function transactionJson(raw: Uint8Array, network: DevChainNetwork): Record<string, unknown> {
  const tx = parseTransactionV5(raw);
  const coinbase = isCoinbase(tx);
  const saplingZat = Number(tx.sapling?.valueBalance ?? 0n);
  return {
    txid: transactionId(tx),
    authdigest: toDisplayHex(transactionAuthDigest(tx)),
    size: raw.length,
    overwintered: true,
    version: tx.version,
    versiongroupid: tx.versionGroupId.toString(16).padStart(8, '0'),
    locktime: tx.lockTime,
    expiryheight: tx.expiryHeight,
    vin: tx.transparentInputs.map((input) =>
      coinbase
        ? { coinbase: toHex(input.scriptSig), sequence: input.sequence }
        : {
            txid: toDisplayHex(input.prevout.txid),
            vout: input.prevout.index,
            scriptSig: { asm: '', hex: toHex(input.scriptSig) },
            sequence: input.sequence,
          },
    ),
    vout: tx.transparentOutputs.map((output, n) => ({
      value: zecNumber(Number(output.value)),
      valueZat: Number(output.value),
      n,
      scriptPubKey: scriptPubKeyJson(output.scriptPubKey, network),
    })),
    vjoinsplit: [],
    valueBalance: zecNumber(saplingZat),
    valueBalanceZat: saplingZat,
    vShieldedSpend: [],
    vShieldedOutput: [],
    orchard: orchardJson(tx),
  };
}

const madeBefore = (what: string): never =>
  rpcFail(RPC_ERROR_CODES.MISC_ERROR, `${what} was ${MADE_BEFORE_REAL_FORMAT}`);

export function devChainChainMethods(ledger: DevChainDb, network: DevChainNetwork): RpcMethods {
  const confirmations = (height: number): number => ledger.height - height + 1;

  /** A height as zcashd reads one: negative counts back from the tip (-1 is the tip). */
  const blockAtHeight = (height: number): BlockRow => {
    const block = ledger.blockAt(height < 0 ? ledger.height + 1 + height : height);
    if (!block) rpcFail(RPC_ERROR_CODES.INVALID_PARAMETER, 'Block height out of range');
    return block;
  };

  const blockByHash = (hash: string): BlockRow => {
    const block = ledger.blockByHash(hash.toLowerCase());
    if (!block) rpcFail(RPC_ERROR_CODES.INVALID_ADDRESS_OR_KEY, 'Block not found');
    return block;
  };

  const recordOf = (block: BlockRow): BlockRecord & { header: Uint8Array; coinbase: Uint8Array } => {
    const record = ledger.blockRecord(block.height);
    if (!record?.header || !record.coinbase) return madeBefore(`block ${block.hash}`);
    return { ...record, header: record.header, coinbase: record.coinbase };
  };

  /** The block's transactions' bytes, coinbase first (null for one made before real-format transactions). */
  const rawsOf = (record: BlockRecord & { coinbase: Uint8Array }): (Uint8Array | null)[] => [
    record.coinbase,
    ...ledger.blockTransactions(record.height).map((t) => t.raw),
  ];

  /**
   * The roots hashBlockCommitments commits to, display order; each left out where it is unknown: the
   * auth data root of a block holding a transaction without bytes, the chain history root of a
   * block made before the chain kept one.
   */
  const commitmentRootsJson = (record: BlockRecord, raws: (Uint8Array | null)[]): Record<string, string> => {
    const authRoot = authDataRootOf(raws);
    const historyRoot = record.chain_history_root;
    return {
      ...(authRoot === null ? {} : { authdataroot: toDisplayHex(authRoot) }),
      ...(historyRoot === null ? {} : { chainhistoryroot: toDisplayHex(historyRoot) }),
    };
  };

  const headerJson = (
    record: BlockRecord & { header: Uint8Array },
    raws: (Uint8Array | null)[],
  ): Record<string, unknown> => {
    const header = parseBlockHeader(record.header);
    const next = ledger.blockAt(record.height + 1);
    return {
      hash: record.hash,
      confirmations: confirmations(record.height),
      height: record.height,
      version: header.version,
      merkleroot: toDisplayHex(header.merkleRoot),
      blockcommitments: toDisplayHex(header.blockCommitments),
      ...commitmentRootsJson(record, raws),
      time: header.time,
      nonce: toDisplayHex(header.nonce),
      solution: toHex(header.solution),
      bits: header.bits.toString(16).padStart(8, '0'),
      difficulty: 1,
      chainwork: record.height.toString(16).padStart(64, '0'),
      ...(record.height > DEVCHAIN_START_HEIGHT
        ? { previousblockhash: toDisplayHex(header.previousBlockHash) }
        : {}),
      ...(next ? { nextblockhash: next.hash } : {}),
    };
  };

  /** Where a txid is: a wallet transaction (mined or in the mempool) or a block's coinbase. */
  const locate = (txid: string): { raw: Uint8Array | null; block: BlockRow | undefined } | undefined => {
    const tx = ledger.tx(txid);
    if (tx) {
      const block = tx.height === null ? undefined : ledger.blockAt(tx.height);
      return { raw: ledger.rawTransaction(txid), block };
    }
    const block = ledger.blockOfCoinbase(txid);
    return block && { raw: ledger.blockRecord(block.height)?.coinbase ?? null, block };
  };

  return {
    getbestblockhash: () => ledger.tip()?.hash ?? '',

    getblockhash: (params) => {
      const index = params[0];
      if (typeof index !== 'number' || !Number.isInteger(index))
        rpcFail(RPC_ERROR_CODES.TYPE_ERROR, 'Expected integer for index');
      return blockAtHeight(index).hash;
    },

    getrawtransaction: (params) => {
      const txid = paramString(params, 0, 'txid');
      const verbose = !(
        params[1] === undefined ||
        params[1] === null ||
        params[1] === 0 ||
        params[1] === false
      );
      const blockhash =
        params[2] === undefined || params[2] === null ? undefined : paramString(params, 2, 'blockhash');
      const found = locate(txid);
      if (blockhash !== undefined) {
        const block = ledger.blockByHash(blockhash);
        if (!block) rpcFail(RPC_ERROR_CODES.INVALID_ADDRESS_OR_KEY, 'Block hash not found');
        if (!found || found.block?.hash !== block.hash)
          rpcFail(RPC_ERROR_CODES.INVALID_ADDRESS_OR_KEY, 'No such transaction found in the provided block');
      } else if (!found) {
        // Behaves as a node with -txindex.
        rpcFail(RPC_ERROR_CODES.INVALID_ADDRESS_OR_KEY, 'No information available about transaction');
      }
      const { raw, block } = found;
      if (!verbose) return raw === null ? madeBefore(`transaction ${txid}`) : toHex(raw);
      return {
        ...(blockhash !== undefined ? { in_active_chain: true } : {}),
        ...(raw === null ? { txid } : { hex: toHex(raw), ...transactionJson(raw, network) }),
        ...(block
          ? {
              blockhash: block.hash,
              height: block.height,
              confirmations: confirmations(block.height),
              time: block.time,
              blocktime: block.time,
            }
          : {}),
      };
    },

    getblock: (params) => {
      const id = params[0];
      let block: BlockRow;
      if (typeof id === 'number' || (typeof id === 'string' && id.length < 64)) {
        // zcashd takes the height as a string; a number is read the same way.
        const text = String(id);
        if (!/^-?\d+$/.test(text))
          rpcFail(RPC_ERROR_CODES.INVALID_PARAMETER, 'Invalid block height parameter');
        block = blockAtHeight(Number(text));
      } else if (typeof id === 'string') {
        block = blockByHash(id);
      } else {
        rpcFail(RPC_ERROR_CODES.TYPE_ERROR, 'Expected string for hash|height');
      }
      const v = params[1];
      const verbosity = v === undefined || v === null ? 1 : typeof v === 'boolean' ? Number(v) : v;
      if (typeof verbosity !== 'number' || !Number.isInteger(verbosity))
        rpcFail(RPC_ERROR_CODES.TYPE_ERROR, 'Expected integer for verbosity');
      if (verbosity < 0 || verbosity > 2)
        rpcFail(RPC_ERROR_CODES.INVALID_PARAMETER, 'Verbosity must be in range from 0 to 2');

      const record = recordOf(block);
      const txs = ledger.blockTransactions(block.height);
      const raws = rawsOf(record);
      const complete = raws.every((r): r is Uint8Array => r !== null);
      const bytes = complete ? assembleBlock(record.header, raws) : null;
      if (verbosity === 0)
        return bytes === null ? madeBefore(`a transaction of block ${block.hash}`) : toHex(bytes);
      if (verbosity === 2 && !complete) return madeBefore(`a transaction of block ${block.hash}`);
      const { hash, confirmations: confs, ...rest } = headerJson(record, raws);
      return {
        hash,
        confirmations: confs,
        ...(bytes === null ? {} : { size: bytes.length }),
        ...rest,
        tx:
          verbosity === 1
            ? [record.coinbase_txid, ...txs.map((t) => t.txid)]
            : raws.map((raw) => ({ ...transactionJson(raw!, network), hex: toHex(raw!) })),
      };
    },

    getblockheader: (params) => {
      const block = blockByHash(paramString(params, 0, 'hash'));
      const v = params[1];
      if (v !== undefined && v !== null && typeof v !== 'boolean')
        rpcFail(RPC_ERROR_CODES.TYPE_ERROR, 'Expected boolean for verbose');
      const record = recordOf(block);
      return v === false ? toHex(record.header) : headerJson(record, rawsOf(record));
    },
  };
}
