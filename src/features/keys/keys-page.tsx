import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import {
  fetchKeyInfo,
  keyInfoQueryOptions,
  keyKeys,
  trialKeyExpiry,
  trialKeyMutationOptions,
  type TrialKey,
} from '../../api/keys';
import { setApiKey, useApiKey, useBaseUrl, serviceName } from '../../api/settings';
import { CopyButton } from '../../components/ui/copy-button';
import { ErrorNotice } from '../../components/error-notice';
import { maskKey, summariseKeyInfo } from './key-display';
import { Page } from '../../components/ui/page';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { INPUT_CLASS, PANEL_CLASS } from '../../components/ui/styles';
import { PATHS } from '../../app/paths';
import { formatNumber } from '../../components/number-words';
import { RelativeTime } from '../../components/relative-time';
import { SuccessNotice } from '../../components/ui/success-notice';

/** Get a trial key in one click, see what the kept key is and what is left of it, or use another key. */
export function KeysPage() {
  const baseUrl = useBaseUrl();
  const apiKey = useApiKey();
  const [issued, setIssued] = useState<TrialKey | null>(null);
  const trial = useMutation(trialKeyMutationOptions(baseUrl));
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const getRef = useRef<HTMLButtonElement>(null);
  const replaceRef = useRef<HTMLButtonElement>(null);
  const keptPanelRef = useRef<HTMLDivElement>(null);
  // Focus follows the question: onto "Replace my key" when asked, back to the button that asked after.
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirming) replaceRef.current?.focus();
    else if (wasConfirming.current) getRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  const getTrialKey = () => {
    setConfirming(false);
    trial.mutate(undefined, {
      onSuccess: (key) => {
        setApiKey(key.key, baseUrl);
        setIssued(key);
        void queryClient.invalidateQueries({ queryKey: keyKeys.all(baseUrl) });
      },
    });
  };

  return (
    <Page title="API keys" className="max-w-3xl space-y-6 [overflow-wrap:anywhere]">
      <p>
        Submitting events needs a key. It is kept in this browser, separately for each service URL (
        {serviceName(baseUrl)} now), and sent only to that service.
      </p>

      <div className={PANEL_CLASS}>
        <h2 className="text-lg font-semibold">Get a trial key</h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          No sign-up. A trial key has an event quota and an expiry
          {apiKey ? '; getting one replaces the key kept now' : ''}.
        </p>
        {confirming ? (
          <div role="group" aria-label="Replace the kept key?" className="space-y-2">
            <p className="text-sm font-medium">
              This browser keeps a key for this service. A new trial key replaces it here (the old key is not
              revoked, but this browser forgets it unless you copied it).
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="primary" ref={replaceRef} onClick={getTrialKey}>
                Replace my key
              </Button>
              <Button onClick={() => setConfirming(false)}>Cancel</Button>
            </div>
          </div>
        ) : (
          <Button
            variant="primary"
            ref={getRef}
            disabled={trial.isPending}
            onClick={() => {
              if (!apiKey) return getTrialKey();
              setConfirming(true);
            }}
          >
            {trial.isPending ? 'Asking the service…' : 'Get a trial key'}
          </Button>
        )}
        {trial.isError && <ErrorNotice error={trial.error} title="No trial key was issued" />}
        {issued && <IssuedKey key={issued.key} trialKey={issued} />}
      </div>

      <div
        className={PANEL_CLASS}
        aria-live="polite"
        tabIndex={-1}
        ref={keptPanelRef}
        data-testid="kept-key-panel"
      >
        <h2 className="text-lg font-semibold">The key kept for this service</h2>
        {apiKey ? (
          <KeptKey baseUrl={baseUrl} apiKey={apiKey} onForget={() => setIssued(null)} />
        ) : (
          <p>No key is kept. Get a trial key above or paste one below.</p>
        )}
      </div>

      <PasteKey
        baseUrl={baseUrl}
        onKept={() => {
          setIssued(null);
          // The form empties: focus goes to the key it now keeps.
          keptPanelRef.current?.focus();
        }}
      />
    </Page>
  );
}

function IssuedKey({ trialKey }: { trialKey: TrialKey }) {
  return (
    <SuccessNotice testId="issued-key-box">
      <p className="font-semibold">
        Your trial key. It is shown only this once: the service keeps only a hash of it.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          data-testid="issued-key"
          className="break-all rounded bg-white px-2 py-1 font-mono text-sm text-slate-900 dark:bg-slate-900 dark:text-slate-100"
        >
          {trialKey.key}
        </code>
        <CopyButton text={trialKey.key} what="key" />
      </div>
      <p className="text-sm">
        Quota: {formatNumber(trialKey.quota)} events. Expires{' '}
        <RelativeTime value={trialKeyExpiry(trialKey)} />. Kept in this browser;{' '}
        <Link className="underline" to={PATHS.anchor}>
          anchor a contract
        </Link>{' '}
        now.
      </p>
    </SuccessNotice>
  );
}

