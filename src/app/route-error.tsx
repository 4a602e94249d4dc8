import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import { Page } from '../components/ui/page';

/** How browsers word an import of the app's code that could not be fetched (Chromium, Safari, Firefox, Vite). */
const FILES_FAILED =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

/** Whether `error` is the app's own code failing to load, not a page failing while it runs. */
export function isFilesFailure(error: unknown): boolean {
  return error instanceof Error && FILES_FAILED.test(error.message);
}

/**
 * Shown when a page throws while rendering (or its code could not be loaded some other way than its
 * route's, which retries by itself), instead of a blank screen: inside the app's frame, with a
 * Reload that loads the app again. A failure here is the app's, never a wrong setting.
 */
export function RouteError() {
  const error = useRouteError();
  const files = isFilesFailure(error);
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  const title = files ? 'This page could not be loaded' : 'Something went wrong';
  return (
    <Page title={title} className="max-w-3xl space-y-3">
      {files ? (
        <p role="alert">
          The app&apos;s files for this page could not be loaded from this site: it may be down or restarting,
          or this device may be offline. Once it is back, Reload brings the page.
        </p>
      ) : (
        <>
          <p role="alert">{message}</p>
          <p>This page failed while it was being shown. Reloading the app often helps.</p>
        </>
      )}
      <Button variant="primary" onClick={() => globalThis.location.reload()}>
        Reload
      </Button>
    </Page>
  );
}
