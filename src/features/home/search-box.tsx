import { useQuery } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router';
import { useApiKey, useBaseUrl } from '../../api/settings';
import { ErrorNotice } from '../../components/error-notice';
import { visibleText } from 'zap1';
import { LeafFromFile } from './leaf-from-file';
import { searchQueryOptions, useSearchProbes } from './use-search';

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
    <div className="space-y-4">
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
            {/* It may quote what was searched for (a link can carry any text): shown with visibleText. */}
            {visibleText(outcome.message)}
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
      {/* Outside the live region (a form is not an announcement); keyed by the hash, so a new search starts afresh. */}
      {outcome?.kind === 'unmatched-hash' && (
        <LeafFromFile key={outcome.hashHex} searchedHex={outcome.hashHex} />
      )}
      {outcome?.kind === 'file-name' && <LeafFromFile key={outcome.fileName} searchedHex={null} />}
      {outcome?.kind === 'none' && outcome.fileMaybe && (
        <details>
          <summary className="cursor-pointer">Is it a file’s name? Hash the file here</summary>
          <LeafFromFile key={query} searchedHex={null} />
        </details>
      )}
    </div>
  );
}
