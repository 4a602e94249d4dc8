/** One document of a batch: its name, size, progress while hashed, digest, reference and state. */
import { memo, useId, useState } from 'react';
import { heightWords, visibleText } from 'zap1';
import { StatusPill, type PillState } from '../../../components/ui/status-pill';
import { COMPACT_BUTTON_CLASS, INPUT_CLASS } from '../../../components/ui/styles';
import { formatBytes } from '../hash-chunks';
import { editProblem, type BatchRow, type RowStatus } from './batch-model';

const STATUS_WORDS: Record<RowStatus, [string, PillState]> = {
  hashing: ['Hashing', 'sent'],
  ready: ['Ready', 'sent'],
  submitted: ['Recorded', 'pending'],
  pending: ['Awaiting anchor', 'pending'],
  anchored: ['Anchored', 'anchored'],
  failed: ['Failed', 'failed'],
};

export const BatchRowItem = memo(function BatchRowItem({
  row,
  onEdit,
  editable,
}: {
  row: BatchRow;
  onEdit: (id: string, serialNumber: string, walletHash: string) => void;
  /** Whether its reference and pseudonym may still change (it is not being sent). */
  editable: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [words, pill] = STATUS_WORDS[row.status];
  const percent = row.size > 0 ? Math.min(100, Math.round((row.bytesDone / row.size) * 100)) : 0;
  return (
    <li
      data-testid="batch-row"
      data-status={row.status}
      className="min-w-0 space-y-1 border-b border-slate-200 py-2 text-sm last:border-b-0 dark:border-slate-700"
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-medium [overflow-wrap:anywhere]" data-testid="batch-row-name">
          {visibleText(row.name)}
        </span>
        <span className="text-slate-600 dark:text-slate-400">{formatBytes(row.size)}</span>
        <StatusPill state={pill}>{words}</StatusPill>
        {row.status === 'anchored' && row.txid !== null && (
          <span className="text-slate-600 dark:text-slate-400">
            in block {row.height === null ? '?' : heightWords(row.height)}
          </span>
        )}
      </div>
      {row.status === 'hashing' && (
        <progress
          className="h-2 w-full"
          max={100}
          value={percent}
          aria-label={`Hashing ${visibleText(row.name)}`}
        >
          {percent}%
        </progress>
      )}
      {row.sha256Hex !== null && (
        <p className="font-mono text-xs text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">
          SHA-256 {row.sha256Hex}
        </p>
      )}
      <p className="text-xs text-slate-700 dark:text-slate-300">
        Reference <span className="font-mono">{visibleText(row.serialNumber)}</span> · pseudonym{' '}
        <span className="font-mono">{visibleText(row.walletHash)}</span>
        {editable && (row.status === 'ready' || row.status === 'hashing') && !editing && (
          <>
            {' '}
            <button type="button" className={COMPACT_BUTTON_CLASS} onClick={() => setEditing(true)}>
              Edit
            </button>
          </>
        )}
      </p>
      {editing && <RowEditor row={row} onDone={() => setEditing(false)} onEdit={onEdit} />}
      {row.message !== null && (
        <p className={row.status === 'failed' ? 'text-red-700 dark:text-red-300' : ''}>{row.message}</p>
      )}
    </li>
  );
});

function RowEditor({
  row,
  onEdit,
  onDone,
}: {
  row: BatchRow;
  onEdit: (id: string, serialNumber: string, walletHash: string) => void;
  onDone: () => void;
}) {
  const id = useId();
  const [serial, setSerial] = useState(row.serialNumber);
  const [wallet, setWallet] = useState(row.walletHash);
  const problem = editProblem(row, serial, wallet);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (problem !== null) return;
        onEdit(row.id, serial, wallet);
        onDone();
      }}
    >
      <label className="block text-xs" htmlFor={`${id}-serial`}>
        Reference
        <input
          id={`${id}-serial`}
          className={INPUT_CLASS}
          value={serial}
          onChange={(e) => setSerial(e.target.value)}
        />
      </label>
      <label className="block text-xs" htmlFor={`${id}-wallet`}>
        Pseudonym
        <input
          id={`${id}-wallet`}
          className={INPUT_CLASS}
          value={wallet}
          onChange={(e) => setWallet(e.target.value)}
        />
      </label>
      <button type="submit" className={COMPACT_BUTTON_CLASS} disabled={problem !== null}>
        Keep
      </button>
      <button type="button" className={COMPACT_BUTTON_CLASS} onClick={onDone}>
        Cancel
      </button>
      {problem !== null && <p className="w-full text-xs text-red-700 dark:text-red-300">{problem}</p>}
    </form>
  );
}
