import { useId, useState, type ReactNode } from 'react';
import { visibleText } from 'zap1';
import { BUTTON_CLASS, HELP_CLASS } from '../../components/ui/styles';
import { DRAGGING_CLASS, useFileDrop } from '../../components/ui/use-file-drop';

/**
 * What a drop target says when several files are dropped at once: it takes the first, and names the
 * rest rather than dropping them silently; null for one file. `done` says what happens to a file:
 * "anchored", "imported", "compared".
 */
export function leftOutNote(done: string, [taken, ...rest]: readonly File[]): string | null {
  if (taken === undefined || rest.length === 0) return null;
  const names = new Intl.ListFormat('en', { type: 'conjunction' }).format(
    rest.map((file) => visibleText(file.name)),
  );
  const one = rest.length === 1;
  return `Only one file is ${done} at a time: ${visibleText(taken.name)} was taken; ${names} ${one ? 'was' : 'were'} left out (drop ${one ? 'it' : 'each'} on its own next).`;
}

/**
 * A drop zone that says which file it holds, in place of a native file input (whose "No file
 * chosen" stays beside a file that was dropped). The input is kept, visually hidden, so the
 * keyboard and assistive technology use it as usual; the zone shows its focus.
 */
export function FileDropZone({
  inputId,
  label,
  chosen,
  chooseText,
  help,
  onFile,
  onFiles,
  invalid = false,
  errorId,
  testId,
  inputRef,
  accept,
  done,
}: {
  inputId: string;
  label: ReactNode;
  /** What the zone holds now, e.g. "✓ contract.pdf (1.2 MiB)" or "No file chosen yet." */
  chosen: ReactNode;
  /** The button-like text, e.g. "Choose a file" or "Choose another file". */
  chooseText: string;
  help?: ReactNode;
  onFile: (file: File) => void;
  /** Where several files go at once (a batch); without it the zone takes one and names the rest. */
  onFiles?: ((files: File[]) => void) | undefined;
  invalid?: boolean;
  errorId?: string | undefined;
  testId: string;
  inputRef?: React.Ref<HTMLInputElement>;
  accept?: string;
  /** What happens to the one file taken ("anchored"), for the note when several are dropped. */
  done: string;
}) {
  const chosenId = useId();
  const helpId = useId();
  const [leftOut, setLeftOut] = useState<string | null>(null);
  const take = (files: File[]) => {
    if (!files[0]) return;
    if (onFiles && files.length > 1) return onFiles(files);
    setLeftOut(leftOutNote(done, files));
    onFile(files[0]);
  };
  const { dragging, dropProps } = useFileDrop(take);
  const describedBy = [chosenId, help ? helpId : null, errorId].filter(Boolean).join(' ');
  return (
    <div
      {...dropProps}
      data-testid={testId}
      className={`space-y-2 rounded border-2 border-dashed p-4 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-amber-600 ${
        dragging
          ? DRAGGING_CLASS
          : invalid
            ? 'border-red-600 dark:border-red-400'
            : 'border-slate-400 dark:border-slate-600'
      }`}
    >
      <label htmlFor={inputId} className="block font-medium">
        {label}
      </label>
      <p id={chosenId} className="text-sm [overflow-wrap:anywhere]" data-testid={`${testId}-chosen`}>
        {chosen}
      </p>
      {leftOut && (
        <p role="status" className="text-sm [overflow-wrap:anywhere]" data-testid={`${testId}-left-out`}>
          {leftOut}
        </p>
      )}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        multiple={onFiles !== undefined}
        accept={accept}
        className="sr-only"
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          setLeftOut(null);
          take(files);
          e.target.value = ''; // choosing the same file again reads it again
        }}
      />
      {/* A second label of the same input: pressing it opens the file chooser. */}
      <label htmlFor={inputId} className={`${BUTTON_CLASS} inline-block cursor-pointer`} aria-hidden="true">
        {chooseText}
      </label>
      {help && (
        <p id={helpId} className={HELP_CLASS}>
          {help}
        </p>
      )}
    </div>
  );
}
