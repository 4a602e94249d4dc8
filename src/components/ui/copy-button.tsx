import { useState } from 'react';
import { copyText } from '../copy-text';
import { Button } from './button';

/** A Copy button that says whether it worked, and what to do when the browser offers no clipboard. */
export function CopyButton({ text, what, label = 'Copy' }: { text: string; what: string; label?: string }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <>
      <Button
        onClick={() => {
          copyText(text).then(
            () => setCopied('copied'),
            () => setCopied('failed'),
          );
        }}
      >
        {label}
      </Button>
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
