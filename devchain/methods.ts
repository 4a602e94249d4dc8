/**
 * The development chain's RPC methods, answering with the fields and types zcashd gives: chain
 * queries (blocks and raw transactions in `chain-methods.ts`), the wallet's transactions,
 * notes and viewing key, `z_sendmany` and its operations, and the `dev_mine` and `dev_reorg`
 * controls that a real node does not have.
 */
import { parseTransactionV5, toHex } from 'zap1';
import { devChainChainMethods } from './chain-methods.js';
import { DEVCHAIN_START_HEIGHT, type DevChainDb } from './ledger-db.js';
import { exportedViewingKey } from './keys.js';
import { paramOptInt, paramString, rpcFail, type RpcMethods } from './rpc-server.js';
import { EMPTY_MEMO_HEX, formatZec, memoStr, zecNumber, type DevChainWallet } from './wallet.js';
import { RPC_ERROR_CODES } from 'zap1/node-rpc';

export type DevChainNetwork = 'dev' | 'regtest' | 'test' | 'main';

export interface DevChainParts {
  ledger: DevChainDb;
  wallet: DevChainWallet;
  network: DevChainNetwork;
  mine(n: number): string[];
  reorg(k: number): unknown;
}

export function devChainMethods({ ledger, wallet, network, mine, reorg }: DevChainParts): RpcMethods {
  const walletAddress = ledger.walletAddress;

  const txOrFail = (txid: string) => {
    const tx = ledger.tx(txid);
    if (!tx) rpcFail(RPC_ERROR_CODES.INVALID_ADDRESS_OR_KEY, 'Invalid or non-wallet transaction id');
    return tx;
  };

  return {
    ...devChainChainMethods(ledger, network),

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
      const raw = ledger.rawTransaction(txid);
      return {
        status: block ? 'mined' : 'waiting',
        version: '5',
        amount: zecNumber(net),
        amountZat: net,
        confirmations: ledger.confirmationsOf(tx),
        ...(block ? { blockhash: block.hash, blockindex: tx.block_index ?? 1, blocktime: block.time } : {}),
        expiryheight: raw === null ? (tx.height ?? ledger.height) + 40 : parseTransactionV5(raw).expiryHeight,
        txid,
        walletconflicts: [],
        time: tx.received_time,
        timereceived: tx.received_time,
        details: [],
        vjoinsplit: [],
        // A transaction made before real-format transactions has no bytes to show.
        ...(raw === null ? {} : { hex: toHex(raw) }),
      };
    },

    z_viewtransaction: (params) => {
      const txid = paramString(params, 0, 'txid');
      const tx = txOrFail(txid);
      const outs = ledger.outputsOf(txid);
      const sentZat = outs.reduce((s, o) => s + o.amount_zat, 0);
      // The balance after the send holds the change and what the send paid to the wallet itself.
      const toSelfZat = outs.reduce((s, o) => s + (o.address === walletAddress ? o.amount_zat : 0), 0);
      const changeZat = ledger.balanceZat(tx.seq) - toSelfZat;
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

    z_exportviewingkey: (params) => {
      const address = paramString(params, 0, 'zaddr');
      if (address === '') rpcFail(RPC_ERROR_CODES.INVALID_ADDRESS_OR_KEY, 'Invalid zaddr');
      if (address !== walletAddress) {
        rpcFail(
          RPC_ERROR_CODES.WALLET_ERROR,
          'Wallet does not hold private key or viewing key for this zaddr',
        );
      }
      return exportedViewingKey(ledger.walletKey, network);
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
