import { useId } from 'react';
import { Button } from '../../components/ui/button';
import { focusWhenShown } from '../../components/ui/focus-when-shown';
import { PANEL_CLASS } from '../../components/ui/styles';
import { useConfirmStep } from '../../components/ui/use-confirm-step';
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
  const { confirming, opener, ask, cancel } = useConfirmStep();
  const headingId = useId();

  if (!confirming) {
    return (
      <button ref={opener} type="button" className="underline" onClick={ask}>
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
        <Button onClick={cancel}>Cancel</Button>
      </div>
    </div>
  );
}
