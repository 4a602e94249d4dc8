import { Link } from 'react-router';
import { PageTitle } from '../components/page-title';

export function NotFoundPage() {
  return (
    <section aria-labelledby="not-found-title" className="space-y-3">
      <PageTitle page="Page not found" />
      <h1 id="not-found-title" className="text-2xl font-semibold">
        Page not found
      </h1>
      <p>There is no page at this address.</p>
      <Link className="text-amber-800 underline dark:text-amber-300" to="/">
        Go to the start page
      </Link>
    </section>
  );
}
