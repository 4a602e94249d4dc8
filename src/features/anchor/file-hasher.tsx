import { useRef } from 'react';
import { Button } from '../../components/ui/button';
import { HashText } from '../../components/hash-text';
import { FIELD_ERROR_CLASS } from '../../components/ui/styles';
import { FileDropZone } from './file-drop-zone';
import { formatBytes } from './hash-chunks';
import type { FileHashState } from './use-file-hash';
import { visibleText } from 'zap1';

/** Choose or drop the contract file; it is hashed here in pieces, with progress and a Cancel. */
export function FileHasher({
  inputId,
  invalid,
  errorId,
  state,
  onFile,
  onCancel,
}: {
  inputId: string;
  invalid: boolean;
  errorId: string | undefined;
  state: FileHashState;
  onFile: (file: File) => void;
  onCancel: () => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className="space-y-3">
      <FileDropZone
        inputId={inputId}
        inputRef={inputRef}
        label="Contract file"
        chosen={<ChosenFile state={state} />}
        chooseText={state.status === 'done' ? 'Choose another file' : 'Choose a file'}
        help="Or drop it here. Any size works; it is read in pieces in this browser and never uploaded."
        onFile={onFile}
        invalid={invalid}
        errorId={errorId}
        testId="file-drop"
      />
      <HashStatus
        state={state}
        onCancel={() => {
          onCancel();
          // The Cancel button goes away with the hashing: focus returns to the file input.
          inputRef.current?.focus();
        }}
      />
    </div>
  );
}

/** The zone's one line on the file it holds. */
function ChosenFile({ state }: { state: FileHashState }) {
  if (state.status === 'done') {
    return (
      <>
        <span aria-hidden="true">✓ </span>
        <span className="font-medium">{visibleText(state.fileName)}</span> ({formatBytes(state.totalBytes)}),{' '}
        {state.restored ? 'hashed earlier in this tab (kept with your draft)' : 'hashed here'}.
      </>
    );
  }
  if (state.status === 'hashing') return <>Reading {visibleText(state.fileName)}…</>;
  return <>No file chosen yet.</>;
}

function HashStatus({ state, onCancel }: { state: FileHashState; onCancel: () => void }) {
  if (state.status === 'idle') return null;
  // A file's name is anyone's text (`invoice_\u202Efdp.exe`): shown with its hidden characters visible.
  const fileName = visibleText(state.fileName);
  if (state.status === 'hashing') {
    const percent = state.totalBytes === 0 ? 100 : Math.floor((state.bytesDone / state.totalBytes) * 100);
    return (
      <div className="space-y-1" aria-live="polite">
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
          <span data-testid="hash-speed">
            {state.mbPerS === null ? '' : `${state.mbPerS.toFixed(0)} MB/s`}
          </span>
          <Button onClick={onCancel}>Cancel</Button>
        </p>
      </div>
    );
  }
  if (state.status === 'done') {
    return (
      <div className="space-y-1">
        <p className="text-sm">
          SHA-256 of {fileName} ({formatBytes(state.totalBytes)}
          {state.mbPerS !== null ? `, ${state.mbPerS.toFixed(0)} MB/s` : ''}):
        </p>
        <p className="rounded bg-slate-100 p-2 text-sm dark:bg-slate-800">
          <HashText value={state.sha256Hex} what="contract SHA-256" full testId="contract-sha256" />
        </p>
      </div>
    );
  }
  if (state.status === 'cancelled') return <p className="text-sm">Hashing of {fileName} was cancelled.</p>;
  return (
    <p role="alert" className={FIELD_ERROR_CLASS}>
      {fileName} could not be hashed: {visibleText(state.message)}
    </p>
  );
}
