/**
 * The memos a wallet sent in a transaction, read with its unified full viewing key: the
 * transaction's Orchard actions (parseTransaction) opened with the key's external and internal
 * outgoing viewing keys (orchardOutgoingViewingKeys, recoverOrchardOutput). See docs/chain.md for
 * what is and is not checked.
 */
import { ChainFormatError } from './bytes.js';
import { orchardOutgoingViewingKeys, type OrchardOutgoingViewingKeys } from './orchard-keys.js';
import { recoverOrchardOutput, type RecoveredOrchardOutput } from './orchard-recovery.js';
import { asTransaction, type Transaction } from './transaction.js';
import { decodeViewingKey, type UnifiedFullViewingKey, type ZcashNetwork } from './viewing-key.js';

/** One Orchard output the key's wallet sent, with where it is and which ovk opened it. */
export interface RecoveredMemo extends RecoveredOrchardOutput {
  /** The index of the action in the transaction's Orchard bundle. */
  actionIndex: number;
  /** 'external' for a payment to others, 'internal' for change and transfers to the wallet itself. */
  scope: 'external' | 'internal';
}

interface KeyUse {
  network: ZcashNetwork;
  ovks: OrchardOutgoingViewingKeys;
}

function keysOf(key: UnifiedFullViewingKey): KeyUse {
  if (typeof key !== 'object' || key === null) {
    throw new ChainFormatError('readMemos needs a unified full viewing key');
  }
  if (!key.orchard) {
    // A valid key (ZIP 316 allows Sapling or transparent items alone), but the anchor memos travel
    // in Orchard outputs and only the Orchard item's outgoing viewing keys open them: say so
    // plainly, since the person holding the key cannot tell from "no item 0x03".
    const parts = [key.sapling && 'a Sapling part', key.transparent && 'a transparent part'].filter(Boolean);
    const holds = parts.length > 0 ? ` (it has ${parts.join(' and ')})` : '';
    throw new ChainFormatError(
      `this viewing key has no Orchard part${holds}, so it cannot read Orchard memos`,
    );
  }
  return { network: key.network, ovks: orchardOutgoingViewingKeys(key.orchard) };
}

/**
 * A key string is decoded checking what readMemos relies on: the encoding, checksum and padding,
 * every item's typecode order and length, and the Orchard item as an Orchard full viewing key. The
 * Sapling and transparent items are not used, so their points (two Jubjub decompressions and
 * subgroup checks, a secp256k1 decompression: most of a full decode's cost) are left unchecked;
 * decodeViewingKey checks them by default. The last few keys read are kept, so a page or a loop
 * reading many transactions with one key decodes it once.
 */
const recentKeys = new Map<string, KeyUse>();
const RECENT_KEYS = 8;

function keysOfString(encoded: string): KeyUse {
  let use = recentKeys.get(encoded);
  if (use === undefined) {
    use = keysOf(decodeViewingKey(encoded, { validateItems: 'orchard' }));
    if (recentKeys.size >= RECENT_KEYS) recentKeys.delete(recentKeys.keys().next().value!);
    recentKeys.set(encoded, use);
  }
  return use;
}

/**
 * Every Orchard output of `tx` (hex, bytes or parsed) that the unified full viewing key (a
 * `uview…` string or a decoded key with an Orchard item) can recover, in action order. A
 * transaction with no Orchard bundle (every one before v5), or none of the key's outputs, gives an
 * empty list. A
 * malformed transaction or key, a key of another network than `options.network`, or options that
 * are not an object, throws a `ChainFormatError`; so does a valid key without an Orchard item,
 * saying that the key has no Orchard part and so cannot read Orchard memos.
 */
export function readMemos(
  tx: string | Uint8Array | Transaction,
  viewingKey: string | UnifiedFullViewingKey,
  options: { network?: ZcashNetwork } | null = {},
): RecoveredMemo[] {
  // null, as a JavaScript caller may pass for "no options", means the defaults (as for decodeViewingKey).
  options ??= {};
  if (typeof options !== 'object') throw new ChainFormatError('readMemos: the options must be an object');
  const { network, ovks } = typeof viewingKey === 'string' ? keysOfString(viewingKey) : keysOf(viewingKey);
  if (options.network !== undefined && network !== options.network) {
    throw new ChainFormatError(`a ${network} key where a ${options.network} key is expected`);
  }
  const parsed = asTransaction(tx);
  const memos: RecoveredMemo[] = [];
  if (parsed.version !== 5) return memos;
  parsed.orchard?.actions.forEach((action, actionIndex) => {
    for (const scope of ['external', 'internal'] as const) {
      const output = recoverOrchardOutput(ovks[scope], action);
      if (output !== null) {
        memos.push({ ...output, actionIndex, scope });
        break;
      }
    }
  });
  return memos;
}
