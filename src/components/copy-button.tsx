import { useState } from 'react';
import { copyText } from './copy-text';

const BUTTON =
  'rounded border border-slate-400 px-3 py-1.5 text-sm hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800';

/** A Copy button that says whether it worked, and what to do when the browser offers no clipboard. */
export function CopyButton({ text, what, label = 'Copy' }: { text: string; what: string; label?: string }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <>
      <button
        type="button"
        className={BUTTON}
        onClick={() => {
          copyText(text).then(
            () => setCopied('copied'),
            () => setCopied('failed'),
          );
        }}
      >
        {label}
      </button>
      <span className="text-sm" role="status">
        {copied === 'copied'
          ? 'Copied.'
          : copied === 'failed'
            ? `Copying failed — select the ${what} and copy it by hand.`
            : ''}
      </span>
    </>
  );
}
