import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { useApiKey, useBaseUrl } from '../../api/settings';
import { submitEventMutationOptions, type EventResult } from '../../api/submit-event';
import { ErrorNotice } from '../../components/error-notice';
import { normaliseHex64 } from '../../components/hash-input';
import { Button } from '../../components/ui/button';
import { TextField, fieldErrorId } from '../../components/ui/field';
import { Page } from '../../components/ui/page';
import { FIELD_ERROR_CLASS, HELP_CLASS } from '../../components/ui/styles';
import { FIELD_SPECS } from '../../core';
import {
  anchorEventBody,
  anchorFormErrors,
  firstInvalidField,
  localAnchorLeaf,
  type AnchorFormField,
} from './anchor-form';
import { FileHasher } from './file-hasher';
import { SavedSubmissions } from './saved-submissions';
import { saveSubmission, type SavedSubmission } from './submissions-store';
import { SubmitResult } from './submit-result';
import { useFileHash } from './use-file-hash';
import { keptWalletPseudonym, replaceWalletPseudonym } from './wallet-pseudonym';
import { PATHS } from '../../app/paths';
import { focusWhenShown } from '../../components/ui/focus-when-shown';
import { HashText } from '../../components/hash-text';

type Source = 'file' | 'paste';

/** The two ways to give the contract, in the order the radio buttons show them. */
const SOURCES: readonly { value: Source; label: string }[] = [
  { value: 'file', label: 'Hash a file here' },
  { value: 'paste', label: 'Paste its SHA-256 (the file stays with you)' },
];

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
  const fieldErrors = { ...errors, contract_sha256: contractError };
  const fieldIds: Record<AnchorFormField, string> = {
    contract_sha256: source === 'file' ? `${ids}-file` : `${ids}-sha`,
    serial_number: `${ids}-serial`,
    wallet_hash: `${ids}-wallet`,
  };
  /** Errors are shown once the user first tries to submit, not while they type. */
  const shown = (error: string | undefined) => (showErrors ? error : undefined);
  /** A text field's id, label and error all follow from the request field it fills. */
  const fieldWords = (field: AnchorFormField) => ({
    id: fieldIds[field],
    label: FIELD_SPECS[field].label,
    error: shown(fieldErrors[field]),
  });

  return (
    <Page title="Anchor a contract" className="max-w-3xl space-y-6 [overflow-wrap:anywhere]">
      <p>
        Your file is hashed in this browser and never uploaded. The service records a leaf made of the
        contract's SHA-256 and a serial number, and anchors it in a Zcash transaction.
      </p>
      {!apiKey && (
        <p className="rounded border border-amber-400 bg-amber-50 p-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
          Submitting needs an API key.{' '}
          <Link className="font-medium underline" to={PATHS.keys}>
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
          const invalid = firstInvalidField(fieldErrors);
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
            {SOURCES.map(({ value, label }) => (
              <label key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="source"
                  checked={source === value}
                  onChange={() => setSource(value)}
                />
                {label}
              </label>
            ))}
          </div>
          {source === 'file' ? (
            <>
              <FileHasher
                inputId={fieldIds.contract_sha256}
                invalid={shown(contractError) !== undefined}
                errorId={shown(contractError) && fieldErrorId(fieldIds.contract_sha256)}
                state={fileHash.state}
                onFile={fileHash.hashFile}
                onCancel={fileHash.cancel}
              />
              {shown(contractError) && (
                <p id={fieldErrorId(fieldIds.contract_sha256)} className={FIELD_ERROR_CLASS}>
                  {contractError}
                </p>
              )}
            </>
          ) : (
            <TextField
              {...fieldWords('contract_sha256')}
              help={
                pastedHash.ok && pastedHash.lowercased
                  ? 'Lowercased: the service records hashes in lowercase only, so the same digest always gives the same leaf.'
                  : '64 hex characters, e.g. from sha256sum. Uppercase is fine; it will be lowercased.'
              }
              value={pasted}
              onChange={setPasted}
              spellCheck={false}
            />
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
          <TextField
            {...fieldWords('serial_number')}
            help="Your reference for this contract, 1-512 bytes, no control characters. Sent exactly as typed (spaces included)."
            value={serialNumber}
            onChange={setSerialNumber}
          />
          <TextField
            {...fieldWords('wallet_hash')}
            help="Groups your submissions into one lifecycle. A random pseudonym kept in this browser; letters, digits, _ and - only. It is not part of the leaf."
            value={walletHash}
            onChange={setWalletHash}
            spellCheck={false}
            action={<Button onClick={() => setWalletHash(replaceWalletPseudonym())}>New pseudonym</Button>}
          />
        </fieldset>

        <div className="space-y-2 rounded border border-slate-300 p-4 dark:border-slate-700">
          <h2 className="font-semibold">3. The leaf</h2>
          {leafHex ? (
            <>
              <p className={HELP_CLASS}>
                Computed here (BLAKE2b-256 of the serial number and the contract hash). The service must
                record the same.
              </p>
              <p className="rounded bg-slate-100 p-2 text-sm dark:bg-slate-800">
                <HashText value={leafHex} what="leaf hash" full testId="local-leaf" />
              </p>
            </>
          ) : (
            <p className={HELP_CLASS}>Appears once the contract and the serial number are given.</p>
          )}
          {errors.form && showErrors && <p className={FIELD_ERROR_CLASS}>{errors.form}</p>}
          <Button type="submit" variant="primary" disabled={submit.isPending || (showErrors && !leafHex)}>
            {submit.isPending ? 'Submitting…' : 'Submit for anchoring'}
          </Button>
          {showErrors && leafHex && !apiKey && (
            <p className={FIELD_ERROR_CLASS}>
              No API key is kept for this service.{' '}
              <Link className="underline" to={PATHS.keys}>
                Get a trial key
              </Link>
              , then submit again.
            </p>
          )}
        </div>
      </form>

      {submit.isError && (
        <div className="space-y-1" tabIndex={-1} ref={focusWhenShown} key={submit.submittedAt}>
          <ErrorNotice error={submit.error} title="The service did not record the event" />
          {submit.error instanceof ApiError &&
            (submit.error.status === 401 || submit.error.code === 'quota_exhausted') && (
              <p className="text-sm">
                <Link className="underline" to={PATHS.keys}>
                  Get a new trial key or paste another key
                </Link>
                .
              </p>
            )}
        </div>
      )}
      {submit.isSuccess && (
        <SubmitResult
          key={submit.submittedAt}
          result={submit.data}
          localLeafHex={leafHex}
          submission={submitted}
        />
      )}

      <SavedSubmissions baseUrl={baseUrl} />
    </Page>
  );
}
