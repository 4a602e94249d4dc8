import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type DragEvent } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useBaseUrl } from '../../api/settings';
import { proofBundleQueryOptions } from '../../api/verify';
import { verifyProofBundle } from '../../core';
import { protocolInfoQueryOptions } from '../../api/protocol';
import { CopyButton } from '../../components/copy-button';
import { ErrorNotice } from '../../components/error-notice';
import { normaliseHex64 } from '../../components/hash-input';
import { useLeafHashDraft } from '../../components/use-leaf-hash-draft';
import { ProofPath } from './proof-path';
import {
  claimedScheme,
  eventFieldsTemplate,
  parseBundleText,
  presentVerdict,
  recomputeLeaf,
  viewingKeyAdvice,
  type BundleSource,
} from './verdict';
import { PageTitle } from '../../components/page-title';

const INPUT =
  'w-full rounded border border-slate-400 bg-white px-3 py-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-900';
const PRIMARY =
  'rounded bg-amber-700 px-4 py-2 font-medium text-white hover:bg-amber-800 disabled:opacity-50';
const BUTTON =
  'rounded border border-slate-400 px-3 py-1.5 text-sm hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800';
const PANEL = 'min-w-0 space-y-3 rounded border border-slate-300 p-4 dark:border-slate-700';
/** Bundles are a few KB; refuse files that cannot be one before reading them. */
const MAX_BUNDLE_FILE_BYTES = 5 * 1024 * 1024;

interface LocalBundle {
  source: Exclude<BundleSource, 'service'>;
  label: string;
  bundle: unknown;
}

/** Verify a proof bundle in this browser: fetched for a leaf, pasted, or dropped as a file. */
export function VerifyPage() {
  const { leaf } = useParams();
  const parsed = leaf === undefined ? null : normaliseHex64(leaf, 'The leaf hash');
  const [local, setLocal] = useState<LocalBundle | null>(null);
  if (parsed?.ok && parsed.lowercased) return <Navigate to={`/verify/${parsed.hex}`} replace />;
  const leafHex = parsed?.ok ? parsed.hex : null;

  return (
    <section aria-labelledby="verify-title" className="max-w-4xl space-y-6 [overflow-wrap:anywhere]">
      <PageTitle page="Verify a proof" />
      <h1 id="verify-title" className="text-2xl font-semibold">
        Verify a proof
      </h1>
      <p>
        The proof is checked here, in your browser, with the same ZAP1 code the service proves with. Fetch the
        bundle of a leaf from the service, or give a bundle you have (for example one downloaded from a leaf
        page). Only want to know whether a leaf is anchored yet?{' '}
        <Link className="underline" to="/leaf">
          Check whether a leaf is anchored
        </Link>
        .
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <LeafSource initial={leaf ?? ''} onFetch={() => setLocal(null)} />
        <LocalSource onBundle={setLocal} />
      </div>
      {parsed && !parsed.ok && (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {parsed.message}
        </p>
      )}
      {local ? (
        <div className="space-y-2">
          <p className="flex flex-wrap items-center gap-3 text-sm">
            <span>Verifying {local.label}.</span>
            {leafHex && (
              <button type="button" className={BUTTON} onClick={() => setLocal(null)}>
                Back to the service's bundle for this leaf
              </button>
            )}
          </p>
          <VerdictPanel bundle={local.bundle} source={local.source} expectedLeafHex={null} />
        </div>
      ) : leafHex ? (
        <ServiceBundle key={leafHex} leafHex={leafHex} />
      ) : null}
    </section>
  );
}

