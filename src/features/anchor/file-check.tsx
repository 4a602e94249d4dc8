import { useId } from 'react';
import { HashList } from '../../components/hash-text';
import { BUTTON_CLASS, HELP_CLASS } from '../../components/ui/styles';
import { visibleText } from 'zap1';
import type { SavedSubmission } from './submissions-store';
import { HashingProgress } from './hashing-progress';
import type { FileHashState } from './use-file-hash';

/**
 * "Did this file change?": a file dropped on a saved submission's card (or chosen here) is hashed
 * in this browser and its SHA-256 compared with the one the submission anchored, both shown.
 * The card owns the hashing (`state`, `onFile`, `onCancel`) so that the whole card is the drop
 * target.
 */
export function FileCheck({
  entry,
  state,
  onFile,
  onCancel,
  leftOut = null,
}: {
  entry: SavedSubmission;
  state: FileHashState;
  onFile: (file: File) => void;
  onCancel: () => void;
  /** Said when several files were dropped at once: which one was compared, which were left out. */
  leftOut?: string | null;
}) {
  const inputId = useId();
  const expectedName = entry.fileName === null ? 'the contract file' : visibleText(entry.fileName);
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center gap-2 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-amber-600">
        <input
          id={inputId}
          type="file"
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onFile(file);
            e.target.value = '';
          }}
        />
        <label htmlFor={inputId} className={`${BUTTON_CLASS} cursor-pointer`}>
          Did this file change?
        </label>
        <span className={HELP_CLASS}>
          Drop {expectedName} on this card, or choose it, to hash it again and compare.
        </span>
      </p>
      {leftOut !== null && (
        <p className={HELP_CLASS} role="status" data-testid="file-check-left-out">
          {leftOut}
        </p>
      )}
      <HashingProgress state={state} onCancel={onCancel} />
      {state.status === 'done' && (
        <Comparison
          entry={entry}
          fileName={state.fileName}
          actual={state.sha256Hex}
          empty={state.totalBytes === 0}
        />
      )}
    </div>
  );
}

function Comparison({
  entry,
  fileName,
  actual,
  empty,
}: {
  entry: SavedSubmission;
  fileName: string;
  actual: string;
  /** The file had no bytes: said as such, since "its SHA-256 differs" hides why. */
  empty: boolean;
}) {
  const same = actual === entry.contractSha256;
  return (
    <div
      role="status"
      data-testid="file-check-result"
      data-result={same ? 'same' : 'changed'}
      className="space-y-1"
    >
      <p
        className={
          same
            ? 'font-semibold text-emerald-800 dark:text-emerald-200'
            : 'font-semibold text-red-800 dark:text-red-200'
        }
      >
        {same
          ? `✓ Same: ${visibleText(fileName)} is the file this submission anchored.`
          : empty
            ? `✗ Changed: ${visibleText(fileName)} is empty (0 bytes), so it is not the file this submission anchored.`
            : `✗ Changed: ${visibleText(fileName)} is not the file this submission anchored (its SHA-256 differs).`}
      </p>
      <HashList
        hashes={[
          {
            label: 'Expected',
            value: entry.contractSha256,
            what: 'expected SHA-256',
            testId: 'file-check-expected',
          },
          { label: 'Actual', value: actual, what: 'actual SHA-256', testId: 'file-check-actual' },
        ]}
      />
    </div>
  );
}
