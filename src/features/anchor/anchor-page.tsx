import { useMutation } from '@tanstack/react-query';
import { useId, useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { useApiKey, useBaseUrl } from '../../api/settings';
import { submitEventMutationOptions, type EventResult } from '../../api/submit-event';
import { ErrorNotice } from '../../components/error-notice';
import { normaliseHex64 } from '../../components/hash-input';
import {
  anchorEventBody,
  anchorFormErrors,
  firstInvalidField,
  localAnchorLeaf,
  type AnchorFormField,
} from './anchor-form';
import { formatBytes } from './hash-chunks';
import { SavedSubmissions } from './saved-submissions';
import { DownloadReceiptButton } from './receipt-button';
import { saveSubmission, type SavedSubmission } from './submissions-store';
import { useFileHash, type FileHashState } from './use-file-hash';
import { keptWalletPseudonym, replaceWalletPseudonym } from './wallet-pseudonym';
import { PageTitle } from '../../components/page-title';

const INPUT =
  'w-full rounded border border-slate-400 bg-white px-3 py-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-900';
const BUTTON =
  'rounded border border-slate-400 px-3 py-1.5 text-sm hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800';
const PRIMARY =
  'rounded bg-amber-700 px-4 py-2 font-medium text-white hover:bg-amber-800 disabled:opacity-50';
const HELP = 'text-sm text-slate-700 dark:text-slate-300';
const FIELD_ERROR = 'text-sm text-red-700 dark:text-red-300';

type Source = 'file' | 'paste';

/** Anchor a contract: hash it here, send only the digest with a serial and a wallet pseudonym. */
export function AnchorPage() {
  const baseUrl = useBaseUrl();
  const apiKey = useApiKey();
  const ids = useId();
  const [source, setSource] = useState<Source>('file');
  const [pasted, setPasted] = useState('');
  const [serialNumber, setSerialNumber] = useState('');
  const [walletHash, setWalletHash] = useState(keptWalletPseudonym);
  const [showErrors, setShowErrors] = useState(false);
  const fileHash = useFileHash();
  const submit = useMutation(submitEventMutationOptions(baseUrl));

  const pastedHash = normaliseHex64(pasted, 'The SHA-256');
  const contractSha256 =
    source === 'file'
      ? fileHash.state.status === 'done'
        ? fileHash.state.sha256Hex
        : ''
      : pastedHash.ok
        ? pastedHash.hex
        : '';
  const fileName = source === 'file' && fileHash.state.status === 'done' ? fileHash.state.fileName : null;
  const fileSize = source === 'file' && fileHash.state.status === 'done' ? fileHash.state.totalBytes : null;
  const [submitted, setSubmitted] = useState<SavedSubmission | null>(null);
  const values = { walletHash, serialNumber, contractSha256 };
  const errors = anchorFormErrors(values);
  const leafHex = localAnchorLeaf(values);
  const contractError =
    source === 'paste' && !pastedHash.ok && !pastedHash.empty ? pastedHash.message : errors.contract_sha256;
  const fieldIds: Record<AnchorFormField, string> = {
    contract_sha256: source === 'file' ? `${ids}-file` : `${ids}-sha`,
    serial_number: `${ids}-serial`,
    wallet_hash: `${ids}-wallet`,
  };
  const errorId = (field: AnchorFormField) => `${fieldIds[field]}-error`;
  /** The describedby of a field: its help, plus its error once errors are shown. */
  const describedBy = (field: AnchorFormField, helpId: string, error: string | undefined) =>
    showErrors && error ? `${helpId} ${errorId(field)}` : helpId;

  return (
    <section aria-labelledby={`${ids}-title`} className="max-w-3xl space-y-6 [overflow-wrap:anywhere]">
      <PageTitle page="Anchor a contract" />
      <h1 id={`${ids}-title`} className="text-2xl font-semibold">
        Anchor a contract
      </h1>
      <p>
        Your file is hashed in this browser and never uploaded. The service records a leaf made of the
        contract's SHA-256 and a serial number, and anchors it in a Zcash transaction.
      </p>
      {!apiKey && (
        <p className="rounded border border-amber-400 bg-amber-50 p-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
          Submitting needs an API key.{' '}
          <Link className="font-medium underline" to="/keys">
            Get a trial key
          </Link>{' '}
          (one click) first; you can fill in the form meanwhile.
        </p>
      )}

      <form
        className="space-y-6"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setShowErrors(true);
          const invalid = firstInvalidField({ ...errors, contract_sha256: contractError });
          if (invalid) {
            document.getElementById(fieldIds[invalid])?.focus();
            return;
          }
          if (!leafHex || !apiKey) return;
          const body = anchorEventBody(values);
          submit.mutate(
            { body, apiKey },
            {
              onSuccess: (result: EventResult) => {
                const entry: SavedSubmission = {
                  baseUrl,
                  fileName,
                  fileSize,
                  contractSha256: body.contract_sha256,
                  serialNumber: body.serial_number,
                  walletHash: body.wallet_hash,
                  leafHex: result.leaf_hash,
                  rootHex: result.root_hash,
                  status: result.status,
                  submittedAt: new Date().toISOString(),
                };
                saveSubmission(entry);
                setSubmitted(entry);
              },
            },
          );
        }}
      >
        <fieldset className="min-w-0 space-y-3 rounded border border-slate-300 p-4 dark:border-slate-700">
          <legend className="px-1 font-semibold">1. The contract</legend>
          <div className="flex flex-wrap gap-4" role="radiogroup" aria-label="How to give the contract">
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="source"
                checked={source === 'file'}
                onChange={() => setSource('file')}
              />
              Hash a file here
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="source"
                checked={source === 'paste'}
                onChange={() => setSource('paste')}
              />
              Paste its SHA-256 (the file stays with you)
            </label>
          </div>
          {source === 'file' ? (
            <FileHasher
              inputId={fieldIds.contract_sha256}
              invalid={showErrors && contractError !== undefined}
              errorId={showErrors && contractError ? errorId('contract_sha256') : undefined}
              state={fileHash.state}
              onFile={fileHash.hashFile}
              onCancel={fileHash.cancel}
            />
          ) : (
            <div className="space-y-1">
              <label htmlFor={`${ids}-sha`} className="block font-medium">
                SHA-256 of the contract
              </label>
              <input
                id={`${ids}-sha`}
                className={INPUT}
                value={pasted}
                onChange={(e) => setPasted(e.target.value)}
                spellCheck={false}
                autoComplete="off"
                placeholder="64 hex characters, e.g. from sha256sum"
                aria-invalid={contractError && showErrors ? true : undefined}
                aria-describedby={describedBy('contract_sha256', `${ids}-sha-note`, contractError)}
              />
              <p id={`${ids}-sha-note`} className={HELP}>
                {pastedHash.ok && pastedHash.lowercased
                  ? 'Lowercased: the service records hashes in lowercase only, so the same digest always gives the same leaf.'
                  : 'Uppercase is fine; it will be lowercased.'}
              </p>
            </div>
          )}
          {showErrors && contractError && (
            <p id={errorId('contract_sha256')} className={FIELD_ERROR}>
              {contractError}
            </p>
          )}
        </fieldset>

        <fieldset className="min-w-0 space-y-4 rounded border border-slate-300 p-4 dark:border-slate-700">
          <legend className="px-1 font-semibold">2. The event</legend>
          <p
            className="rounded bg-amber-50 p-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
            role="note"
          >
            The serial number and the wallet pseudonym become public: anyone can read them in this wallet's
            lifecycle. Use nothing personal or secret.
          </p>
          <div className="space-y-1">
            <label htmlFor={`${ids}-serial`} className="block font-medium">
              Serial number (serial_number)
            </label>
            <input
              id={`${ids}-serial`}
              className={INPUT}
              value={serialNumber}
              onChange={(e) => setSerialNumber(e.target.value)}
              autoComplete="off"
              aria-invalid={showErrors && errors.serial_number ? true : undefined}
              aria-describedby={describedBy('serial_number', `${ids}-serial-help`, errors.serial_number)}
            />
            <p id={`${ids}-serial-help`} className={HELP}>
              Your reference for this contract, 1-512 bytes, no control characters. Sent exactly as typed
              (spaces included).
            </p>
            {showErrors && errors.serial_number && (
              <p id={errorId('serial_number')} className={FIELD_ERROR}>
                {errors.serial_number}
              </p>
            )}
          </div>
          <div className="space-y-1">
            <label htmlFor={`${ids}-wallet`} className="block font-medium">
              Wallet pseudonym (wallet_hash)
            </label>
            <div className="flex flex-wrap gap-2">
              <input
                id={`${ids}-wallet`}
                className={`${INPUT} min-w-0 flex-1`}
                value={walletHash}
                onChange={(e) => setWalletHash(e.target.value)}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={showErrors && errors.wallet_hash ? true : undefined}
                aria-describedby={describedBy('wallet_hash', `${ids}-wallet-help`, errors.wallet_hash)}
              />
              <button
                type="button"
                className={BUTTON}
                onClick={() => setWalletHash(replaceWalletPseudonym())}
              >
                New pseudonym
              </button>
            </div>
            <p id={`${ids}-wallet-help`} className={HELP}>
              Groups your submissions into one lifecycle. A random pseudonym kept in this browser; letters,
              digits, _ and - only. It is not part of the leaf.
            </p>
            {showErrors && errors.wallet_hash && (
              <p id={errorId('wallet_hash')} className={FIELD_ERROR}>
                {errors.wallet_hash}
              </p>
            )}
          </div>
        </fieldset>

        <div className="space-y-2 rounded border border-slate-300 p-4 dark:border-slate-700">
          <h2 className="font-semibold">3. The leaf</h2>
          {leafHex ? (
            <>
              <p className={HELP}>
                Computed here (BLAKE2b-256 of the serial number and the contract hash). The service must
                record the same.
              </p>
              <code
                data-testid="local-leaf"
                className="block break-all rounded bg-slate-100 p-2 text-sm dark:bg-slate-800"
              >
                {leafHex}
              </code>
            </>
          ) : (
            <p className={HELP}>Appears once the contract and the serial number are given.</p>
          )}
          {errors.form && showErrors && <p className={FIELD_ERROR}>{errors.form}</p>}
          <button type="submit" className={PRIMARY} disabled={submit.isPending || (showErrors && !leafHex)}>
            {submit.isPending ? 'Submitting…' : 'Submit for anchoring'}
          </button>
          {showErrors && leafHex && !apiKey && (
            <p className={FIELD_ERROR}>
              No API key is kept for this service.{' '}
              <Link className="underline" to="/keys">
                Get a trial key
              </Link>
              , then submit again.
            </p>
          )}
        </div>
      </form>

      {submit.isError && (
        <div className="space-y-1">
          <ErrorNotice error={submit.error} title="The service did not record the event" />
          {submit.error instanceof ApiError &&
            (submit.error.status === 401 || submit.error.code === 'quota_exhausted') && (
              <p className="text-sm">
                <Link className="underline" to="/keys">
                  Get a new trial key or paste another key
                </Link>
                .
              </p>
            )}
        </div>
      )}
      {submit.isSuccess && (
        <SubmitResult result={submit.data} localLeafHex={leafHex} submission={submitted} />
      )}

      <SavedSubmissions baseUrl={baseUrl} />
    </section>
  );
}

