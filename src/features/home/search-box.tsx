import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorNotice } from '../../components/error-notice';
import { resolveSearch } from './search';
import { useSearchProbes } from './use-search';

/** One box for a leaf hash, a txid or a wallet; goes straight to the page when only one thing matches. */
export function SearchBox({ initialQuery = '' }: { initialQuery?: string }) {
  const [query, setQuery] = useState(initialQuery);
  const probes = useSearchProbes();
  const navigate = useNavigate();
  const id = useId();
  const search = useMutation({
    mutationFn: (q: string) => resolveSearch(q, probes),
    onSuccess: (outcome) => {
      if (outcome.kind === 'matches' && outcome.matches.length === 1 && outcome.matches[0]) {
        void navigate(outcome.matches[0].to);
      }
    },
  });
  const outcome = search.data;

  return (
    <div className="space-y-3">
      <form
        role="search"
        aria-label="Search the service"
        className="flex flex-wrap gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          search.mutate(query);
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
          disabled={search.isPending}
          className="rounded bg-amber-700 px-4 py-2 font-medium text-white disabled:opacity-50"
        >
          {search.isPending ? 'Searching…' : 'Search'}
        </button>
      </form>
      <div aria-live="polite">
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
    </div>
  );
}
