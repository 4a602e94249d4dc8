import { useEffect, useRef, useState } from 'react';
import { Button } from './button';

/**
 * "Notify me when anchored": asks the browser's permission, then shows a system notification when
 * `anchored` turns true while this tab is open (the page polls; nothing runs once it is closed).
 * Hidden where the browser has no notifications, and once anchored.
 */
export function NotifyWhenAnchored({ anchored, what }: { anchored: boolean; what: string }) {
  const supported = typeof globalThis.Notification === 'function';
  const [armed, setArmed] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const wasAnchored = useRef(anchored);

  useEffect(() => {
    if (armed && anchored && !wasAnchored.current) {
      new Notification('Anchored on chain', { body: what });
      setArmed(false);
      setNote('Anchored: you were notified.');
    }
    wasAnchored.current = anchored;
  }, [anchored, armed, what]);

  if (!supported || (anchored && note === null)) return null;
  return (
    <p className="flex flex-wrap items-center gap-3 text-sm" data-testid="notify-when-anchored">
      {!anchored && !armed && (
        <Button
          onClick={() => {
            void Notification.requestPermission().then((permission) => {
              if (permission === 'granted') {
                setArmed(true);
                setNote('You will be notified when it is anchored, as long as this tab stays open.');
              } else {
                setNote('Notifications are blocked for this site: allow them in the browser to be notified.');
              }
            });
          }}
        >
          Notify me when anchored
        </Button>
      )}
      {note && <span role="status">{note}</span>}
    </p>
  );
}
