import { describe, expect, it } from 'vitest';
import {
  decodeViewingKey,
  encryptOrchardOutput,
  orchardOutgoingViewingKeys,
  parseTransactionV5,
  serializeTransaction,
  toHex,
  transactionId,
  type TransactionV5,
} from 'zap1';
import { readZcashVectors } from 'zap1/testing';
import { checkPastedTransaction } from './pasted-transaction';

const vectors = readZcashVectors('unified_full_viewing_keys.json');
const keyWhere = (has: (v: Record<string, unknown>) => boolean): string => {
  const found = vectors.find(has)?.unified_fvk;
  if (typeof found !== 'string') throw new Error('no such vector');
  return found;
};
const orchardKey = keyWhere((v) => v.orchard_fvk_bytes !== null);
const saplingOnlyKey = keyWhere((v) => v.orchard_fvk_bytes === null && v.t_key_bytes === null);
const transparentAndSaplingKey = keyWhere((v) => v.orchard_fvk_bytes === null && v.t_key_bytes !== null);

const ROOT = 'ab'.repeat(32);

/** A ZIP 244 vector's transaction whose first Orchard action is re-encrypted to carry `ZAP1:09:<ROOT>`. */
function anchorTransaction(): string {
  const base = readZcashVectors('zip_0244.json')
    .map((v) => parseTransactionV5(v.tx as string))
    .find((tx) => (tx.orchard?.actions.length ?? 0) > 0)!;
  const { external } = orchardOutgoingViewingKeys(decodeViewingKey(orchardKey).orchard!);
  const memo = new Uint8Array(512);
  memo.set(new TextEncoder().encode(`ZAP1:09:${ROOT}`));
  const actions = base.orchard!.actions.map((action, i) =>
    i !== 0
      ? action
      : {
          ...action,
          ...encryptOrchardOutput({
            ovk: external,
            cvNet: action.cvNet,
            cmx: action.cmx,
            diversifier: new Uint8Array(11),
            value: 1000n,
            rseed: new Uint8Array(32).fill(1),
            memo,
            nullifier: action.nullifier,
          }),
        },
  );
  const tx: TransactionV5 = { ...base, orchard: { ...base.orchard!, actions } };
  return toHex(serializeTransaction(tx));
}

describe('checkPastedTransaction', () => {
  const hex = anchorTransaction();
  const anchor = { txid: transactionId(hex), rootHex: ROOT };

  it("passes the anchor's transaction and the memo its wallet's key recovers", () => {
    const checks = checkPastedTransaction(` ${hex.toUpperCase()}\n`, orchardKey, anchor);
    expect(checks.map((c) => [c.name, c.status])).toEqual([
      ['transaction', 'pass'],
      ['memo', 'pass'],
    ]);
  });

  it('says plainly that a key without an Orchard part cannot read the Orchard memo', () => {
    for (const [key, parts] of [
      [saplingOnlyKey, 'a Sapling part'],
      [transparentAndSaplingKey, 'a Sapling part and a transparent part'],
    ] as const) {
      const [transaction, memo] = checkPastedTransaction(hex, key, anchor);
      expect(transaction?.status).toBe('pass');
      expect(memo).toEqual({
        name: 'memo',
        status: 'fail',
        detail: `The memo cannot be recovered: this viewing key has no Orchard part (it has ${parts}), so it cannot read Orchard memos.`,
      });
    }
  });
});
