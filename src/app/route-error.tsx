import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { PageTitle } from '../components/page-title';
import { PATHS } from './paths';

/** Shown when a page fails to load or throws while rendering, instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <main className="mx-auto max-w-3xl space-y-3 p-6">
      <PageTitle page="Something went wrong" />
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p role="alert">{message}</p>
      <p>
        Reloading the page often helps. If it keeps happening, check the service URL in{' '}
        <Link className="underline" to={PATHS.settings}>
          Settings
        </Link>
        .
      </p>
    </main>
  );
}
