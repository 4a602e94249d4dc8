import { Link } from 'react-router';
import { ApiError } from '../api/client';
import { PATHS } from '../app/paths';

/** One way to show a failed request: what happened and what the user can do about it. */
export function ErrorNotice({ error, title }: { error: unknown; title?: string }) {
  const apiError = error instanceof ApiError ? error : null;
  const message = error instanceof Error ? error.message : 'Unknown error';
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
        <p className="mt-1 text-sm">Try again in {apiError.retryAfterS} s.</p>
      )}
    </div>
  );
}
