/**
 * The Verify page with a folder given (more than one document or receipt, a ZIP, or a dropped
 * folder): its progress (cancellable), then a row per document (folder-table.tsx). Only the
 * service the person uses is asked; the page says so, and a receipt naming another one is checked
 * without asking it.
 */
import { useEffect, useRef } from 'react';
import { visibleText } from 'zap1';
import { useBlockExplorer } from '../../../api/settings';
import { countWords, formatNumber } from '../../../components/number-words';
import { Button } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import type { FolderInput } from './folder-input';
import type { FolderRunState } from './use-folder-run';
import { useFolderRun } from './use-folder-run';
import { FolderTable } from './folder-table';

function progressWords(state: FolderRunState): string {
  const { phase, done, total } = state;
  if (phase === 'reading') return `Reading the files: ${formatNumber(done)} of ${formatNumber(total)}`;
  if (phase === 'hashing') {
    const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
    return `Hashing the documents in this browser: ${percent}%`;
  }
  return `Checking each document with its receipt: ${formatNumber(done)} of ${formatNumber(total)}`;
}

export function FolderVerification({
  inputs,
  serviceUrl,
  onClear,
}: {
  inputs: readonly FolderInput[];
  /** The service the person uses (Settings), absolute. */
  serviceUrl: string;
  onClear: () => void;
}) {
  const explorerBlockUrl = useBlockExplorer();
  const { state, cancel } = useFolderRun(inputs, serviceUrl, explorerBlockUrl);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const clearRef = useRef<HTMLButtonElement>(null);
  const running = state.status === 'running';
  useEffect(() => {
    // Cancel goes away when the run ends: focus moves to what is left to do, not to the page's top.
    if (!running && document.activeElement === document.body) clearRef.current?.focus();
  }, [running]);
  return (
    <Page
      title="Verify a folder"
      className="max-w-6xl space-y-4 [overflow-wrap:anywhere]"
      headingClassName="text-2xl font-semibold"
    >
      <p className="text-sm">
        {countWords(inputs.length, 'file', 'files')} given. Each document is paired with its receipt and
        checked here, hashed in this browser and never uploaded. Anchors are confirmed by{' '}
        <strong>{visibleText(serviceUrl)}</strong>, the service you use; a receipt naming another service is
        checked without asking it.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {running && (
          <>
            <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm" data-testid="batch-progress">
              <span aria-live="polite">{progressWords(state)}</span>
              <progress
                className="w-full"
                max={Math.max(state.total, 1)}
                value={state.total === 0 ? 0 : state.done}
              />
            </label>
            <Button ref={cancelRef} onClick={cancel}>
              Cancel
            </Button>
          </>
        )}
        <Button ref={clearRef} onClick={onClear}>
          Verify other files
        </Button>
      </div>
      {state.status === 'failed' && (
        <p role="alert" className="text-red-700 dark:text-red-300" data-testid="batch-failed">
          {visibleText(state.message ?? 'The folder could not be verified.')}
          {state.rows.length === 0 ? ' Nothing was checked.' : ''}
        </p>
      )}
      {state.status === 'cancelled' && (
        <p role="status" data-testid="batch-cancelled">
          Cancelled{state.rows.length > 0 ? ': the rows below were checked before it stopped' : ''}.
        </p>
      )}
      {(state.status !== 'failed' || state.rows.length > 0) && (
        <FolderTable rows={state.rows} finished={state.status !== 'running'} />
      )}
    </Page>
  );
}