function SubmitResult({
  result,
  localLeafHex,
  submission,
}: {
  result: EventResult;
  localLeafHex: string | null;
  submission: SavedSubmission | null;
}) {
  const mismatch = localLeafHex !== null && localLeafHex !== result.leaf_hash;
  return (
    <div
      role="status"
      className="space-y-2 rounded border border-emerald-400 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-50"
    >
      <p className="font-semibold" data-testid="submit-status">
        {result.status === 'created'
          ? 'Recorded: a new leaf was created.'
          : 'Already recorded: this leaf existed before.'}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt>Leaf</dt>
        <dd className="break-all font-mono" data-testid="submit-leaf">
          {result.leaf_hash}
        </dd>
        <dt>Root now</dt>
        <dd className="break-all font-mono">{result.root_hash}</dd>
      </dl>
      {mismatch && (
        <p className="font-semibold text-red-800 dark:text-red-200">
          Warning: the service recorded a different leaf than the one computed here ({localLeafHex}).
        </p>
      )}
      <p className="text-sm">
        The root is anchored on chain shortly; the leaf page shows when. Keep the receipt: with the file, it
        is what proves this contract was anchored (Verify completes it with the proof once anchored).
      </p>
      <p className="flex flex-wrap items-center gap-4">
        {submission && submission.leafHex === result.leaf_hash && (
          <DownloadReceiptButton submission={submission} />
        )}
        <Link className="font-medium underline" to={`/leaf/${result.leaf_hash}`}>
          Open the leaf page
        </Link>
        <Link className="underline" to={`/verify/${result.leaf_hash}`}>
          Verify its proof
        </Link>
      </p>
    </div>
  );
}

