import { Fragment } from 'react';
import { Link } from 'react-router';
import { CopyButton } from './ui/copy-button';
import { visibleText } from 'zap1';
import { shortHex } from './time-format';

const LINK_CLASS = 'text-amber-800 underline dark:text-amber-300';

/**
 * A hash (leaf, root, txid, digest) as every page shows it: shortened in the middle
 * ("0123456789…abcdef") with the whole value in its title and accessible name, or written out in full
 * and wrapping (`full`); beside it a Copy button. Reaching the link or the button with the keyboard
 * also writes the whole value out below (keyboards have no hover); a mouse click does not, so the
 * button stays where the pointer is.
 * `to` links it to a page of this app, `href` to another site (the block explorer).
 * A hash is hex, but the service (or a link's path) sends it as any text: what is shown goes through
 * visibleText, while the link, the Copy button and `data-hash` keep the value as it is.
 */
export function HashText({
  value,
  what,
  to,
  href,
  hrefTitle,
  full = false,
  copy = true,
  testId,
}: {
  value: string;
  /** What the value is, in words ("leaf hash", "transaction id"): names the copy button and its messages. */
  what: string;
  to?: string;
  href?: string;
  /** The external link's title (its whole value otherwise). */
  hrefTitle?: string;
  full?: boolean;
  copy?: boolean;
  /** Test id of the element holding the value itself (not the button). */
  testId?: string;
}) {
  const shownValue = visibleText(value);
  const shortened = !full && shortHex(shownValue) !== shownValue;
  const text = shortened ? (
    <>
      <span aria-hidden="true">{shortHex(shownValue)}</span>
      <span className="sr-only">{shownValue}</span>
    </>
  ) : (
    shownValue
  );
  const textClass = `font-mono ${full ? 'break-all' : 'whitespace-nowrap'}`;
  const shown = to ? (
    <Link className={`${textClass} ${LINK_CLASS}`} to={to} title={shownValue} data-testid={testId}>
      {text}
    </Link>
  ) : href ? (
    <a
      className={`${textClass} ${LINK_CLASS}`}
      href={href}
      title={hrefTitle ?? shownValue}
      data-testid={testId}
      target="_blank"
      rel="noreferrer"
    >
      {text}
    </a>
  ) : (
    <span className={textClass} title={shownValue} data-testid={testId}>
      {text}
    </span>
  );
  return (
    <span
      className="group inline-flex max-w-full min-w-0 flex-wrap items-center gap-x-1.5 align-baseline"
      data-hash={value}
    >
      {shown}
      {copy && <CopyButton text={value} what={what} compact />}
      {shortened && (
        <span
          aria-hidden="true"
          className="hidden w-full font-mono text-xs break-all group-has-focus-visible:block"
        >
          {shownValue}
        </span>
      )}
    </span>
  );
}

/** One labelled hash of a `HashList`. */
export interface LabelledHash {
  label: string;
  value: string;
  what: string;
  testId?: string;
}

/** A short list of labelled hashes, each written out in full with its Copy button. */
export function HashList({
  hashes,
  className = '',
}: {
  hashes: readonly LabelledHash[];
  className?: string;
}) {
  return (
    <dl className={`grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 ${className}`}>
      {hashes.map(({ label, value, what, testId }) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>
            <HashText value={value} what={what} full testId={testId} />
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}
