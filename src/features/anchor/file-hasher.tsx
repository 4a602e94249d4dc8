import { useRef } from 'react';
import { HashText } from '../../components/hash-text';
import { FileDropZone } from './file-drop-zone';
import { formatBytes, formatSpeed } from './hash-chunks';
import { HashingProgress } from './hashing-progress';
import type { FileHashState } from './use-file-hash';
import { visibleText } from 'zap1';

/** Choose or drop the contract file; it is hashed here in pieces, with progress and a Cancel. */
export function FileHasher({
  inputId,
  invalid,
  errorId,
  state,
  onFile,
  onFiles,
  onCancel,
}: {
  inputId: string;
  invalid: boolean;
  errorId: string | undefined;
  state: FileHashState;
  onFile: (file: File) => void;
  /** Several files chosen or dropped at once: they become a batch. */
  onFiles?: (files: File[]) => void;
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
        help="Or drop it here (several files or a folder make a batch). Any size works; it is read in pieces in this browser and never uploaded."
        onFile={onFile}
        onFiles={onFiles}
        invalid={invalid}
        errorId={errorId}
        testId="file-drop"
        done="anchored"
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

/** Hashing's progress (shared with every page that hashes a file), then the digest of the file hashed. */
function HashStatus({ state, onCancel }: { state: FileHashState; onCancel: () => void }) {
  if (state.status !== 'done') return <HashingProgress state={state} onCancel={onCancel} />;
  // A file's name is anyone's text (`invoice_\u202Efdp.exe`): shown with its hidden characters visible.
  const fileName = visibleText(state.fileName);
  return (
    <div className="space-y-1">
      <p className="text-sm">
        SHA-256 of {fileName} ({formatBytes(state.totalBytes)}
        {state.mbPerS !== null ? `, ${formatSpeed(state.mbPerS)}` : ''}):
      </p>
      <p className="rounded bg-slate-100 p-2 text-sm dark:bg-slate-800">
        <HashText value={state.sha256Hex} what="contract SHA-256" full testId="contract-sha256" />
      </p>
    </div>
  );
}
