/**
 * The Verify page's one drop target: the receipt and the document, dropped together or one after
 * the other, or chosen with the file picker (click, or Space/Enter from the keyboard). Its two
 * slots say what it holds so far (receipt ✓, document —): a receipt or bundle is recognised as the
 * claim by its content, another file is the document, hashed here and never uploaded (how each
 * file is taken, and what is said of those that are neither: dropped-files.ts).
 */
import type { ReactNode } from 'react';
import { visibleText } from 'zap1';
import { DRAGGING_CLASS, useFileDrop } from '../../components/ui/use-file-drop';
import { hashedPercent } from '../anchor/hashing-progress';
import type { FileHashState } from '../anchor/use-file-hash';
import type { HeldClaim } from './claim';
import { droppedFolderEntries, filesOfEntries, type FolderInput } from './folder/folder-input';

function Slot({
  name,
  filled,
  testId,
  children,
}: {
  name: string;
  filled: 'yes' | 'no' | 'working' | 'failed';
  testId: string;
  children: ReactNode;
}) {
  const mark = { yes: '✓', no: '—', working: '…', failed: '✗' }[filled];
  const words = { yes: 'given', no: 'not given yet', working: 'being read', failed: 'could not be read' }[
    filled
  ];
  return (
    <li
      className="grid min-w-0 grid-cols-[1rem_minmax(0,1fr)] gap-x-2 rounded border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
      data-testid={testId}
      data-filled={filled}
    >
      <span aria-hidden="true" className="text-center font-bold">
        {mark}
      </span>
      <span className="min-w-0 font-medium">
        {name}
        <span className="sr-only"> ({words})</span>
      </span>
      <span className="col-start-2 min-w-0 text-sm text-slate-700 dark:text-slate-300">{children}</span>
    </li>
  );
}

function documentSlot(state: FileHashState, expectedName: string | null) {
  switch (state.status) {
    case 'idle':
    case 'cancelled':
      return {
        filled: 'no' as const,
        text: expectedName
          ? `drop ${visibleText(expectedName)} to compare it (hashed here, never uploaded)`
          : 'the file itself, hashed here',
      };
    case 'hashing':
      return {
        filled: 'working' as const,
        text: `${visibleText(state.fileName)}: hashing, ${hashedPercent(state)}%`,
      };
    case 'error':
      return { filled: 'failed' as const, text: visibleText(state.fileName) };
    case 'done':
      // Kept from before a link and Back (verify-draft.ts): its digest, not the file, is at hand.
      return {
        filled: 'yes' as const,
        text: `${visibleText(state.fileName)}, ${state.restored ? 'hashed earlier in this tab' : 'hashed here'}`,
      };
  }
}

export function DropZone({
  inputId,
  claim,
  documentState,
  expectedDocumentName,
  onFiles,
  onFolder,
  compact = false,
}: {
  inputId: string;
  claim: HeldClaim | null;
  documentState: FileHashState;
  /** The document the receipt names (its stated file name), to ask for by name. */
  expectedDocumentName: string | null;
  onFiles: (files: File[]) => void;
  /** A dropped folder, walked to its files (where the browser lets a drop be read as entries). */
  onFolder: (inputs: FolderInput[]) => void;
  /** Once something is held: one line, so the verdict below fits the first screen. */
  compact?: boolean;
}) {
  const { dragging, dropProps } = useFileDrop(onFiles);
  const onDrop: typeof dropProps.onDrop = (event) => {
    // A drop's entries can be read only during its event; a folder among them is walked after.
    const entries = droppedFolderEntries(event.dataTransfer);
    if (entries === null) {
      dropProps.onDrop(event);
      return;
    }
    const files = [...event.dataTransfer.files];
    event.preventDefault();
    dropProps.onDragLeave();
    // A folder that cannot be walked is given as the files the drop holds, which the page then judges.
    filesOfEntries(entries).then(
      (inputs) => (inputs.length > 0 ? onFolder(inputs) : onFiles(files)),
      () => onFiles(files),
    );
  };
  const doc = documentSlot(documentState, expectedDocumentName);
  const claimText = claim
    ? visibleText(claim.fileName ?? (claim.fromLink ? 'from the shared link' : claim.label))
    : 'a zap1 receipt .json (or a proof bundle)';
  return (
    <div
      className={`rounded-lg border-2 border-dashed border-slate-400 bg-slate-50 dark:border-slate-500 dark:bg-slate-900/40 ${compact ? 'grid gap-2 p-2 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-center' : 'space-y-3 p-4'} ${dragging ? DRAGGING_CLASS : ''}`}
      {...dropProps}
      onDrop={onDrop}
      data-testid="bundle-drop"
      data-dragging={dragging}
    >
      <input
        id={inputId}
        type="file"
        multiple
        className="peer sr-only"
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      {compact ? (
        <label
          htmlFor={inputId}
          className="cursor-pointer justify-self-start rounded border border-slate-400 bg-white px-3 py-1 text-sm font-medium outline-offset-2 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-amber-700 dark:bg-slate-900"
        >
          Choose or drop files<span className="sr-only">: another receipt or the document</span>
        </label>
      ) : (
        <label
          htmlFor={inputId}
          className="block cursor-pointer rounded p-2 text-center outline-offset-2 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-amber-700"
        >
          <span className="block text-lg font-semibold">Choose or drop files</span>
          <span className="block text-sm text-slate-700 dark:text-slate-300">
            the receipt and the document, together or one at a time: the document is hashed in this browser
            and never uploaded. A folder of documents and receipts, or a ZIP of them, checks each document
          </span>
          <span
            className="mt-2 inline-block rounded bg-amber-700 px-4 py-2 font-medium text-white"
            aria-hidden="true"
          >
            Choose files
          </span>
        </label>
      )}
      <ul
        className={compact ? 'grid min-w-0 grid-cols-2 gap-2 text-sm' : 'grid gap-2 sm:grid-cols-2'}
        aria-label="What the check has"
        aria-live="polite"
      >
        <Slot
          name={claim?.kind === 'bundle' ? 'Bundle' : 'Receipt'}
          filled={claim ? 'yes' : 'no'}
          testId="slot-receipt"
        >
          {claimText}
        </Slot>
        <Slot name="Document" filled={doc.filled} testId="slot-document">
          {doc.text}
        </Slot>
      </ul>
    </div>
  );
}
