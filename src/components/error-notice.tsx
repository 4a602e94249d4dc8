import { Link } from 'react-router';
import { ApiError } from '../api/client';
import { PATHS } from '../app/paths';
import { waitInWords } from './time-format';

/** One way to show a failed request: what happened and what the user can do about it. */
export function ErrorNotice({ error, title }: { error: unknown; title?: string }) {
  const apiError = error instanceof ApiError ? error : null;
  const raw = error instanceof Error ? error.message : 'Unknown error';
  // The wait is said once, in words, below: not also as the service's "retry in N s".
  const message = apiError?.retryAfterS != null ? raw.replace(/;?\s*retry in \d+ s\.?$/i, '.') : raw;
  return (
    <div
      role="alert"
      className="rounded border border-red-300 bg-red-50 p-3 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      {title && <p className="font-semibold">{title}</p>}
      <p>{message}</p>
      {apiError?.pointsAtSettings && (
        <p className="mt-1 text-sm">
          {apiError.isUnreachable
            ? 'Is the service running, and is its URL right?'
            : 'Is the service URL right?'}{' '}
          <Link className="underline" to={PATHS.settings}>
            Check the service URL in Settings
          </Link>
          .
        </p>
      )}
      {apiError && apiError.fields.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-sm">
          {apiError.fields.map((f) => (
            <li key={`${f.field}:${f.message}`}>{f.message}</li>
          ))}
        </ul>
      )}
      {apiError?.retryAfterS != null && (
        <p className="mt-1 text-sm" data-testid="retry-after">
          Try again in {waitInWords(apiError.retryAfterS)}.
        </p>
      )}
    </div>
  );
}
