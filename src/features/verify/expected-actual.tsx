/**
 * A document that is not the expected one, as two rows: the SHA-256 expected and the SHA-256 of the
 * file hashed here, with the characters that differ marked. Marked not by colour alone: the marks
 * are underlined and bold, and a sentence counts them and says where the first is.
 */
import { visibleText } from 'zap1';
import { CopyButton } from '../../components/ui/copy-button';

/** Runs of equal and differing characters of `value` against `other` (compared position by position). */
export function diffRuns(value: string, other: string): { text: string; differs: boolean }[] {
  const runs: { text: string; differs: boolean }[] = [];
  for (let i = 0; i < value.length; i++) {
    const differs = value[i] !== other[i];
    const last = runs[runs.length - 1];
    if (last && last.differs === differs) last.text += value[i];
    else runs.push({ text: value[i]!, differs });
  }
  return runs;
}

/** How many positions differ, and the first (1-based), or null when none do. */
export function differences(a: string, b: string): { count: number; first: number | null } {
  let count = 0;
  let first: number | null = null;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) {
      count++;
      first ??= i + 1;
    }
  }
  return { count, first };
}

/** `value` in groups of eight (so a row wraps between groups), the characters differing from `other` marked. */
function MarkedHash({ value, other, testId }: { value: string; other: string; testId: string }) {
  const groups: string[] = [];
  for (let i = 0; i < value.length; i += 8) groups.push(value.slice(i, i + 8));
  return (
    <code className="font-mono text-sm" data-testid={testId} data-hash={value}>
      {groups.map((group, index) => (
        <span key={index} className="mr-1.5 inline-block whitespace-nowrap">
          {diffRuns(group, other.slice(index * 8, index * 8 + 8)).map((run, runIndex) =>
            run.differs ? (
              <mark
                key={runIndex}
                className="bg-red-200 font-bold text-red-950 underline decoration-2 underline-offset-2 dark:bg-red-900 dark:text-red-50"
              >
                {run.text}
              </mark>
            ) : (
              <span key={runIndex}>{run.text}</span>
            ),
          )}
        </span>
      ))}
    </code>
  );
}

/** One side's row: its label, its hash with what differs from the other side marked, and a copy button. */
function HashRow({
  label,
  side,
  value,
  other,
  copyText,
}: {
  label: string;
  side: 'expected' | 'actual';
  value: string;
  other: string;
  /** What is copied: the value itself, not the shown text with hidden characters written out. */
  copyText: string;
}) {
  return (
    <>
      <dt className="font-medium">{label}</dt>
      <dd className="min-w-0" data-testid={`${side}-row`}>
        <span className="flex flex-wrap items-center gap-2">
          <MarkedHash value={value} other={other} testId={`${side}-hash`} />
          <CopyButton text={copyText} what={`${side} SHA-256`} compact />
        </span>
      </dd>
    </>
  );
}

export function ExpectedActual({
  expected,
  expectedLabel,
  actual,
  actualLabel,
}: {
  /** The SHA-256 expected: a proven receipt's contract hash, or the link's. */
  expected: string;
  expectedLabel: string;
  actual: string;
  actualLabel: string;
}) {
  // The expected value is the receipt's or the link's text: shown with hidden characters written out.
  const shownExpected = visibleText(expected);
  const diff = differences(shownExpected, actual);
  return (
    <div className="space-y-2" data-testid="expected-actual">
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <HashRow
          label={expectedLabel}
          side="expected"
          value={shownExpected}
          other={actual}
          copyText={expected}
        />
        <HashRow label={actualLabel} side="actual" value={actual} other={shownExpected} copyText={actual} />
      </dl>
      {diff.count > 0 && (
        <p className="text-sm" data-testid="difference-count">
          {diff.count} of {Math.max(shownExpected.length, actual.length)} characters differ (marked,
          underlined and bold), the first at position {diff.first}.
        </p>
      )}
    </div>
  );
}
