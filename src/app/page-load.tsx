import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { Page } from '../components/ui/page';
import { Button } from '../components/ui/button';
import { Loading } from '../components/page-states';
import { RelativeTime } from '../components/relative-time';

/** Imports one page's code (its chunk) and gives its component. */
export type PageLoader = () => Promise<ComponentType>;

/**
 * Whether this site answers now: asked when a chunk failed again, to tell a site still down from a
 * browser that keeps the failed import (then only a full reload helps). Any answer counts.
 */
export async function siteAnswers(): Promise<boolean> {
  try {
    await fetch(import.meta.env.BASE_URL, { method: 'HEAD', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

/** What the page falls back to when a retried import fails while the site answers. */
export const lastResort = {
  reload: () => globalThis.location.reload(),
};

type Attempt =
  | { kind: 'ready'; Component: ComponentType }
  /** `byHand`: Reload was pressed on the failure page, which stays shown meanwhile. */
  | { kind: 'loading'; byHand: boolean }
  | { kind: 'failed'; at: Date; again: boolean };

/**
 * A page loader that never fails: React Router keeps a route's rejected `lazy` for good, so a page
 * whose chunk failed once (the site down for a moment) would stay broken after the site came back.
 * On failure it gives a page, inside the app's frame, that says the app's files could not be
 * loaded and offers "Reload": that imports the chunk again, and reloads the whole app only when the
 * site answers but the import still fails. Visiting the page again later tries again by itself.
 */
export async function loadPage(load: PageLoader): Promise<ComponentType> {
  try {
    return await load();
  } catch {
    return retryingPage(load);
  }
}

function retryingPage(load: PageLoader): ComponentType {
  let loaded: ComponentType | null = null;
  // The failure just met: the first showing says it, rather than trying again at once.
  let failedAt: Date | null = new Date();

  function RetryingPage() {
    const [attempt, setAttempt] = useState<Attempt>(() =>
      loaded
        ? { kind: 'ready', Component: loaded }
        : failedAt
          ? { kind: 'failed', at: failedAt, again: false }
          : { kind: 'loading', byHand: false },
    );
    const mounted = useRef(true);
    /** Imports the chunk again; `byHand` when Reload was pressed (the page says so meanwhile). */
    const importAgain = useCallback((byHand: boolean) => {
      load().then(
        (Component) => {
          loaded = Component;
          if (mounted.current) setAttempt({ kind: 'ready', Component });
        },
        async () => {
          // The site answers, yet the import fails: the browser keeps the failed chunk. Last resort.
          if (byHand && (await siteAnswers())) return lastResort.reload();
          if (mounted.current) setAttempt({ kind: 'failed', at: new Date(), again: byHand });
        },
      );
    }, []);
    const startedLoading = attempt.kind === 'loading';
    useEffect(() => {
      mounted.current = true;
      failedAt = null;
      if (startedLoading) importAgain(false);
      return () => {
        mounted.current = false;
      };
      // Once, on mounting: later attempts are the Reload button's.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);

    if (attempt.kind === 'ready') return <attempt.Component />;
    if (attempt.kind === 'loading' && !attempt.byHand) return <Loading what="the page" />;
    const reload = () => {
      setAttempt({ kind: 'loading', byHand: true });
      importAgain(true);
    };
    return <PageFilesFailed attempt={attempt} onReload={reload} />;
  }
  return RetryingPage;
}

/** The page shown in place of one whose code could not be loaded, with the header and menu kept. */
export function PageFilesFailed({
  attempt,
  onReload,
}: {
  attempt: Exclude<Attempt, { kind: 'ready' }>;
  onReload: () => void;
}) {
  const loading = attempt.kind === 'loading';
  return (
    <Page title="This page could not be loaded" className="max-w-3xl space-y-3">
      <div role="alert" data-testid="page-files-failed" className="space-y-1">
        <p>
          The app&apos;s files for this page could not be loaded from this site: it may be down or restarting,
          or this device may be offline. Once it is back, Reload brings the page.
        </p>
        {attempt.kind === 'failed' && (
          <p className="text-sm">
            {attempt.again ? 'Tried again' : 'Tried'} <RelativeTime value={attempt.at} />.
          </p>
        )}
      </div>
      <Button variant="primary" onClick={onReload} disabled={loading}>
        {loading ? 'Reloading…' : 'Reload'}
      </Button>
    </Page>
  );
}
