import { useSearchParams } from 'react-router';
import { SearchBox } from './search-box';

/** Deep-linkable search (`/search?q=…`). */
export function SearchPage() {
  const [params] = useSearchParams();
  return (
    <section aria-labelledby="search-title" className="max-w-3xl space-y-4">
      <h1 id="search-title" className="text-2xl font-semibold">
        Search
      </h1>
      <SearchBox initialQuery={params.get('q') ?? ''} />
    </section>
  );
}
