/**
 * The development chain's transactions, in the real v5 format (ZIP 225) with ZIP 244 txids.
 *
 * A wallet send is a fully shielded Orchard transaction: one action per output (the change first,
 * then the recipients in order, as `z_viewtransaction` numbers them), padded to two actions as
 * wallets pad. Each output is encrypted as 4.20.1 does with the sender's outgoing viewing key, so
 * `readMemos` with the wallet's viewing key recovers it from the bytes: the change under the
 * internal ovk, the recipients under the external one (ZIP 316), a padding output under a random
 * ovk, so it opens for nobody.
 *
 * What is stand-in, because nobody here verifies it: the proof and the signatures are random bytes
 * of the sizes ZIP 225 fixes; cv_net and rk are random valid point encodings, cmx, nullifiers and
 * the anchor random field elements (a real cmx commits to the note with Sinsemilla, which the core
 * library does not implement); the ephemeral key is [esk] B for a fixed point B, not [esk] g_d
 * (see `encryptOrchardOutput`). A real node would reject these transactions; their format, txids
 * and encrypted outputs are real.
 */
import { createHash } from 'node:crypto';
import {
  CURRENT_BRANCH_ID,
  ChainFormatError,
  TX_V5_VERSION_GROUP_ID,
  encryptOrchardOutput,
  serializeTransaction,
  transactionId,
  type OrchardAction,
  type TransactionV5,
} from 'zap1';
import { random, randomBaseFieldElement, randomPointEncoding, type OrchardReceiver } from './keys.js';

/**
 * The consensus branch id the transactions carry: the current network upgrade's, as the core
 * library lists the upgrades (`CURRENT_BRANCH_ID`, network-upgrades.ts). It is part of every txid
 * (ZIP 244), so a reader must hash with the branch the transaction names.
 */
export const DEVCHAIN_CONSENSUS_BRANCH_ID = CURRENT_BRANCH_ID;
/** nExpiryHeight = tip + 40: zcashd's default -txexpirydelta. */
export const DEVCHAIN_EXPIRY_DELTA = 40;

const ENABLE_SPENDS_AND_OUTPUTS = 0b11;
/** ZIP 225: sizeProofsOrchard = 2720 + 2272 · nActionsOrchard. */
const orchardProofBytes = (actions: number): number => 2720 + 2272 * actions;
const SIGNATURE_BYTES = 64;
/** The canonical "no memo" (ZIP 302): 0xF6 then zeros. */
const EMPTY_MEMO = new Uint8Array(512);
EMPTY_MEMO[0] = 0xf6;

export interface BuiltTransaction {
  /** The serialized transaction. */
  raw: Uint8Array;
  /** Its ZIP 244 txid, display order (as RPCs show it). */
  txid: string;
}

function built(tx: TransactionV5): BuiltTransaction {
  return { raw: serializeTransaction(tx), txid: transactionId(tx) };
}

/** One Orchard output to make: who can recover it (ovk), who receives it, how much, with what memo. */
export interface ShieldedOutput {
  ovk: Uint8Array;
  /** The recipient's receiver; a random one when null (someone else's address, or padding). */
  receiver: OrchardReceiver | null;
  valueZat: number;
  /** 512 bytes. */
  memo: Uint8Array;
}

function action(output: ShieldedOutput): OrchardAction {
  const cvNet = randomPointEncoding();
  const cmx = randomBaseFieldElement();
  const receiver = output.receiver ?? { diversifier: random(11), pkD: randomPointEncoding() };
  for (;;) {
    // ρ of the new note is this action's nullifier; esk comes from rseed and ρ as ZIP 212 says.
    const nullifier = randomBaseFieldElement();
    try {
      const note = encryptOrchardOutput({
        ovk: output.ovk,
        cvNet,
        cmx,
        diversifier: receiver.diversifier,
        value: output.valueZat,
        rseed: random(32),
        memo: output.memo,
        pkD: receiver.pkD,
        nullifier,
      });
      return {
        cvNet,
        nullifier,
        rk: randomPointEncoding(),
        cmx,
        ephemeralKey: note.ephemeralKey,
        encCiphertext: note.encCiphertext,
        outCiphertext: note.outCiphertext,
        spendAuthSig: random(SIGNATURE_BYTES),
      };
    } catch (err) {
      // esk = 0 (probability about 2^-254): another rseed and ρ.
      if (!(err instanceof ChainFormatError)) throw err;
    }
  }
}

