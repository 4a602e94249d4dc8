/**
 * "Check a raw transaction yourself": where the service offers no chain evidence, the person pastes
 * the anchor's raw transaction (from any explorer or their node) and a viewing key, and the two
 * checks that need no block run here (pasted-transaction.ts). The verdict above does not change:
 * without a block header and branch this cannot confirm the block, and the page says so.
 */
import { useId, useState } from 'react';
import type { VerdictCheck } from 'zap1';
import { Button } from '../../components/ui/button';
import { INPUT_CLASS, PANEL_CLASS } from '../../components/ui/styles';
import { CheckLine } from './check-line';
import { checkPastedTransaction } from './pasted-transaction';

export function PastedTransactionCheck({
  txid,
  rootHex,
  height,
  serviceKey,
}: {
  txid: string;
  rootHex: string;
  height: number | null;
  /** The viewing key the service publishes, to start from. */
  serviceKey: string | null;
}) {
  const id = useId();
  const [transaction, setTransaction] = useState('');
  const [key, setKey] = useState<string | null>(null);
  const [checks, setChecks] = useState<VerdictCheck[] | null>(null);
  const keyText = key ?? serviceKey ?? '';
  return (
    <details className={PANEL_CLASS} data-testid="pasted-transaction">
      <summary className="cursor-pointer font-semibold">
        Check the transaction yourself: its raw bytes and a viewing key
      </summary>
      <p className="text-sm">
        Where the service keeps no chain evidence, copy the raw transaction (hex) of the anchor from any block
        explorer or your own node (<code className="font-mono">getrawtransaction {txid}</code>), and give the
        viewing key of the wallet that anchored. Its bytes must hash to the anchor's transaction, and the key
        must read the memo ZAP1:09:{rootHex} from them.
      </p>
      <label htmlFor={`${id}-tx`} className="block text-sm font-medium">
        Raw transaction (hex)
      </label>
      <textarea
        id={`${id}-tx`}
        className={`${INPUT_CLASS} h-28 font-mono`}
        value={transaction}
        onChange={(e) => setTransaction(e.target.value)}
        spellCheck={false}
      />
      <label htmlFor={`${id}-key`} className="block text-sm font-medium">
        Viewing key (unified full viewing key)
      </label>
      <input
        id={`${id}-key`}
        className={`${INPUT_CLASS} font-mono`}
        value={keyText}
        onChange={(e) => setKey(e.target.value)}
        spellCheck={false}
        autoComplete="off"
      />
      <Button
        onClick={() => setChecks(checkPastedTransaction(transaction, keyText, { txid, rootHex }))}
        disabled={transaction.trim() === '' || keyText.trim() === ''}
      >
        Check the transaction
      </Button>
      {checks && (
        <div role="status" className="space-y-2">
          <ul className="space-y-1 text-sm">
            {checks.map((check) => (
              <CheckLine key={check.name} check={check} testIdPrefix="pasted-check" />
            ))}
          </ul>
          <p className="text-sm" data-testid="pasted-block-note">
            This partial check cannot confirm the block: a pasted transaction carries no block header or
            branch, so that it is in the chain{height !== null ? ` at height ${height}` : ''} rests on the
            explorer or node you took it from.
          </p>
        </div>
      )}
    </details>
  );
}
