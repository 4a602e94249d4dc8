/**
 * How far hashing a file in this browser has come: one piece for every place that hashes a file
 * (the Anchor form, the Verify page's document, Search's "Is this a file's SHA-256?", a saved
 * submission's "Did this file change?"), so they all show the same bar, sizes, speed and Cancel,
 * and say the same thing when hashing was cancelled or failed.
 */
import { visibleText } from 'zap1';
import { Button } from '../../components/ui/button';
import { FIELD_ERROR_CLASS } from '../../components/ui/styles';
import { formatBytes, formatSpeed } from './hash-chunks';
import type { FileHashState } from './use-file-hash';

/** The whole percent read so far; an empty file is all read. */
export function hashedPercent(progress: { bytesDone: number; totalBytes: number }): number {
  return progress.totalBytes === 0 ? 100 : Math.floor((progress.bytesDone / progress.totalBytes) * 100);
}

/**
 * The progress bar while hashing (with Cancel when `onCancel` is given), or the word that hashing was
 * cancelled or failed; nothing before a file is chosen or once it is hashed (each page shows its digest
 * its own way).
 */
export function HashingProgress({ state, onCancel }: { state: FileHashState; onCancel?: () => void }) {
  if (state.status === 'idle' || state.status === 'done') return null;
  // A file's name is anyone's text (`invoice_\u202Efdp.exe`): shown with its hidden characters visible.
  const fileName = visibleText(state.fileName);
  if (state.status === 'cancelled') return <p className="text-sm">Hashing of {fileName} was cancelled.</p>;
  if (state.status === 'error') {
    return (
      <p role="alert" className={FIELD_ERROR_CLASS}>
        {fileName} could not be hashed: {visibleText(state.message)}
      </p>
    );
  }
  const percent = hashedPercent(state);
  return (
    <div className="space-y-1" aria-live="polite" data-testid="hashing-progress">
      <p className="text-sm">Hashing {fileName}…</p>
      <div
        role="progressbar"
        aria-label={`Hashing ${fileName}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full bg-amber-600" style={{ width: `${percent}%` }} />
      </div>
      <p className="flex flex-wrap items-center gap-3 text-sm">
        <span>
          {formatBytes(state.bytesDone)} of {formatBytes(state.totalBytes)} ({percent}%)
        </span>
        <span data-testid="hash-speed">{state.mbPerS === null ? '' : formatSpeed(state.mbPerS)}</span>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
      </p>
    </div>
  );
}
