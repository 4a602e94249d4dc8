/**
 * A receipt on the Verify page in two groups: what its leaf proves, and what it only states. Kept
 * apart so that nothing a receipt merely carries (a file name, a service, a field someone added)
 * reads as proven beside the fields that are.
 */
import type { Receipt, VerdictCheck } from 'zap1';
import { HashText } from '../../components/hash-text';
import { PANEL_CLASS } from '../../components/ui/styles';
import { Section } from '../../components/ui/section';
import { provenRows, statedRows, type ReceiptRow } from './receipt-rows';

function Rows({ rows, testId }: { rows: readonly ReceiptRow[]; testId: string }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]" data-testid={testId}>
      {rows.map((row) => (
        <div key={row.key} className="contents">
          <dt className="font-medium">{row.label}</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]">
            {row.hash ? <HashText value={row.value} what={row.label} full /> : row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function ReceiptFacts({
  receipt,
  checks,
  file,
}: {
  receipt: Receipt;
  checks: readonly VerdictCheck[];
  file: { name: string; restored?: boolean } | null;
}) {
  const proven = provenRows(receipt, checks, file);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section title="Proven by the leaf" className={PANEL_CLASS} headingClassName="font-semibold">
        {proven.length > 0 ? (
          <>
            <p className="text-sm">
              The event type and the fields its leaf commits to: they hash to the leaf above. Whether that
              leaf is anchored is the verdict.
            </p>
            <Rows rows={proven} testId="proven-fields" />
          </>
        ) : (
          <p className="text-sm font-medium" data-testid="nothing-proven">
            Nothing in this receipt is proven: its event check failed (see "What was checked"), so none of its
            fields can be relied on.
          </p>
        )}
      </Section>
      <div data-testid="receipt-statements">
        <Section
          title="Stated by the receipt, not proven"
          className={PANEL_CLASS}
          headingClassName="font-semibold"
        >
          <p className="text-sm">
            The receipt says these, but no hash in the proof covers them: whoever held the receipt could have
            written them.
          </p>
          <Rows rows={statedRows(receipt, checks)} testId="stated-fields" />
        </Section>
      </div>
    </div>
  );
}
