import { Button } from '../components/ui/button';
import { useWaitingVersion, type ActivateNewVersion } from './service-worker';

/**
 * Says, at the foot of the header, that a newer version of the app is ready, with "Reload" to use it: the new
 * version never replaces the page by itself. The status region is always there (empty meanwhile), so
 * screen readers announce the notice when it appears.
 */
export function UpdateNotice({ activate }: { activate: ActivateNewVersion | null }) {
  return (
    <div role="status" data-testid="update-notice" className="print:hidden">
      {activate && (
        <div className="border-t border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
            <p className="text-sm">A newer version of this app is ready.</p>
            <Button onClick={activate}>Reload</Button>
          </div>
        </div>
      )}
    </div>
  );
}

/** The notice for the service worker's waiting version (service-worker.ts). */
export function AppUpdateNotice() {
  return <UpdateNotice activate={useWaitingVersion()} />;
}
