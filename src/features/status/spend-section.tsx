import type { UseQueryResult } from '@tanstack/react-query';
import type { AnchorSpend } from '../../api/anchor-spend';
import { useFormatAmount } from '../../components/amount-words';
import { LoadingOrError } from '../../components/page-states';
import { RelativeTime } from '../../components/relative-time';
import { Section } from '../../components/ui/section';
import { DetailsList, Row } from './details-list';
import { RATE_WINDOW_DAYS, windowText } from './spend-summary';

/**
 * What anchoring cost the operator's wallet: the fees of today, this week, the runway's window and
 * in total, as the service summed them (`/anchor/spend`); each window names where it starts.
 */
export function SpendSection({
  spend,
  error,
  retryEveryMs,
}: {
  spend: UseQueryResult<AnchorSpend>;
  error: Error | null;
  retryEveryMs: number;
}) {
  const formatAmount = useFormatAmount();
  const s = spend.data;
  return (
    <Section title="Spending">
      <LoadingOrError query={spend} error={error} what="what anchoring cost" retryEveryMs={retryEveryMs} />
      {s && (
        <DetailsList>
          <Row label="Today (since 00:00 UTC)" testId="spend-today">
            {windowText(s.today, formatAmount)}
          </Row>
          <Row label="This week (since Monday, 00:00 UTC)" testId="spend-week">
            {windowText(s.this_week, formatAmount)}
          </Row>
          <Row label={`Last ${RATE_WINDOW_DAYS} days (the runway's window)`} testId="spend-rate-window">
            {windowText(s.last_7_days, formatAmount)}
          </Row>
          <Row label="In total" testId="spend-total">
            {windowText(s.total, formatAmount)}
            {s.total.first_anchor_at !== null && (
              <>
                , since the first anchor: <RelativeTime value={s.total.first_anchor_at} />
              </>
            )}
          </Row>
        </DetailsList>
      )}
      <p className="text-sm text-slate-700 dark:text-slate-300">
        The fees the wallet reported for each anchor, placed at its block&apos;s time.
      </p>
    </Section>
  );
}