function LeafSource({ initial, onFetch }: { initial: string; onFetch: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const { draft, setDraft, problem, submit } = useLeafHashDraft(initial, (hex) => {
    onFetch();
    void navigate(`/verify/${hex}`);
  });
  return (
    <form
      className={PANEL}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2 className="font-semibold">From the service, by leaf</h2>
      <label htmlFor={id} className="block text-sm font-medium">
        Leaf hash
      </label>
      <input
        id={id}
        className={INPUT}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        spellCheck={false}
        autoComplete="off"
        placeholder="64 hex characters"
      />
      <button type="submit" className={PRIMARY}>
        Fetch and verify
      </button>
      {problem && <p className="text-sm text-slate-700 dark:text-slate-300">{problem}</p>}
    </form>
  );
}

function LocalSource({ onBundle }: { onBundle: (bundle: LocalBundle) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const readFile = (file: File) => {
    if (file.size > MAX_BUNDLE_FILE_BYTES) {
      setProblem(`${file.name} is ${Math.round(file.size / 1e6)} MB; a proof bundle is a few KB.`);
      return;
    }
    file.text().then(
      (content) => {
        const result = parseBundleText(content);
        if (!result.ok) setProblem(`${file.name}: ${result.message}`);
        else {
          setProblem(null);
          onBundle({ source: 'file', label: `the file ${file.name}`, bundle: result.bundle });
        }
      },
      () => setProblem(`${file.name} could not be read.`),
    );
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) readFile(file);
  };
  return (
    <div
      className={`${PANEL} ${dragging ? 'border-amber-600 bg-amber-50 dark:bg-amber-950' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="bundle-drop"
    >
      <h2 className="font-semibold">A bundle you have</h2>
      <label htmlFor={`${id}-file`} className="block text-sm font-medium">
        Choose or drop a proof .json file
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept=".json,application/json"
        className="block text-sm"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) readFile(file);
          e.target.value = '';
        }}
      />
      <label htmlFor={`${id}-text`} className="block text-sm font-medium">
        Or paste the bundle JSON
      </label>
      <textarea
        id={`${id}-text`}
        className={`${INPUT} h-28`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        spellCheck={false}
      />
      <button
        type="button"
        className={PRIMARY}
        onClick={() => {
          const result = parseBundleText(text);
          if (!result.ok) setProblem(result.message);
          else {
            setProblem(null);
            onBundle({ source: 'pasted', label: 'the pasted bundle', bundle: result.bundle });
          }
        }}
      >
        Verify pasted JSON
      </button>
      {problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </div>
  );
}

function ServiceBundle({ leafHex }: { leafHex: string }) {
  const baseUrl = useBaseUrl();
  const bundle = useQuery(proofBundleQueryOptions(baseUrl, leafHex));
  if (bundle.isPending) return <p aria-live="polite">Fetching the proof bundle of {leafHex}…</p>;
  if (bundle.isError) {
    if (bundle.error instanceof ApiError && bundle.error.status === 404) {
      return (
        <p role="alert" className="rounded border border-slate-400 p-4">
          This service has no such leaf, so there is no proof to verify.{' '}
          <Link className="underline" to="/settings">
            Check the service URL
          </Link>
          .
        </p>
      );
    }
    return <ErrorNotice error={bundle.error} title="The proof bundle could not be fetched" />;
  }
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center gap-3 text-sm">
        <span>Verifying the service's bundle for leaf {leafHex.slice(0, 16)}…</span>
        <button
          type="button"
          className={BUTTON}
          onClick={() => void bundle.refetch()}
          disabled={bundle.isFetching}
        >
          {bundle.isFetching ? 'Fetching…' : 'Fetch again'}
        </button>
      </p>
      <VerdictPanel bundle={bundle.data} source="service" expectedLeafHex={leafHex} />
    </div>
  );
}

function VerdictPanel({
  bundle,
  source,
  expectedLeafHex,
}: {
  bundle: unknown;
  source: BundleSource;
  expectedLeafHex: string | null;
}) {
  const verdict = useMemo(
    () => verifyProofBundle(bundle, expectedLeafHex ? { expectedLeafHex } : undefined),
    [bundle, expectedLeafHex],
  );
  const scheme = claimedScheme(bundle);
  const view = presentVerdict(verdict, { source, expectedLeafHex, claimedScheme: scheme });
  return (
    <div className="space-y-5">
      <div
        role="status"
        className={`rounded border-2 p-4 ${view.valid ? 'border-emerald-500 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50' : 'border-red-500 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50'}`}
      >
        <p className="text-xl font-bold" data-testid="verdict">
          {view.valid ? '✓ ' : '✗ '}
          {view.headline}
        </p>
        {view.reason && <p data-testid="verdict-reason">{view.reason}</p>}
        {view.valid && <p className="text-sm">Scheme {verdict.scheme}.</p>}
      </div>
      <ProofPath verdict={verdict} scheme={scheme} />
      <div className="grid gap-4 md:grid-cols-2">
        <div className={PANEL}>
          <h2 className="font-semibold">Checked here</h2>
          {view.checked.length === 0 ? (
            <p className="text-sm">Nothing could be confirmed: the bundle fails the check above.</p>
          ) : (
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {view.checked.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </div>
        <div className={PANEL}>
          <h2 className="font-semibold">Taken on trust</h2>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {view.trusted.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      </div>
      {verdict.anchor?.txid && <ChainCheck rootHex={verdict.rootHex} />}
      {verdict.leafHex && verdict.witness !== 'verified' && (
        <RecomputeLeaf leafHex={verdict.leafHex} eventType={verdict.eventType} />
      )}
    </div>
  );
}

/** How to check the anchor on chain without the service: its viewing key, or the fact that it publishes none. */
function ChainCheck({ rootHex }: { rootHex: string | null }) {
  const baseUrl = useBaseUrl();
  const info = useQuery(protocolInfoQueryOptions(baseUrl));
  const advice = viewingKeyAdvice({ status: info.status, key: info.data?.anchor_viewing_key }, rootHex);
  return (
    <section aria-labelledby="chain-check-title" className={PANEL} data-testid="chain-check">
      <h2 id="chain-check-title" className="font-semibold">
        Check the chain yourself
      </h2>
      <p className="text-sm">{advice.text}</p>
      {advice.kind === 'key' && (
        <div className="flex flex-wrap items-center gap-2">
          <code
            className="block min-w-0 break-all rounded bg-slate-100 p-2 font-mono text-xs dark:bg-slate-800"
            data-testid="viewing-key"
          >
            {advice.key}
          </code>
          <CopyButton text={advice.key} what="viewing key" label="Copy viewing key" />
        </div>
      )}
    </section>
  );
}

function RecomputeLeaf({ leafHex, eventType }: { leafHex: string; eventType: string | null }) {
  const id = useId();
  const [text, setText] = useState(() => eventFieldsTemplate(eventType));
  const [result, setResult] = useState<ReturnType<typeof recomputeLeaf> | null>(null);
  return (
    <details className={PANEL}>
      <summary className="cursor-pointer font-semibold">
        Recompute the leaf from event fields you know (optional)
      </summary>
      <p className="text-sm">
        If you know the event's fields (for a contract anchor: the serial number and the contract's SHA-256),
        the leaf computed from them must equal the bundle's leaf. Then the event type is proven, not just
        claimed.
      </p>
      <label htmlFor={id} className="block text-sm font-medium">
        Event fields (JSON)
      </label>
      <textarea
        id={id}
        className={`${INPUT} h-32`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        spellCheck={false}
      />
      <button type="button" className={BUTTON} onClick={() => setResult(recomputeLeaf(text, leafHex))}>
        Recompute
      </button>
      {result && !result.ok && <p className="text-sm text-red-700 dark:text-red-300">{result.message}</p>}
      {result?.ok && (
        <p
          className={`text-sm ${result.matches ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'}`}
          role="status"
        >
          {result.matches ? 'Match: these fields are the leaf.' : 'No match: these fields give'}{' '}
          <code className="break-all font-mono">{result.leafHex}</code>
        </p>
      )}
    </details>
  );
}
