import { visibleText } from 'zap1';
import { RadioChoices } from '../../components/ui/radio-choices';
import type { KeyFilter, OtherKeySummary } from './key-filter';

const CHOICES: readonly { value: KeyFilter; label: (counts: { all: number; others: number }) => string }[] = [
  { value: 'all', label: ({ all }) => `All events (${all})` },
  { value: 'first', label: ({ all, others }) => `Only the first key’s (${all - others})` },
  { value: 'others', label: ({ others }) => `Only other keys’ (${others})` },
];

/**
 * One summary of the events another key than the wallet's first wrote, with a filter to show all
 * events, only the first key's, or only the others' (instead of a warning on every card).
 */
export function KeySummary({
  summary,
  total,
  firstKeyId,
  filter,
  onFilter,
}: {
  summary: OtherKeySummary;
  total: number;
  firstKeyId: string;
  filter: KeyFilter;
  onFilter: (filter: KeyFilter) => void;
}) {
  const { otherCount, otherKeyIds } = summary;
  return (
    <div
      className="space-y-2 rounded border border-amber-700 bg-amber-50 p-3 text-slate-900 dark:bg-amber-950 dark:text-amber-100"
      data-testid="other-key"
    >
      {/* Key ids are the service's text: shown with visibleText, never obeyed. */}
      <p>
        <span className="font-semibold">
          {otherCount} of {total} {total === 1 ? 'event was' : 'events were'} written by another key
        </span>{' '}
        than the one that first wrote to this wallet (
        <span className="font-mono break-all">{visibleText(firstKeyId)}</span>):{' '}
        {otherKeyIds.map((id, i) => (
          <span key={id}>
            {i > 0 && ', '}
            <span className="font-mono break-all">{visibleText(id)}</span>
          </span>
        ))}
        . Anyone may write under any pseudonym, so these need not come from whoever wrote first.
      </p>
      <fieldset className="text-sm">
        <legend className="font-medium">Show</legend>
        <RadioChoices
          choices={CHOICES.map((choice) => ({
            value: choice.value,
            label: choice.label({ all: total, others: otherCount }),
          }))}
          value={filter}
          onChange={onFilter}
        />
      </fieldset>
    </div>
  );
}
