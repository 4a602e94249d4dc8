/** Plain words for a leaf's anchoring state and the expected wait. */
import type { AnchorStatus } from '../../api/anchor';
import { visibleText } from 'zap1';

/** "about 40 seconds", "about 3 minutes", …; null when the service does not say. */
export function formatExpectedWait(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  if (seconds < 5) return 'any moment now';
  if (seconds < 90) return `about ${Math.round(seconds)} seconds`;
  if (seconds < 90 * 60) return `about ${Math.round(seconds / 60)} minutes`;
  return `about ${Math.round(seconds / 3600)} hours`;
}

/** What the anchoring loop is doing, for someone waiting on a leaf. */
export function awaitingExplanation(status: AnchorStatus | undefined): string {
  const wait = formatExpectedWait(status?.expected_wait_s);
  const inFlight = status?.in_flight;
  if (inFlight && (inFlight.state === 'broadcast' || inFlight.state === 'confirmed')) {
    return `An anchor transaction is on its way (${inFlight.state === 'broadcast' ? 'sent, waiting to be mined' : 'mined, waiting for confirmations'}). Expected wait: ${wait ?? 'not reported by the service'}.`;
  }
  if (inFlight && inFlight.state === 'pending') {
    return `An anchor transaction is being prepared. Expected wait: ${wait ?? 'not reported by the service'}.`;
  }
  if (wait === 'any moment now') return 'The next anchor is expected any moment now.';
  if (wait) return `The next anchor is expected in ${wait}.`;
  // The service's own words: shown with visibleText, so a bidi override cannot reorder them.
  if (status?.recommendation) return `The service says: ${visibleText(status.recommendation)}.`;
  return 'The service does not say when it anchors next.';
}
