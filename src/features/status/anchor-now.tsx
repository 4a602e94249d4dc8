import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { type AnchorStatus, anchorKeys, isAnchorInFlight, requestAnchorNow } from '../../api/anchor';
import { useBaseUrl } from '../../api/settings';
import { PATHS } from '../../app/paths';
import { countWords } from '../../components/number-words';
import { useFormatAmount } from '../../components/amount-words';
import { Button } from '../../components/ui/button';
import { focusWhenShown } from '../../components/ui/focus-when-shown';
import { useConfirmStep } from '../../components/ui/use-confirm-step';
import { HELP_CLASS, PANEL_CLASS } from '../../components/ui/styles';
import { visibleText } from 'zap1';
import { anchorNowErrorText, startedAnchorText } from './status-summary';
import { useOperatorKey } from './use-operator-key';

function leavesText(count: number): string {
  return countWords(count, 'leaf', 'leaves');
}

/**
 * "Anchor now" for the operator key: it spends the wallet's money, so it asks first, naming the fee
 * (what the service says one anchor costs) and what would be anchored; only "Send" starts it.
 */
export function AnchorNow({
  status,
  feeZat,
}: {
  status: AnchorStatus | undefined;
  feeZat: number | undefined;
}) {
  const baseUrl = useBaseUrl();
  const { apiKey, keyInfo } = useOperatorKey();
  const queryClient = useQueryClient();
  const { confirming, opener, ask, confirmed, cancel } = useConfirmStep();
  const headingId = useId();
  const anchorNow = useMutation({
    mutationFn: () => requestAnchorNow(baseUrl),
    onSettled: () => queryClient.invalidateQueries({ queryKey: anchorKeys.all(baseUrl) }),
  });
  const inFlight = isAnchorInFlight(status);
  const nothingToAnchor = status !== undefined && status.unanchored_leaves === 0;
  // A stated fee of zero is said as "costs nothing", not as a price of 0 ZEC.
  const formatAmount = useFormatAmount();
  const fee = feeZat !== undefined && feeZat > 0 ? formatAmount(feeZat) : null;

  if (!apiKey) {
    return (
      <p className="text-sm">
        Operators: keep your operator key on the{' '}
        <Link className="underline" to={PATHS.keys}>
          Keys page
        </Link>{' '}
        to anchor on demand.
      </p>
    );
  }
  if (keyInfo && keyInfo.tier !== 'operator') {
    return (
      <p className="text-sm">
        Your key is a {visibleText(keyInfo.tier)} key; only an operator key can start an anchor.
      </p>
    );
  }
  return (
    <div className="space-y-2">
      {!confirming && (
        <Button
          ref={opener}
          variant="primary"
          disabled={anchorNow.isPending || inFlight || nothingToAnchor || status === undefined}
          onClick={() => {
            anchorNow.reset();
            ask();
          }}
        >
          {anchorNow.isPending ? 'Starting…' : 'Anchor now'}
        </Button>
      )}
      {confirming && status && (
        <div
          role="group"
          aria-labelledby={headingId}
          className={PANEL_CLASS}
          data-testid="anchor-now-confirm"
          tabIndex={-1}
          ref={focusWhenShown}
        >
          <h3 id={headingId} className="font-semibold">
            Send an anchor now?
          </h3>
          <p className="text-sm">
            This sends one transaction from the service&apos;s wallet, anchoring the current root of{' '}
            {leavesText(status.leaf_count)} ({leavesText(status.unanchored_leaves)} not anchored yet).{' '}
            <span data-testid="anchor-fee">
              {fee
                ? `It costs the network fee of ${fee}.`
                : feeZat === 0
                  ? 'The service states that an anchor costs nothing.'
                  : 'The service does not state the fee: the wallet pays the network fee of one transaction.'}
            </span>
          </p>
          {(inFlight || nothingToAnchor) && (
            <p className={HELP_CLASS} role="status">
              {inFlight
                ? 'An anchor started meanwhile; a new one can start when it finishes.'
                : 'Every leaf was anchored meanwhile: nothing to anchor now.'}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              variant="primary"
              disabled={inFlight || nothingToAnchor}
              onClick={() => {
                confirmed();
                anchorNow.mutate();
              }}
            >
              {fee ? `Send the anchor (${fee})` : 'Send the anchor'}
            </Button>
            <Button onClick={cancel}>Cancel</Button>
          </div>
        </div>
      )}
      {inFlight && !confirming && (
        <p className={HELP_CLASS}>An anchor is in flight; a new one can start when it finishes.</p>
      )}
      {!inFlight && nothingToAnchor && !confirming && (
        <p className={HELP_CLASS} data-testid="nothing-to-anchor">
          Every leaf is anchored: nothing to anchor now.
        </p>
      )}
      <div aria-live="polite">
        {anchorNow.isError && (
          <p role="alert" className="text-red-700 dark:text-red-300" data-testid="anchor-now-error">
            {anchorNowErrorText(anchorNow.error)}
          </p>
        )}
        {anchorNow.isSuccess && (
          <p
            className="text-emerald-800 dark:text-emerald-300"
            data-testid="anchor-now-ok"
            tabIndex={-1}
            ref={focusWhenShown}
            data-state={anchorNow.data.in_flight?.state ?? 'unknown'}
          >
            {startedAnchorText(anchorNow.data.in_flight, status)}
          </p>
        )}
      </div>
    </div>
  );
}
