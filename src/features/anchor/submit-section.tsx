import { HashText } from '../../components/hash-text';
import { Button } from '../../components/ui/button';
import { FIELD_ERROR_CLASS, HELP_CLASS } from '../../components/ui/styles';

/**
 * The form's last step: the leaf computed here (what the service must record) and Submit, which is
 * never disabled without a reason: pressed with something missing, it lists what to do.
 */
export function SubmitSection({
  leafHex,
  label,
  busy,
  problems,
}: {
  leafHex: string | null;
  /** The button's words: what pressing it does now ("Get a trial key and submit", "Submitting…"). */
  label: string;
  busy: boolean;
  /** What to do before it can be sent; shown once Submit was pressed. */
  problems: readonly string[] | null;
}) {
  return (
    <div className="space-y-2 rounded border border-slate-300 p-4 dark:border-slate-700">
      <h2 className="font-semibold">3. The leaf</h2>
      {leafHex ? (
        <>
          <p className={HELP_CLASS}>
            Computed here (BLAKE2b-256 of the reference and the contract hash). The service must record the
            same.
          </p>
          <p className="rounded bg-slate-100 p-2 text-sm dark:bg-slate-800">
            <HashText value={leafHex} what="leaf hash" full testId="local-leaf" />
          </p>
        </>
      ) : (
        <p className={HELP_CLASS}>Appears once the contract and the reference are given.</p>
      )}
      <Button type="submit" variant="primary" disabled={busy}>
        {label}
      </Button>
      {problems && problems.length > 0 && (
        <div role="alert" className={FIELD_ERROR_CLASS} data-testid="not-sent">
          <p>Not sent yet. To submit:</p>
          <ul className="list-disc pl-5">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
