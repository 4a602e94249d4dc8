import { useSearchParams } from 'react-router';
import { Page } from '../../components/ui/page';
import { SearchResults } from './search-box';
import { SearchForm } from './search-form';

/** Deep-linkable search: `/search?q=…` runs the search for q. */
export function SearchPage() {
  const [params] = useSearchParams();
  const query = params.get('q') ?? '';
  return (
    <Page title="Search" className="max-w-3xl space-y-4">
      {/* Keyed by q, so a search started elsewhere (the header) shows its own text here. */}
      <SearchForm look="full" key={query} initialQuery={query} />
      {params.has('q') && <SearchResults query={query} />}
    </Page>
  );
}
