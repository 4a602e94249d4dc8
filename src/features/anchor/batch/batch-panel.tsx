/**
 * The Anchor page with several documents: the rows, one button named for what it does ("Anchor 12
 * documents"), Cancel, and "Download all receipts" (one ZIP). Reference and pseudonym are set once
 * for the batch (each row may change its own before it is sent). What the batch waits for, and
 * why it stopped, is said in words.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { capabilitiesOf } from '../../../api/capabilities';
import { protocolInfoQueryOptions } from '../../../api/protocol';
import { PATHS } from '../../../app/paths';
import { ErrorNotice } from '../../../components/error-notice';
import { Button } from '../../../components/ui/button';
import { HELP_CLASS, INPUT_CLASS, PANEL_CLASS } from '../../../components/ui/styles';
import { useBusyAction } from '../../../components/ui/use-busy-action';
import { downloadBlob } from '../../leaf/download-json';
import { absoluteServiceUrl } from '../../verify/claim';
import { anchorButtonLabel, countRows } from './batch-model';
import { BatchRowItem } from './batch-row';
import { MoreFiles } from './more-files';
import { receiptsZip } from './receipts-zip';
import type { AnchorBatch } from './use-anchor-batch';

const ROWS_PER_PAGE = 100;

export function BatchPanel({
  batch,
  baseUrl,
  apiKey,
}: {
  batch: AnchorBatch;
  baseUrl: string;
  apiKey: string | null;
}) {
  const counts = countRows(batch.rows);
  // A thousand rows at once would hold the page up for a second: the first ones, then more on request
  // (failed rows further down are listed all the same, so none goes unseen).
  const [shown, setShown] = useState(ROWS_PER_PAGE);
  const listed = [
    ...batch.rows.slice(0, shown),
    ...batch.rows.slice(shown).filter((r) => r.status === 'failed'),
  ];
  const info = useQuery(protocolInfoQueryOptions(baseUrl));
  const zip = useBusyAction();
  const [zipProgress, setZipProgress] = useState<string | null>(null);
  const recorded = counts.submitted + counts.pending + counts.anchored;
  const total = batch.rows.length;
  const summary = [
    counts.hashing && `${counts.hashing} hashing`,
    counts.ready && `${counts.ready} ready to send`,
    counts.submitted + counts.pending && `${counts.submitted + counts.pending} awaiting their anchor`,
    counts.anchored && `${counts.anchored} anchored`,
    counts.failed && `${counts.failed} failed`,
  ].filter(Boolean);

  const downloadAll = () =>
    zip.run(async () => {
      const blob = await receiptsZip(batch.rows, {
        baseUrl,
        origin: window.location.origin,
        network: info.data?.network ?? null,
        offersEvidence: capabilitiesOf(info.data).anchorEvidence,
        onProgress: (done, of) => setZipProgress(`Writing receipts: ${done} of ${of}`),
      });
      setZipProgress(null);
      const final = counts.anchored === recorded;
      downloadBlob(
        `zap1-receipts-${final ? 'final' : 'pending'}-${new Date().toISOString().slice(0, 10)}.zip`,
        blob,
      );
    });

  return (
    <section className="space-y-4" aria-labelledby="batch-heading" data-testid="batch-panel">
      <h2 id="batch-heading" className="text-lg font-semibold">
        {total} document{total === 1 ? '' : 's'}
      </h2>
      <p role="status" data-testid="batch-summary">
        {summary.join(', ')}.
      </p>
      <Naming batch={batch} disabled={batch.sending} />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="primary"
          disabled={counts.ready === 0 || batch.sending || counts.hashing > 0}
          onClick={() => void batch.send()}
          data-testid="batch-send"
        >
          {batch.sending ? 'Sending…' : anchorButtonLabel(counts.ready, apiKey === null)}
        </Button>
        {(batch.hashing || batch.sending) && <Button onClick={batch.cancel}>Cancel</Button>}
        {recorded > 0 && (
          <Button disabled={zip.busy} onClick={downloadAll} data-testid="batch-download">
            {zip.busy
              ? 'Preparing the ZIP…'
              : counts.anchored === recorded
                ? 'Download all receipts (final)'
                : 'Download all receipts'}
          </Button>
        )}
        <MoreFiles onFiles={batch.addFiles} disabled={batch.sending} />
        {!batch.sending && (
          <Button
            onClick={() =>
              (recorded === total || window.confirm('Forget this batch? Rows not sent are lost.')) &&
              batch.clear()
            }
          >
            Clear the batch
          </Button>
        )}
      </div>
      {counts.hashing > 0 && <p className={HELP_CLASS}>Anchoring starts once every file is hashed.</p>}
      {batch.waitS !== null && (
        <p role="status" data-testid="batch-wait">
          The service asks to wait: sending again in {batch.waitS} s.
        </p>
      )}
      {batch.stopped !== null && (
        <div role="alert" className="space-y-1 rounded border border-red-400 p-3" data-testid="batch-stopped">
          <p>Stopped: {batch.stopped}</p>
          <p className="text-sm">
            <Link className="underline" to={PATHS.keys}>
              Get a new trial key or paste another key
            </Link>
            , then press the button again to send the rest.
          </p>
        </div>
      )}
      {batch.notice !== null && <p role="status">{batch.notice}</p>}
      {zipProgress !== null && <p role="status">{zipProgress}</p>}
      {zip.error !== null && <ErrorNotice error={zip.error} title="The receipts could not be written" />}
      <p className={HELP_CLASS}>
        Receipts name the service {absoluteServiceUrl(baseUrl, window.location.origin)}. This batch is kept in
        this tab until you clear it, so a reload goes on where it was.
      </p>
      <ul className={PANEL_CLASS} aria-label="Documents of the batch">
        {listed.map((row) => (
          <BatchRowItem key={row.id} row={row} onEdit={batch.edit} editable={!batch.sending} />
        ))}
      </ul>
      {listed.length < total && (
        <Button onClick={() => setShown((n) => n + ROWS_PER_PAGE)}>
          Show {Math.min(ROWS_PER_PAGE, total - shown)} more of {total} documents
        </Button>
      )}
    </section>
  );
}

/** The batch's reference pattern and pseudonym, applied to the rows not sent yet. */
function Naming({ batch, disabled }: { batch: AnchorBatch; disabled: boolean }) {
  const id = useId();
  const [pattern, setPattern] = useState(batch.naming.pattern);
  const [oneWallet, setOneWallet] = useState(batch.naming.wallet !== null);
  const [wallet, setWallet] = useState(batch.naming.wallet ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(batch.rename({ pattern, wallet: oneWallet ? wallet : null }));
      }}
    >
      <label className="block" htmlFor={`${id}-pattern`}>
        <span className="block font-medium">Reference of each document</span>
        <input
          id={`${id}-pattern`}
          className={INPUT_CLASS}
          value={pattern}
          onChange={(e) => setPattern(e.target.value)}
          disabled={disabled}
        />
      </label>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={oneWallet}
          onChange={(e) => setOneWallet(e.target.checked)}
          disabled={disabled}
        />
        One pseudonym for the whole batch
      </label>
      {oneWallet && (
        <label className="block" htmlFor={`${id}-wallet`}>
          <span className="block font-medium">Pseudonym</span>
          <input
            id={`${id}-wallet`}
            className={INPUT_CLASS}
            value={wallet}
            onChange={(e) => setWallet(e.target.value)}
            disabled={disabled}
          />
        </label>
      )}
      <Button type="submit" disabled={disabled}>
        Apply to the documents not sent
      </Button>
      <p className={`${HELP_CLASS} w-full`}>
        {'{ref}'} is a new random reference, {'{name}'} the file's name, {'{stem}'} its name without the
        extension,
        {' {n}'} its number here. References and pseudonyms are public; by default each document gets its own.
      </p>
      {problem !== null && <p className="w-full text-red-700 dark:text-red-300">{problem}</p>}
    </form>
  );
}
