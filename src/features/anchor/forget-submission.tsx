import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { focusWhenShown } from '../../components/ui/focus-when-shown';
import { PANEL_CLASS } from '../../components/ui/styles';
import { removeSubmission, type SavedSubmission } from './submissions-store';

/**
 * "Forget" on a saved submission asks first: this browser's card is the only place its receipt can
 * be downloaded (another browser's Leaf page offers only the proof), so one mis-click must not lose
 * it. Cancel returns focus to "Forget", as the Status page's "Anchor now" does.
 */
export function ForgetSubmission({
  entry,
  onForgotten,
}: {
  entry: SavedSubmission;
  /** Called once the entry is gone, so the list can say so (the card, and its focus, go with it). */
  onForgotten: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const cancelled = useRef(false);
  // Back on "Forget" after Cancel: the button is shown again only once the question is gone.
  useEffect(() => {
    if (confirming || !cancelled.current) return;
    cancelled.current = false;
    opener.current?.focus();
  }, [confirming]);
  const headingId = useId();

  if (!confirming) {
    return (
      <button ref={opener} type="button" className="underline" onClick={() => setConfirming(true)}>
        Forget
      </button>
    );
  }
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className={`${PANEL_CLASS} basis-full`}
      data-testid="forget-confirm"
      tabIndex={-1}
      ref={focusWhenShown}
    >
      <h3 id={headingId} className="font-semibold">
        Forget this submission in this browser?
      </h3>
      <p>
        Its receipt can then no longer be downloaded here, and the Leaf page offers only the proof: download
        the receipt first if you have not kept it. The leaf stays recorded with the service.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="primary"
          onClick={() => {
            removeSubmission(entry.baseUrl, entry.leafHex);
            onForgotten();
          }}
        >
          Forget it
        </Button>
        <Button
          onClick={() => {
            cancelled.current = true;
            setConfirming(false);
          }}
        >
          Cancel
        </Button>
      </div>
    </div>
  );
}
