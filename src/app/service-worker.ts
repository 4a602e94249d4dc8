/**
 * The built app's service worker (vite.config.ts, `offlineApp`), registered when the app starts: after
 * one visit the app's files come from it, so the Verify page opens and verifies with no network. A
 * newer version, once deployed, installs in the background and waits; the layout says so
 * (update-notice.tsx), and it takes over only when the person presses Reload, never under them while
 * they are in the middle of a verification.
 */
import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';

/** Lets the waiting version take over, then reloads the page under it. */
export type ActivateNewVersion = () => void;

let waitingVersion: ActivateNewVersion | null = null;
const listeners = new Set<() => void>();

function setWaitingVersion(activate: ActivateNewVersion | null): void {
  waitingVersion = activate;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The newer version waiting to take over (with how to let it), or null while there is none. */
export function useWaitingVersion(): ActivateNewVersion | null {
  return useSyncExternalStore(
    subscribe,
    () => waitingVersion,
    () => null,
  );
}

export interface ServiceWorkerOptions {
  /** Where the app lives: the worker is `sw.js` there, and its scope is that path (never the API's). */
  base?: string;
  /** Reloads the page once the new version controls it. */
  reload?: () => void;
}

/**
 * Registers the service worker where the browser has them; null where it has none (then the app
 * works as before, online). The dev server builds no worker: main.tsx calls this for the built app only.
 */
export function startServiceWorker(options: ServiceWorkerOptions = {}): Workbox | null {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  const base = options.base ?? import.meta.env.BASE_URL;
  const reload = options.reload ?? (() => globalThis.location.reload());
  const workbox = new Workbox(`${base}sw.js`, { scope: base });
  let activating = false;
  // Also fired at registration for a version that was already waiting from an earlier visit.
  workbox.addEventListener('waiting', () => {
    setWaitingVersion(() => {
      if (activating) return;
      activating = true;
      // The page reloads only once the new version controls it, so its files and the page match.
      workbox.addEventListener('controlling', () => reload());
      workbox.messageSkipWaiting();
    });
  });
  workbox.register().catch(() => {
    // Refused (a private window, a policy): the app keeps working online, without the offline copy.
  });
  // A tab left open looks for a newer version when it is shown again, not only on the next visit.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    workbox.update().catch(() => {
      // Offline, or the site down: the next time the tab is shown asks again.
    });
  });
  return workbox;
}

/** Forgets a waiting version (tests start each case afresh). */
export function forgetWaitingVersion(): void {
  setWaitingVersion(null);
}