/**
 * A fully shielded send: `outputs` in action order, padded to two actions, with the fee as
 * valueBalanceOrchard (the value leaving the Orchard pool, as for any shielded send that pays a fee).
 */
export function buildShieldedTransaction(
  outputs: ShieldedOutput[],
  options: { feeZat: number; expiryHeight: number },
): BuiltTransaction {
  const padded = [...outputs];
  while (padded.length < 2) {
    padded.push({ ovk: random(32), receiver: null, valueZat: 0, memo: EMPTY_MEMO });
  }
  const actions = padded.map(action);
  return built({
    version: 5,
    versionGroupId: TX_V5_VERSION_GROUP_ID,
    consensusBranchId: DEVCHAIN_CONSENSUS_BRANCH_ID,
    lockTime: 0,
    expiryHeight: options.expiryHeight,
    transparentInputs: [],
    transparentOutputs: [],
    sapling: null,
    orchard: {
      actions,
      flags: ENABLE_SPENDS_AND_OUTPUTS,
      valueBalance: BigInt(options.feeZat),
      anchor: randomBaseFieldElement(),
      proofs: random(orchardProofBytes(actions.length)),
      bindingSig: random(SIGNATURE_BYTES),
    },
  });
}

/**
 * The block subsidy at `height` after Blossom (ZIP 208): 3.125 ZEC from the first halving at
 * 1,046,400, halving every 1,680,000 blocks (1.5625 ZEC at the dev chain's heights).
 */
export function blockSubsidyZat(height: number): number {
  const halvings = 1 + Math.floor((height - 1_046_400) / 1_680_000);
  return halvings >= 30 ? 0 : Math.floor(625_000_000 / 2 ** halvings);
}

/** A fixed P2PKH script the dev chain's coinbases pay: no one holds its key. */
export const DEVCHAIN_MINER_SCRIPT = new Uint8Array([
  0x76,
  0xa9,
  0x14,
  ...createHash('sha256').update('zap1 devchain miner').digest().subarray(0, 20),
  0x88,
  0xac,
]);

/** BIP 34: the height as the first push of the coinbase scriptSig (a minimal CScriptNum). */
export function heightScript(height: number): Uint8Array {
  if (height === 0) return Uint8Array.of(0x00);
  if (height <= 16) return Uint8Array.of(0x50 + height);
  const digits: number[] = [];
  for (let n = height; n > 0; n = Math.floor(n / 256)) digits.push(n % 256);
  if (digits[digits.length - 1]! & 0x80) digits.push(0); // keep the number positive
  return Uint8Array.of(digits.length, ...digits);
}

const COINBASE_TAG = new TextEncoder().encode('/zap1-devchain/');

/**
 * The coinbase of a block at `height`: the null prevout, a scriptSig of the height (BIP 34), an
 * 8-byte extra nonce (so two coinbases at one height, as after a reorganisation, differ) and a tag;
 * one output paying the subsidy and the fees. nExpiryHeight is the block height, as NU5 requires of
 * coinbases. Funding streams and the lockbox are left out: no output pays them.
 */
export function buildCoinbase(height: number, feesZat: number): BuiltTransaction {
  const extraNonce = random(8);
  const scriptSig = Uint8Array.of(
    ...heightScript(height),
    extraNonce.length,
    ...extraNonce,
    COINBASE_TAG.length,
    ...COINBASE_TAG,
  );
  return built({
    version: 5,
    versionGroupId: TX_V5_VERSION_GROUP_ID,
    consensusBranchId: DEVCHAIN_CONSENSUS_BRANCH_ID,
    lockTime: 0,
    expiryHeight: height,
    transparentInputs: [
      { prevout: { txid: new Uint8Array(32), index: 0xffff_ffff }, scriptSig, sequence: 0xffff_ffff },
    ],
    transparentOutputs: [
      { value: BigInt(blockSubsidyZat(height) + feesZat), scriptPubKey: DEVCHAIN_MINER_SCRIPT },
    ],
    sapling: null,
    orchard: null,
  });
}