function KeptKey({ baseUrl, apiKey, onForget }: { baseUrl: string; apiKey: string; onForget: () => void }) {
  const info = useQuery(keyInfoQueryOptions(baseUrl, apiKey));
  const summary = info.data ? summariseKeyInfo(info.data) : null;
  return (
    <div className="space-y-2">
      <p>
        Key <code className="font-mono">{maskKey(apiKey)}</code>
      </p>
      {info.isPending && <p>Asking the service what this key is…</p>}
      {info.isError && <KeyInfoError error={info.error} />}
      {summary && (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm" data-testid="key-info">
          <dt className="font-medium">Kind</dt>
          <dd>{summary.tierLabel}</dd>
          <dt className="font-medium">Quota</dt>
          <dd>{summary.quotaLine}</dd>
          <dt className="font-medium">Expiry</dt>
          <dd>
            {summary.expiresAt ? (
              <>
                {summary.expiryLine} <RelativeTime value={summary.expiresAt} />.
              </>
            ) : (
              summary.expiryLine
            )}
          </dd>
        </dl>
      )}
      {summary?.spent && (
        <p className="font-medium text-red-700 dark:text-red-300">
          This key can no longer submit events. Get a new trial key.
        </p>
      )}
      <Button
        onClick={() => {
          setApiKey(null, baseUrl);
          onForget();
        }}
      >
        Forget this key
      </Button>
    </div>
  );
}

function KeyInfoError({ error }: { error: Error }) {
  // The service's 401 text is written for API callers ("Authorization: Bearer"): said here in the page's words.
  if (error instanceof ApiError && error.status === 401) {
    return (
      <p role="alert" className="text-red-700 dark:text-red-300" data-testid="key-refused">
        {error.code === 'key_expired'
          ? 'This key has expired. Get a new one with the “Get a trial key” button on this page.'
          : 'The service did not accept this key. Check that you copied all of it, or get a trial key with the “Get a trial key” button on this page.'}
      </p>
    );
  }
  if (error instanceof ApiError && error.status === 404) {
    return (
      <p className="text-sm">
        This service does not describe keys (no GET /key; a reference ZAP1 deployment, perhaps). The key is
        kept anyway.
      </p>
    );
  }
  return <ErrorNotice error={error} title="Could not check the key" />;
}

function PasteKey({ baseUrl, onKept }: { baseUrl: string; onKept: () => void }) {
  const inputId = useId();
  const [draft, setDraft] = useState('');
  const queryClient = useQueryClient();
  const check = useMutation({ mutationFn: (key: string) => fetchKeyInfo(baseUrl, key) });
  // Pressed with nothing pasted, the button says what is missing rather than being disabled without a reason.
  const [missing, setMissing] = useState(false);
  const keep = (key: string) => {
    setApiKey(key, baseUrl);
    setDraft('');
    check.reset();
    onKept();
    void queryClient.invalidateQueries({ queryKey: keyKeys.all(baseUrl) });
  };
  const noKeyEndpoint = check.error instanceof ApiError && check.error.status === 404;
  return (
    <form
      className={PANEL_CLASS}
      onSubmit={(event) => {
        event.preventDefault();
        const key = draft.trim();
        if (key === '') return setMissing(true);
        check.mutate(key, { onSuccess: () => keep(key) });
      }}
    >
      <h2 className="text-lg font-semibold">Use another key</h2>
      <Field
        id={inputId}
        label="API key (e.g. an operator key)"
        error={missing ? 'Paste a key first.' : undefined}
      >
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              setMissing(false);
              check.reset();
            }}
            className={INPUT_CLASS}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" disabled={check.isPending}>
          {check.isPending ? 'Checking…' : 'Check and keep'}
        </Button>
        {noKeyEndpoint && <Button onClick={() => keep(draft.trim())}>Keep it without checking</Button>}
      </div>
      {check.isError && !noKeyEndpoint && <KeyInfoError error={check.error} />}
      {noKeyEndpoint && (
        <p className="text-sm">
          This service cannot say what a key is (no GET /key). You may keep the key unchecked.
        </p>
      )}
    </form>
  );
}
