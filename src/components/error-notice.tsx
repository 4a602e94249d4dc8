import { Link } from 'react-router';
import { ApiError } from '../api/client';
import { useBaseUrl } from '../api/settings';
import { visibleText } from 'zap1';
import { PATHS } from '../app/paths';
import { askedAgainWords, waitInWords } from './time-format';
import { errorWords } from './error-words';
import { fieldProblemInWords } from './field-words';

/**
 * One way to show a failed request: what happened and what the user can do about it. A page that
 * polls passes `retryEveryMs`, so the notice says the request is tried again by itself. Settings is
 * suggested only where a setting may be wrong: never when this site itself cannot be reached.
 */
export function ErrorNotice({
  error,
  title,
  retryEveryMs,
  baseUrl,
}: {
  error: unknown;
  title?: string;
  retryEveryMs?: number;
  /** The service the request went to, when not the configured one (Settings trying a URL). */
  baseUrl?: string;
}) {
  const configured = useBaseUrl();
  const apiError = error instanceof ApiError ? error : null;
  const words = errorWords(error, baseUrl ?? configured);
  const raw = words.message;
  // The wait is said once, in words, below: not also as the service's "retry in N s".
  const waitless = apiError?.retryAfterS != null ? raw.replace(/;?\s*retry in \d+ s\.?$/i, '.') : raw;
  // A refusal that names fields is told field by field below, in the form's words, not in the wire's.
  const fields = apiError?.fields ?? [];
  const message =
    fields.length > 0
      ? fields.length === 1
        ? 'The service refused one value:'
        : `The service refused ${fields.length} values:`
      : waitless;
  return (
    <div
      role="alert"
      className="rounded border border-red-300 bg-red-50 p-3 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      {title && <p className="font-semibold">{title}</p>}
      {/* The service's words (and a field's name) are its text: shown with visibleText, never obeyed. */}
      <p>{visibleText(message)}</p>
      {words.settings !== 'none' && (
        <p className="mt-1 text-sm">
          {words.settings === 'unreachable'
            ? 'Is the service running, and is its URL right?'
            : 'Is the service URL right?'}{' '}
          <Link className="underline" to={PATHS.settings}>
            Check the service URL in Settings
          </Link>
          .
        </p>
      )}
      {fields.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-sm">
          {fields.map((f) => (
            <li key={`${f.field}:${f.message}`}>{visibleText(fieldProblemInWords(f.field, f.message))}</li>
          ))}
        </ul>
      )}
      {retryEveryMs !== undefined && (
        <p className="mt-1 text-sm" data-testid="retrying">
          {askedAgainWords(retryEveryMs)}
        </p>
      )}
      {apiError?.retryAfterS != null && (
        <p className="mt-1 text-sm" data-testid="retry-after">
          Try again in {waitInWords(apiError.retryAfterS)}.
        </p>
      )}
    </div>
  );
}