function FileHasher({
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
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <div className="space-y-3">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="file-drop"
        className={`rounded border-2 border-dashed p-4 ${dragging ? 'border-amber-600 bg-amber-50 dark:bg-amber-950' : 'border-slate-400 dark:border-slate-600'}`}
      >
        <label htmlFor={inputId} className="block font-medium">
          Contract file
        </label>
        <p className={HELP}>
          Choose a file or drop it here. Any size works; it is read in pieces and never uploaded.
        </p>
        <input
          id={inputId}
          type="file"
          className="mt-2 block w-full max-w-full text-sm"
          aria-invalid={invalid ? true : undefined}
          aria-describedby={errorId}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onFile(file);
            e.target.value = ''; // choosing the same file again hashes it again
          }}
        />
      </div>
      <HashStatus state={state} onCancel={onCancel} />
    </div>
  );
}

function HashStatus({ state, onCancel }: { state: FileHashState; onCancel: () => void }) {
  if (state.status === 'idle') return null;
  if (state.status === 'hashing') {
    const percent = state.totalBytes === 0 ? 100 : Math.floor((state.bytesDone / state.totalBytes) * 100);
    return (
      <div className="space-y-1" aria-live="polite">
        <p className="text-sm">Hashing {state.fileName}…</p>
        <div
          role="progressbar"
          aria-label={`Hashing ${state.fileName}`}
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
          <button type="button" className={BUTTON} onClick={onCancel}>
            Cancel
          </button>
        </p>
      </div>
    );
  }
  if (state.status === 'done') {
    return (
      <div className="space-y-1">
        <p className="text-sm">
          SHA-256 of {state.fileName} ({formatBytes(state.totalBytes)}
          {state.mbPerS !== null ? `, ${state.mbPerS.toFixed(0)} MB/s` : ''}):
        </p>
        <code
          data-testid="contract-sha256"
          className="block break-all rounded bg-slate-100 p-2 text-sm dark:bg-slate-800"
        >
          {state.sha256Hex}
        </code>
      </div>
    );
  }
  if (state.status === 'cancelled')
    return <p className="text-sm">Hashing of {state.fileName} was cancelled.</p>;
  return (
    <p role="alert" className={FIELD_ERROR}>
      {state.fileName} could not be hashed: {state.message}
    </p>
  );
}
