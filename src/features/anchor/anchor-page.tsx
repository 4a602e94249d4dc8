import { useEffect, useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { useApiKey, useBaseUrl } from '../../api/settings';
import { ErrorNotice } from '../../components/error-notice';
import { TextField, fieldErrorId } from '../../components/ui/field';
import { Page } from '../../components/ui/page';
import { RadioChoices } from '../../components/ui/radio-choices';
import { FIELD_ERROR_CLASS } from '../../components/ui/styles';
import { FIELD_SPECS } from 'zap1';
import {
  anchorEventBody,
  anchorFormErrors,
  firstInvalidField,
  localAnchorLeaf,
  type AnchorFormField,
} from './anchor-form';
import { clearDraft, newReference, readDraft, writeDraft, type AnchorDraft } from './anchor-draft';
import { EventFields } from './event-fields';
import { FileHasher } from './file-hasher';
import { parsePastedSha256, pastedSha256Help } from './pasted-sha256';
import { SavedSubmissions } from './saved-submissions';
import { SubmitResult } from './submit-result';
import { SubmitSection } from './submit-section';
import { useAnchorSubmission } from './use-anchor-submission';
import { useFileHash, type FileHashState } from './use-file-hash';
import { useWalletPseudonym } from './use-wallet-pseudonym';
import { BatchPanel } from './batch/batch-panel';
import { useAnchorBatch } from './batch/use-anchor-batch';
import { PATHS } from '../../app/paths';
import { focusWhenShown } from '../../components/ui/focus-when-shown';

type Source = AnchorDraft['source'];

/** The two ways to give the contract, in the order the radio buttons show them. */
const SOURCES: readonly { value: Source; label: string }[] = [
  { value: 'file', label: 'Hash a file here' },
  { value: 'paste', label: 'Paste its SHA-256 (the file stays with you)' },
];

/** A draft's file, as the hasher shows a file it hashed (earlier, in this tab). */
function restoredFileState(draft: AnchorDraft | null): FileHashState | undefined {
  if (!draft?.file) return undefined;
  const { name, size, sha256Hex } = draft.file;
  return { status: 'done', fileName: name, sha256Hex, totalBytes: size, mbPerS: null, restored: true };
}

/** Anchor a contract: hash it here, send only the digest with a serial and a wallet pseudonym. */
export function AnchorPage() {
  const baseUrl = useBaseUrl();
  const apiKey = useApiKey();
  const ids = useId();
  // The draft kept from before a trip to the Keys page or a reload (anchor-draft.ts).
  const [draft] = useState(() => readDraft(baseUrl));
  const [source, setSource] = useState<Source>(draft?.source ?? 'file');
  const [pasted, setPasted] = useState(draft?.pasted ?? '');
  const [serialNumber, setSerialNumber] = useState(() => draft?.serialNumber ?? newReference());
  const pseudonym = useWalletPseudonym(draft?.walletHash);
  const { walletHash } = pseudonym;
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  // A pasted value is checked once it is pasted or left, not while it is being typed.
  const [pasteChecked, setPasteChecked] = useState(false);
  const fileHash = useFileHash({ initial: restoredFileState(draft) });
  const sending = useAnchorSubmission(baseUrl, apiKey);
  const batch = useAnchorBatch(baseUrl, apiKey);
  const { submit, trial } = sending;
  // Once recorded, the form is done: a second press would only answer "already recorded" for the same leaf.
  const done = submit.isSuccess;

  const pastedHash = parsePastedSha256(pasted);
  const hashedFile = source === 'file' && fileHash.state.status === 'done' ? fileHash.state : null;
  const contractSha256 =
    source === 'file' ? (hashedFile?.sha256Hex ?? '') : pastedHash.ok ? pastedHash.hex : '';
  const values = { walletHash, serialNumber, contractSha256 };
  const errors = anchorFormErrors(values);
  const leafHex = localAnchorLeaf(values);
  const contractError =
    source === 'paste' && !pastedHash.ok && !pastedHash.empty ? pastedHash.message : errors.contract_sha256;
  // sha256sum's line names the file: the submission (its card and receipt) is named after it.
  const pastedFile =
    source === 'paste' && pastedHash.ok && pastedHash.fileName !== null ? pastedHash.fileName : null;
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
  const pastedError =
    showErrors || (pasteChecked && pasted.trim() !== '') ? fieldErrors.contract_sha256 : undefined;
  const problems = [
    fieldErrors.contract_sha256,
    fieldErrors.serial_number,
    fieldErrors.wallet_hash,
    errors.form,
  ].filter((problem): problem is string => problem !== undefined);

  // Every change is kept for this tab until it is submitted.
  const draftFile = hashedFile ?? (fileHash.state.status === 'done' ? fileHash.state : null);
  useEffect(() => {
    if (done) {
      clearDraft(baseUrl); // submitted: a reload starts a new form, not this one again
      return;
    }
    writeDraft(baseUrl, {
      source,
      pasted,
      serialNumber,
      walletHash,
      file: draftFile && {
        name: draftFile.fileName,
        size: draftFile.totalBytes,
        sha256Hex: draftFile.sha256Hex,
      },
    });
  }, [baseUrl, done, source, pasted, serialNumber, walletHash, draftFile]);

  const anchorAnother = () => {
    sending.reset();
    fileHash.reset();
    setSource('file');
    setPasted('');
    setSerialNumber(newReference());
    pseudonym.startNext();
    setShowErrors(false);
    setPasteChecked(false);
    // Focus returns to the start of the form, now empty again.
    requestAnimationFrame(() => document.getElementById(`${ids}-file`)?.focus());
  };

  const submitLabel = trial.isPending
    ? 'Getting a trial key…'
    : submit.isPending
      ? 'Submitting…'
      : apiKey
        ? 'Submit for anchoring'
        : 'Get a trial key and submit';

  if (batch.rows.length > 0) {
    return (
      <Page title="Anchor documents" className="max-w-6xl space-y-6 [overflow-wrap:anywhere]">
        <p>
          Each file is hashed in this browser and never uploaded; each becomes its own event, with its own
          receipt.
        </p>
        <BatchPanel batch={batch} baseUrl={baseUrl} apiKey={apiKey} />
      </Page>
    );
  }

  // Two columns from lg: the contract on the left, the public words and Submit on the right, so that
  // at a laptop's height Submit is in view once the file is chosen, below the warning it follows.
  return (
    <Page title="Anchor a contract" className="max-w-6xl space-y-6 [overflow-wrap:anywhere]">
      <form
        className="grid gap-6 lg:grid-cols-2 lg:items-start"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (done || sending.pending) return;
          setShowErrors(true);
          const invalid = firstInvalidField(fieldErrors);
          if (invalid) {
            // The wallet field lives under "Advanced": opened before it can take focus.
            if (invalid === 'wallet_hash') flushSync(() => setAdvancedOpen(true));
            document.getElementById(fieldIds[invalid])?.focus();
            return;
          }
          if (!leafHex) return;
          pseudonym.keepIfGrouped();
          sending.send(
            anchorEventBody(values),
            hashedFile
              ? { name: hashedFile.fileName, size: hashedFile.totalBytes }
              : pastedFile !== null
                ? { name: pastedFile, size: null }
                : null,
          );
        }}
      >
        <div className="min-w-0 space-y-6">
          <p>
            Your file is hashed in this browser and never uploaded. The service records a leaf made of the
            contract's SHA-256 and your reference, and anchors it in a Zcash transaction.
          </p>
          {!apiKey && (
            <p
              className="rounded border border-amber-400 bg-amber-50 p-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
              data-testid="no-key-note"
            >
              No API key is kept for this service yet. Submitting gets a trial key for you (no sign-up), or{' '}
              <Link className="font-medium underline" to={PATHS.keys}>
                get or paste a key on the Keys page
              </Link>
              ; this form is kept while you are away.
            </p>
          )}
          <fieldset
            disabled={done}
            className="min-w-0 space-y-3 rounded border border-slate-300 p-4 dark:border-slate-700"
          >
            <legend className="px-1 font-semibold">1. The contract</legend>
            <RadioChoices
              label="How to give the contract"
              choices={SOURCES}
              value={source}
              onChange={setSource}
            />
            {source === 'file' ? (
              <div>
                <FileHasher
                  inputId={fieldIds.contract_sha256}
                  invalid={shown(contractError) !== undefined}
                  errorId={shown(contractError) && fieldErrorId(fieldIds.contract_sha256)}
                  state={fileHash.state}
                  onFile={fileHash.hashFile}
                  onFiles={batch.addFiles}
                  onCancel={fileHash.cancel}
                />
                {shown(contractError) && (
                  <p id={fieldErrorId(fieldIds.contract_sha256)} className={FIELD_ERROR_CLASS}>
                    {contractError}
                  </p>
                )}
              </div>
            ) : (
              // Blur and paste bubble up from the field's input (React's focusout and paste events).
              <div onBlur={() => setPasteChecked(true)} onPaste={() => setPasteChecked(true)}>
                <TextField
                  {...fieldWords('contract_sha256')}
                  error={pastedError}
                  help={pastedSha256Help(pastedHash)}
                  value={pasted}
                  onChange={setPasted}
                  spellCheck={false}
                />
              </div>
            )}
          </fieldset>
        </div>

        <div className="min-w-0 space-y-6">
          <EventFields
            serial={fieldWords('serial_number')}
            wallet={fieldWords('wallet_hash')}
            serialNumber={serialNumber}
            onSerialNumber={setSerialNumber}
            walletHash={walletHash}
            onWalletHash={pseudonym.setWalletHash}
            onNewPseudonym={pseudonym.renew}
            grouped={pseudonym.grouped}
            onGrouped={pseudonym.setGrouped}
            advancedOpen={advancedOpen}
            onAdvancedOpen={setAdvancedOpen}
            disabled={done}
          />
          {submit.isSuccess ? (
            // In Submit's place: what was recorded, with the receipt to keep first.
            <SubmitResult
              key={submit.submittedAt}
              result={submit.data}
              localLeafHex={leafHex}
              submitted={sending.submitted}
              issuedKey={sending.issuedKey}
              baseUrl={baseUrl}
              onAnchorAnother={anchorAnother}
            />
          ) : (
            <SubmitSection
              leafHex={leafHex}
              label={submitLabel}
              busy={sending.pending}
              problems={showErrors ? problems : null}
            />
          )}
          {trial.isError && (
            <div className="space-y-1" tabIndex={-1} ref={focusWhenShown} key={trial.submittedAt}>
              <ErrorNotice error={trial.error} title="No trial key was issued, so nothing was sent" />
              <KeysPageHint>Paste a key you have on the Keys page</KeysPageHint>
            </div>
          )}
          {submit.isError && (
            <div className="space-y-1" tabIndex={-1} ref={focusWhenShown} key={submit.submittedAt}>
              <ErrorNotice error={submit.error} title="The service did not record the event" />
              {sending.issuedKey && (
                <p className="text-sm">
                  A trial key was issued and is kept in this browser (see the Keys page); Submit now uses it.
                </p>
              )}
              {submit.error instanceof ApiError &&
                (submit.error.status === 401 || submit.error.code === 'quota_exhausted') && (
                  <KeysPageHint>Get a new trial key or paste another key</KeysPageHint>
                )}
            </div>
          )}
        </div>
      </form>

      <div className="max-w-3xl">
        <SavedSubmissions baseUrl={baseUrl} />
      </div>
    </Page>
  );
}

/** Where to go for another key after a failed send, and that the form waits here meanwhile. */
function KeysPageHint({ children }: { children: string }) {
  return (
    <p className="text-sm">
      <Link className="underline" to={PATHS.keys}>
        {children}
      </Link>
      ; this form is kept.
    </p>
  );
}
