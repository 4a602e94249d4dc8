import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { protocolInfoQueryOptions } from '../../api/protocol';
import { useServiceNetwork } from '../../api/network';
import { assumesHttps, normaliseBaseUrl, setBaseUrl, useBaseUrl, serviceName } from '../../api/settings';
import { ErrorNotice } from '../../components/error-notice';
import { Page } from '../../components/ui/page';
import { serviceUrlProblem } from './service-url';
import { ExplorerSetting } from './explorer-setting';

/** Where the service lives. The app works against this service or any ZAP1 deployment. */
export function SettingsPage() {
  const baseUrl = useBaseUrl();
  const [draft, setDraft] = useState(baseUrl);
  const [saved, setSaved] = useState(false);
  const queryClient = useQueryClient();
  const inputId = useId();
  const problem = serviceUrlProblem(draft);
  const info = useQuery(protocolInfoQueryOptions(baseUrl));
  const network = useServiceNetwork(baseUrl);

  return (
    <Page title="Settings" className="max-w-2xl space-y-6">
      <form
        className="space-y-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (problem) return;
          setBaseUrl(draft);
          setDraft(normaliseBaseUrl(draft));
          setSaved(true);
          void queryClient.invalidateQueries();
        }}
      >
        <label htmlFor={inputId} className="block font-medium">
          Service base URL
        </label>
        <p id={`${inputId}-help`} className="text-sm text-slate-700 dark:text-slate-300">
          Leave empty to use the service that serves this app. Any ZAP1 deployment works, e.g.
          https://zap1.example.org. The key you keep is stored separately for each URL.
        </p>
        <input
          id={inputId}
          type="url"
          inputMode="url"
          value={draft}
          placeholder="(this site)"
          aria-describedby={`${inputId}-help${problem ? ` ${inputId}-error` : ''}`}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setSaved(false);
          }}
          className="w-full rounded border border-slate-400 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
        />
        {problem && (
          <p id={`${inputId}-error`} className="text-sm text-red-700 dark:text-red-300">
            {problem}
          </p>
        )}
        {!problem && assumesHttps(draft) && (
          <p className="text-sm" data-testid="assumed-https">
            No scheme given: it will be saved as {normaliseBaseUrl(draft)}.
          </p>
        )}
        <div className="flex gap-2">
          <button
            type="submit"
            disabled={problem !== null}
            className="rounded bg-amber-700 px-4 py-2 font-medium text-white disabled:opacity-50"
          >
            Save
          </button>
          <button
            type="button"
            className="rounded border border-slate-400 px-4 py-2"
            onClick={() => {
              setDraft('');
              setBaseUrl('');
              setSaved(true);
              void queryClient.invalidateQueries();
            }}
          >
            Use this site
          </button>
        </div>
        {saved && (
          <p role="status" className="text-sm">
            Saved.
          </p>
        )}
      </form>

      <ExplorerSetting />

      <div aria-live="polite" className="rounded border border-slate-300 p-4 dark:border-slate-700">
        <h2 className="font-semibold">Service</h2>
        {info.isPending && <p>Contacting {serviceName(baseUrl)}…</p>}
        {info.isError && <ErrorNotice error={info.error} />}
        {info.isSuccess && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt>Protocol</dt>
            <dd>
              {info.data.protocol} {info.data.version}
            </dd>
            <dt>Network</dt>
            <dd data-testid="settings-network">
              {network.network === 'unknown' ? 'unknown network' : network.network}
            </dd>
            <dt>Extensions</dt>
            <dd>{info.data.extensions?.join(', ') || 'none'}</dd>
          </dl>
        )}
      </div>
    </Page>
  );
}
