/**
 * What the Verify page says about the files it was given, beside the drop zone: problems (red),
 * notes (a second receipt set aside, one replacing another), receipts that could not be read (with
 * the choice to check one as the document after all), and the document hashed while no receipt is
 * held yet. Everything here names the person's files: untrusted text, shown with visibleText.
 */
import { visibleText } from 'zap1';
import { Button } from '../../components/ui/button';
import { HashText } from '../../components/hash-text';
import { HashingProgress } from '../anchor/hashing-progress';
import type { FileHashState } from '../anchor/use-file-hash';

export interface DroppedNotices {
  problems: string[];
  notes: string[];
  /** Files that say they are a receipt but cannot be read: not taken as the document unless asked. */
  damaged: { file: File; message: string }[];
}

export const NO_NOTICES: DroppedNotices = { problems: [], notes: [], damaged: [] };

/** Each dropped file's own key: two may share a name, and either can be taken up as the document. */
const fileKeys = new WeakMap<File, number>();
let nextFileKey = 0;
function fileKey(file: File): number {
  const key = fileKeys.get(file) ?? nextFileKey++;
  fileKeys.set(file, key);
  return key;
}

export function DropNotices({
  notices,
  onUseAsDocument,
}: {
  notices: DroppedNotices;
  onUseAsDocument: (file: File) => void;
}) {
  const { problems, notes, damaged } = notices;
  return (
    <>
      {(problems.length > 0 || damaged.length > 0) && (
        <div role="alert" className="space-y-1 text-sm text-red-700 print:hidden dark:text-red-300">
          {/* Two files of one name may have the same problem: each is said. */}
          {problems.map((problem, index) => (
            <p key={`${index} ${problem}`}>{visibleText(problem)}</p>
          ))}
          {damaged.map(({ file, message }) => (
            <p
              key={fileKey(file)}
              className="flex flex-wrap items-center gap-3"
              data-testid="damaged-receipt"
            >
              <span>
                {visibleText(file.name)} is a receipt that could not be read, so it is not used.{' '}
                {visibleText(message)} Ask for a new copy of it.
              </span>
              <Button onClick={() => onUseAsDocument(file)}>
                Check {visibleText(file.name)} as the document instead
              </Button>
            </p>
          ))}
        </div>
      )}
      {notes.length > 0 && (
        <div role="status" className="space-y-1 text-sm print:hidden" data-testid="drop-notes">
          {notes.map((note, index) => (
            <p key={`${index} ${note}`}>{visibleText(note)}</p>
          ))}
        </div>
      )}
    </>
  );
}

export function DocumentState({
  state,
  onCancel,
  waiting,
}: {
  state: FileHashState;
  onCancel: () => void;
  /** Nothing to check the document against yet (no receipt, no SHA-256 in the link). */
  waiting: boolean;
}) {
  if (state.status !== 'done') {
    return (
      <div className="print:hidden">
        <HashingProgress state={state} onCancel={onCancel} />
      </div>
    );
  }
  // A dropped file's name is untrusted text (invoice_\u202Efdp.exe would read as …exe.pdf).
  const fileName = visibleText(state.fileName);
  return !waiting ? null : (
    <p className="text-sm print:hidden" data-testid="document-waiting">
      {fileName} is hashed (SHA-256 <HashText value={state.sha256Hex} what="SHA-256" />
      ). Now give its receipt to check it against.
    </p>
  );
}
