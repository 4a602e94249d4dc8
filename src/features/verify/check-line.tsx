/** One check of a verification as the page lists it: its mark, its name and what was found. */
import { visibleText, type VerdictCheck } from 'zap1';

export const CHECK_NAMES: Record<VerdictCheck['name'], string> = {
  inclusion: 'Inclusion',
  anchor: 'Anchor',
  event: 'Event',
  file: 'File',
  chain: 'Chain',
  transaction: 'Transaction',
  memo: 'Memo',
  branch: 'Block inclusion',
  commitments: 'Every byte bound',
  header: 'Block header',
  work: 'Proof of work',
  block: 'Block height',
};

const CHECK_MARKS: Record<VerdictCheck['status'], string> = { pass: '✓', fail: '✗', unknown: '?' };

/**
 * A check's mark and its words for screen readers. A file given with a receipt whose leaf commits to
 * no file hash is neither the anchored file nor another one: it is outside the proof.
 */
function checkMark(check: VerdictCheck): { mark: string; words: string } {
  if (check.name === 'file' && check.status === 'unknown')
    return { mark: '–', words: 'not part of this proof' };
  return { mark: CHECK_MARKS[check.status], words: check.status === 'unknown' ? 'not known' : check.status };
}

/** A list item; its test id is `${testIdPrefix}-${check.name}`. */
export function CheckLine({
  check,
  testIdPrefix = 'check',
  detail,
}: {
  check: VerdictCheck;
  testIdPrefix?: string;
  /** The page's own words for what was found, in place of the check's detail (already visible text). */
  detail?: string;
}) {
  const { mark, words } = checkMark(check);
  return (
    <li data-testid={`${testIdPrefix}-${check.name}`} data-status={check.status}>
      <span aria-hidden="true">{mark} </span>
      <span className="font-medium">{CHECK_NAMES[check.name]}</span>
      <span className="sr-only"> ({words})</span>: {detail ?? visibleText(check.detail)}
    </li>
  );
}
