import { useEffect, useRef, useState } from 'react';

/**
 * A button that asks before it acts (Anchor now, Forget): `ask` shows the question in its place,
 * `confirmed` or `cancel` hides it again. After Cancel, focus goes back to the button (`opener`),
 * once it is shown again, so a keyboard user is where they were.
 */
export function useConfirmStep<T extends HTMLElement = HTMLButtonElement>() {
  const [confirming, setConfirming] = useState(false);
  const opener = useRef<T>(null);
  const cancelled = useRef(false);
  useEffect(() => {
    if (confirming || !cancelled.current) return;
    cancelled.current = false;
    opener.current?.focus();
  }, [confirming]);
  return {
    confirming,
    opener,
    ask: () => setConfirming(true),
    confirmed: () => setConfirming(false),
    cancel: () => {
      cancelled.current = true;
      setConfirming(false);
    },
  };
}
