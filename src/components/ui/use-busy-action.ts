import { useState } from 'react';

/**
 * One button's asynchronous action (fetch, then download): `busy` while it runs so the button can
 * be disabled and say so, and the error it ended with, cleared when it runs again.
 */
export function useBusyAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    action()
      .catch(setError)
      .finally(() => setBusy(false));
  };
  return { busy, error, run };
}
