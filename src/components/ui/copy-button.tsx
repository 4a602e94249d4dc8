import { useState } from 'react';
import { copyText } from '../copy-text';
import { Button } from './button';
import { COMPACT_BUTTON_CLASS } from './styles';

/**
 * A Copy button that says whether it worked, and what to do when the browser offers no clipboard.
 * `compact` is the small one beside a hash in running text and tables; its accessible name says what it copies.
 */
export function CopyButton({
  text,
  what,
  label = 'Copy',
  compact = false,
}: {
  text: string;
  what: string;
  label?: string;
  compact?: boolean;
}) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = () => {
    copyText(text).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    );
  };
  return (
    <>
      {compact ? (
        <button type="button" className={COMPACT_BUTTON_CLASS} aria-label={`Copy the ${what}`} onClick={copy}>
          {label}
        </button>
      ) : (
        <Button onClick={copy}>{label}</Button>
      )}
      <span className={compact ? 'text-xs' : 'text-sm'} role="status">
        {copied === 'copied'
          ? 'Copied.'
          : copied === 'failed'
            ? `Copying failed — select the ${what} and copy it by hand.`
            : ''}
      </span>
    </>
  );
}
