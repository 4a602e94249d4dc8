import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useApiKey, useBaseUrl } from '../../api/settings';
import { ErrorNotice } from '../../components/error-notice';
import { searchQueryOptions, useSearchProbes } from './use-search';

/** One box for a leaf hash, a txid or a wallet; submitting goes to /search?q=…, which runs the search. */
export function SearchBox({ initialQuery = '' }: { initialQuery?: string }) {
  const [query, setQuery] = useState(initialQuery);
  const navigate = useNavigate();
  const id = useId();
  return (
    <form
      role="search"
      aria-label="Search the service"
      className="flex flex-wrap gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void navigate(`/search?q=${encodeURIComponent(query)}`);
      }}
    >
      <label htmlFor={id} className="w-full font-medium">
        Search by leaf hash, transaction id or wallet pseudonym
      </label>
      <input
        id={id}
        type="search"
        value={query}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => setQuery(event.target.value)}
        className="min-w-0 flex-1 rounded border border-slate-400 bg-white px-3 py-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-900"
      />
      <button
        type="submit"
        className="rounded bg-amber-700 px-4 py-2 font-medium text-white disabled:opacity-50"
      >
        Search
      </button>
    </form>
  );
}

/** The outcome of the search in the address: straight to the page when one thing matches, else a chooser or a message. */
export function SearchResults({ query }: { query: string }) {
  const baseUrl = useBaseUrl();
  const apiKey = useApiKey();
  const probes = useSearchProbes();
  const search = useQuery(searchQueryOptions(baseUrl, query, probes, apiKey !== null));
  const outcome = search.data;
  const single = outcome?.kind === 'matches' && outcome.matches.length === 1 ? outcome.matches[0] : undefined;
  if (single) return <Navigate to={single.to} replace />;
  return (
    <div aria-live="polite">
      {search.isPending && <p role="status">Searching…</p>}
      {search.isError && <ErrorNotice error={search.error} title="The search could not finish" />}
      {outcome && outcome.kind !== 'matches' && (
        <p
          className={
            outcome.kind === 'invalid'
              ? 'text-red-700 dark:text-red-300'
              : 'text-slate-800 dark:text-slate-200'
          }
        >
          {outcome.message}
        </p>
      )}
      {outcome?.kind === 'matches' && outcome.matches.length > 1 && (
        <div>
          <p className="font-medium">This value matches several things. Which one do you mean?</p>
          <ul className="mt-2 space-y-1">
            {outcome.matches.map((match) => (
              <li key={match.kind}>
                <Link className="text-amber-800 underline dark:text-amber-300" to={match.to}>
                  {match.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
