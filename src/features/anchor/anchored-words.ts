/**
 * What the Anchor page says once a submission is anchored, in the Verify page's words
 * ("contract.pdf existed by 26 Nov 2026, 05:57:39 UTC (block 4,000,022)"): a date is what the person
 * anchored for, a height alone says nothing to them.
 */
import { useQuery } from '@tanstack/react-query';
import { visibleText } from 'zap1';
import { anchorBlockTime, anchoredTxid, verifyCheckQueryOptions } from '../../api/verify';
import { formatNumber } from '../../components/number-words';
import { formatDateTime } from '../../components/time-format';

/**
 * "contract.pdf existed by <date, time> UTC (block N)", falling back to the block alone while its
 * time is unknown (not fetched yet, or offline); `fileName` null (a bare pasted SHA-256) reads "The
 * contract". The name is anyone's text: shown with its hidden characters visible.
 */
export function existedByWords(input: {
  fileName: string | null;
  blockTime: Date | null;
  height: number | null;
  locale?: string;
}): string {
  const what = input.fileName === null ? 'The contract' : visibleText(input.fileName);
  const block = input.height === null ? null : `block ${formatNumber(input.height)}`;
  if (input.blockTime !== null) {
    return `${what} existed by ${formatDateTime(input.blockTime, input.locale)}${block ? ` (${block})` : ''}`;
  }
  return block ? `${what} existed by ${block}` : `${what} is anchored`;
}

/** How often to ask again while the service's check does not name the anchor the proof names yet. */
const CATCH_UP_MS = 3_000;

/**
 * When the block of `txid` (the anchor a verified proof names) was mined, from the service's
 * `/verify/{leaf}/check`; null until asked, when the service does not say, or when its check names
 * another transaction (it is asked again until it names this one).
 */
export function useAnchorBlockTime(baseUrl: string, leafHex: string, txid: string | null): Date | null {
  const check = useQuery({
    ...verifyCheckQueryOptions(baseUrl, leafHex),
    enabled: txid !== null,
    refetchInterval: (query) =>
      query.state.data !== undefined && anchoredTxid(query.state.data) !== txid ? CATCH_UP_MS : false,
  });
  if (txid === null || check.data === undefined || anchoredTxid(check.data) !== txid) return null;
  return anchorBlockTime(check.data);
}
