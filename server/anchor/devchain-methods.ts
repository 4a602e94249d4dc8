/**
 * The development chain's RPC methods, answering with the fields and types zcashd gives: chain
 * queries, the wallet's transactions and notes, `z_sendmany` and its operations, and the `dev_mine`
 * and `dev_reorg` controls that a real node does not have.
 */
import { DEVCHAIN_START_HEIGHT, type BlockRow, type DevChainDb } from './devchain-db.js';
import { paramOptInt, paramString, rpcFail, type RpcMethods } from './devchain-rpc-server.js';
import { EMPTY_MEMO_HEX, formatZec, memoStr, zecNumber, type DevChainWallet } from './devchain-wallet.js';
import { RPC_ERROR_CODES } from './zcash-rpc.js';

export type DevChainNetwork = 'dev' | 'regtest' | 'test' | 'main';

export interface DevChainParts {
  ledger: DevChainDb;
  wallet: DevChainWallet;
  network: DevChainNetwork;
  mine(n: number): string[];
  reorg(k: number): unknown;
}

function fakeHex(txid: string): string {
  // Not a real serialization: a stable stand-in so `hex` has the right type.
  return '050000800a27a726' + txid;
}

export function devChainMethods({ ledger, wallet, network, mine, reorg }: DevChainParts): RpcMethods {
  const walletAddress = ledger.walletAddress;

  const txOrFail = (txid: string) => {
    const tx = ledger.tx(txid);
    if (!tx) rpcFail(RPC_ERROR_CODES.INVALID_ADDRESS_OR_KEY, 'Invalid or non-wallet transaction id');
    return tx;
  };

  return {
    getblockchaininfo: () => {
      const tip = ledger.tip();
      const blocks = tip?.height ?? DEVCHAIN_START_HEIGHT;
      return {
        chain: network,
        blocks,
        initial_block_download_complete: true,
        headers: blocks,
        bestblockhash: tip?.hash ?? '',
        difficulty: 1,
        verificationprogress: 1,
        estimatedheight: blocks,
        chainwork: blocks.toString(16).padStart(64, '0'),
        size_on_disk: 0,
        commitments: ledger.outputCount(),
      };
    },

    getblockcount: () => ledger.height,

    getbestblockhash: () => ledger.tip()?.hash ?? '',

    z_gettotalbalance: () => {
      const balance = ledger.balanceZat();
      // zcashd formats these as decimal strings.
      return { transparent: formatZec(0), private: formatZec(balance), total: formatZec(balance) };
    },

    z_sendmany: (params) => wallet.sendMany(params),

    z_getoperationstatus: (params) => wallet.operations(params, false),

    z_getoperationresult: (params) => wallet.operations(params, true),

    gettransaction: (params) => {
      const txid = paramString(params, 0, 'txid');
      const tx = txOrFail(txid);
      const block = tx.height === null ? undefined : ledger.blockAt(tx.height);
      const sentAway = ledger
        .outputsOf(txid)
        .reduce((s, o) => s + (o.address === walletAddress ? 0 : o.amount_zat), 0);
      const net = -(tx.fee_zat + sentAway);
      return {
        status: block ? 'mined' : 'waiting',
        version: '5',
        amount: zecNumber(net),
        amountZat: net,
        confirmations: ledger.confirmationsOf(tx),
        ...(block ? { blockhash: block.hash, blockindex: tx.block_index ?? 1, blocktime: block.time } : {}),
        expiryheight: (tx.height ?? ledger.height) + 40,
        txid,
        walletconflicts: [],
        time: tx.received_time,
        timereceived: tx.received_time,
        details: [],
        vjoinsplit: [],
        hex: fakeHex(txid),
      };
    },

    getrawtransaction: (params) => {
      const txid = paramString(params, 0, 'txid');
      const verbose = params[1] === undefined || params[1] === null ? 0 : params[1];
      const blockhash =
        params[2] === undefined || params[2] === null ? undefined : paramString(params, 2, 'blockhash');
      const tx = ledger.tx(txid);
      let block: BlockRow | undefined;
      if (blockhash !== undefined) {
        block = ledger.blockByHash(blockhash);
        if (!block) rpcFail(RPC_ERROR_CODES.INVALID_ADDRESS_OR_KEY, 'Block hash not found');
        if (!tx || tx.height !== block.height)
          rpcFail(RPC_ERROR_CODES.INVALID_ADDRESS_OR_KEY, 'No such transaction found in the provided block');
      } else {
        // Behaves as a node with -txindex.
        if (!tx)
          rpcFail(RPC_ERROR_CODES.INVALID_ADDRESS_OR_KEY, 'No information available about transaction');
        block = tx.height === null ? undefined : ledger.blockAt(tx.height);
      }
      const hex = fakeHex(txid);
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
        expiryheight: (tx.height ?? ledger.height) + 40,
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
              confirmations: ledger.confirmationsOf(tx),
              time: block.time,
              blocktime: block.time,
            }
          : {}),
      };
    },

    z_viewtransaction: (params) => {
      const txid = paramString(params, 0, 'txid');
      const tx = txOrFail(txid);
      const outs = ledger.outputsOf(txid);
      const changeZat = ledger.balanceZat(tx.seq);
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
            outgoing: o.address !== walletAddress,
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
            address: walletAddress,
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
      return ledger
        .receivedBy(address)
        .map((r) => {
          const block = r.height === null ? undefined : ledger.blockAt(r.height);
          const str = memoStr(r.memo_hex);
          return {
            pool: 'orchard',
            txid: r.txid,
            amount: zecNumber(r.amount_zat),
            amountZat: r.amount_zat,
            memo: r.memo_hex,
            ...(str === undefined ? {} : { memoStr: str }),
            confirmations: ledger.confirmationsOf(r),
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
      return mine(n);
    },

    dev_reorg: (params) => reorg(paramOptInt(params, 0, 'k', 1)),
  };
}
