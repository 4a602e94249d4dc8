import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { FIELD_ERROR_CLASS } from '../../components/ui/styles';
import { visibleText } from 'zap1';
import { downloadJson } from '../leaf/download-json';
import { FileDropZone } from './file-drop-zone';
import { loadSubmissions, replaceSubmissions } from './submissions-store';
import {
  MAX_IMPORT_BYTES,
  mergeSubmissions,
  parseSubmissionsExport,
  submissionsExport,
  SUBMISSIONS_EXPORT_FILE_NAME,
} from './submissions-transfer';

type ImportOutcome = { ok: true; message: string } | { ok: false; message: string };

/** Reads an export file and merges it into the kept submissions; a bad file changes nothing. */
async function importSubmissionsFile(file: File): Promise<ImportOutcome> {
  const refused = (reason: string): ImportOutcome => ({
    ok: false,
    message: `${visibleText(file.name)} was not imported, and nothing changed: ${reason}`,
  });
  if (file.size > MAX_IMPORT_BYTES) return refused('it is larger than any export of submissions (5 MiB).');
  const parsed = parseSubmissionsExport(await file.text());
  if (!parsed.ok) return refused(parsed.reason);
  const merged = mergeSubmissions(loadSubmissions(), parsed.submissions);
  if (!replaceSubmissions(merged.list)) {
    return refused('this browser would not store it (its storage is full or turned off).');
  }
  const words = [
    `Imported ${merged.added} submission${merged.added === 1 ? '' : 's'} from ${visibleText(file.name)}`,
    merged.alreadyKept > 0
      ? `; ${merged.alreadyKept} ${merged.alreadyKept === 1 ? 'was' : 'were'} already kept`
      : '',
    merged.dropped > 0 ? `; the ${merged.dropped} oldest did not fit (this browser keeps 50)` : '',
    '.',
  ];
  return { ok: true, message: words.join('') };
}

/** Export every kept submission to a file, and import one (from another browser or a backup). */
export function SubmissionsTransfer() {
  const inputId = useId();
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center gap-3">
        <Button
          onClick={() => {
            setOutcome(null);
            downloadJson(SUBMISSIONS_EXPORT_FILE_NAME, submissionsExport(loadSubmissions(), new Date()));
          }}
        >
          Export your submissions
        </Button>
        <span className="text-sm text-slate-700 dark:text-slate-300">
          One JSON file of every submission this browser keeps, for every service.
        </span>
      </p>
      <FileDropZone
        inputId={inputId}
        label="Import submissions"
        chosen="Drop an exported submissions file here; what is new is added, nothing is duplicated."
        chooseText="Choose an export file"
        accept="application/json,.json"
        onFile={(file) => {
          setOutcome(null);
          void importSubmissionsFile(file).then(setOutcome, (error: unknown) =>
            setOutcome({
              ok: false,
              message: `${visibleText(file.name)} could not be read, and nothing changed: ${String(error)}`,
            }),
          );
        }}
        testId="submissions-import"
        done="imported"
      />
      {outcome && (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          data-testid="import-outcome"
          className={outcome.ok ? 'text-sm' : FIELD_ERROR_CLASS}
        >
          {outcome.message}
        </p>
      )}
    </div>
  );
}
