import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { SearchBox, SearchResults } from './search-box';

/** Deep-linkable search: `/search?q=…` runs the search for q. */
export function SearchPage() {
  const [params] = useSearchParams();
  const query = params.get('q') ?? '';
  return (
    <section aria-labelledby="search-title" className="max-w-3xl space-y-4">
      <PageTitle page="Search" />
      <h1 id="search-title" className="text-2xl font-semibold">
        Search
      </h1>
      {/* Keyed by q, so a search started elsewhere (the header) shows its own text here. */}
      <SearchBox key={query} initialQuery={query} />
      {params.has('q') && <SearchResults query={query} />}
    </section>
  );
}
