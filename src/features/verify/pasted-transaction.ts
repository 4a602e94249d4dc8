/**
 * The check a person can run where the service keeps no chain evidence (the reference, a proxy to
 * another deployment): a raw transaction they fetched from any explorer or node, and a viewing key.
 * Without a block header or branch it cannot place the transaction in a block; it checks that these
 * are the anchor's transaction's bytes and that the key reads `ZAP1:09:<root>` from them.
 */
import { parseAnchorMemo, readMemos, transactionId, visibleText, type VerdictCheck } from 'zap1';
import { formatNumber } from '../../components/number-words';

const errorText = (error: unknown): string =>
  visibleText(error instanceof Error ? error.message : String(error));

/** Raw transaction hex as explorers show it: spaces and line breaks dropped, case lowered. */
export function normaliseTransactionHex(text: string): string {
  return text.replace(/\s+/g, '').toLowerCase();
}

/**
 * The `transaction` and `memo` checks of a pasted raw transaction against the anchor the verdict
 * names: its bytes must hash to `anchor.txid` (ZIP 244), and the key must recover the memo of
 * `anchor.rootHex` from them.
 */
/** As for the viewing key in chain evidence (zap1's evidence/). */
const MAX_PASTED_KEY_CHARS = 10_000;

export function checkPastedTransaction(
  transactionText: string,
  viewingKeyText: string,
  anchor: { txid: string; rootHex: string },
): VerdictCheck[] {
  const hex = normaliseTransactionHex(transactionText);
  const key = viewingKeyText.trim();
  const checks: VerdictCheck[] = [];
  try {
    const txid = transactionId(hex);
    checks.push(
      txid === anchor.txid
        ? {
            name: 'transaction',
            status: 'pass',
            detail: `The pasted transaction's bytes hash to ${txid} (ZIP 244), the anchor's transaction.`,
          }
        : {
            name: 'transaction',
            status: 'fail',
            detail: `The pasted transaction's bytes hash to ${txid}, not to the anchor's transaction ${anchor.txid}.`,
          },
    );
  } catch (error) {
    checks.push({
      name: 'transaction',
      status: 'fail',
      detail: `The pasted transaction cannot be read: ${errorText(error)}.`,
    });
  }
  try {
    // Real unified viewing keys are a few hundred characters; a huge paste would only cost time.
    if (key.length > MAX_PASTED_KEY_CHARS) {
      throw new Error(`a unified viewing key is at most ${formatNumber(MAX_PASTED_KEY_CHARS)} characters`);
    }
    const roots = readMemos(hex, key).map((recovered) => parseAnchorMemo(recovered.memo));
    const other = roots.find((root) => root !== null) ?? null;
    checks.push(
      roots.includes(anchor.rootHex)
        ? {
            name: 'memo',
            status: 'pass',
            detail: `The viewing key recovers the memo ZAP1:09:${anchor.rootHex} from the pasted transaction.`,
          }
        : {
            name: 'memo',
            status: 'fail',
            detail:
              roots.length === 0
                ? 'The viewing key recovers no memo from the pasted transaction: it is not the key of the wallet that anchored, or not this transaction.'
                : other === null
                  ? 'The memo the viewing key recovers is not a ZAP1 anchor memo.'
                  : `The memo the viewing key recovers anchors another root, ${other}, not this proof's root ${anchor.rootHex}.`,
          },
    );
  } catch (error) {
    checks.push({
      name: 'memo',
      status: 'fail',
      detail: `The memo cannot be recovered: ${errorText(error)}.`,
    });
  }
  return checks;
}
