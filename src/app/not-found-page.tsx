import { Link } from 'react-router';
import { Page } from '../components/ui/page';
import { PATHS } from './paths';

export function NotFoundPage() {
  return (
    <Page title="Page not found" className="space-y-3">
      <p>There is no page at this address.</p>
      <Link className="text-amber-800 underline dark:text-amber-300" to={PATHS.home}>
        Go to the start page
      </Link>
    </Page>
  );
}
