import { useSyncExternalStore } from 'react';

/** How often relative times ("5 min ago") are brought up to date. */
const TICK_MS = 15_000;

// One timer for every relative time on the page, running only while one is shown.
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // A newly shown time is measured against the clock now, not the last tick.
  now = Date.now();
  if (timer === null) {
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The current time in milliseconds, updated every few seconds for every component that reads it. */
export function useNow(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
}
