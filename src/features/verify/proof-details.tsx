/** The parts of a verification below the verdict: how to check the chain yourself, and recomputing a leaf from known fields. */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { protocolInfoQueryOptions } from '../../api/protocol';
import { CopyButton } from '../../components/ui/copy-button';
import { eventFieldsTemplate, recomputeLeaf, viewingKeyAdvice } from './verdict';
import { Button } from '../../components/ui/button';
import { INPUT_CLASS, PANEL_CLASS } from '../../components/ui/styles';

/** How to check the anchor on chain without the service: its viewing key, or the fact that it publishes none. */
export function ChainCheck({ rootHex, service }: { rootHex: string | null; service: string }) {
  const info = useQuery(protocolInfoQueryOptions(service));
  const advice = viewingKeyAdvice({ status: info.status, key: info.data?.anchor_viewing_key }, rootHex);
  return (
    <section aria-labelledby="chain-check-title" className={PANEL_CLASS} data-testid="chain-check">
      <h2 id="chain-check-title" className="font-semibold">
        Check the chain yourself
      </h2>
      <p className="text-sm">{advice.text}</p>
      {advice.kind === 'key' && (
        <div className="flex flex-wrap items-center gap-2">
          <code
            className="block min-w-0 break-all rounded bg-slate-100 p-2 font-mono text-xs dark:bg-slate-800"
            data-testid="viewing-key"
          >
            {advice.key}
          </code>
          <CopyButton text={advice.key} what="viewing key" label="Copy viewing key" />
        </div>
      )}
    </section>
  );
}

export function RecomputeLeaf({ leafHex, eventType }: { leafHex: string; eventType: string | null }) {
  const id = useId();
  const [text, setText] = useState(() => eventFieldsTemplate(eventType));
  const [result, setResult] = useState<ReturnType<typeof recomputeLeaf> | null>(null);
  return (
    <details className={PANEL_CLASS}>
      <summary className="cursor-pointer font-semibold">
        Recompute the leaf from event fields you know (optional)
      </summary>
      <p className="text-sm">
        If you know the event's fields (for a contract anchor: the serial number and the contract's SHA-256),
        the leaf computed from them must equal the bundle's leaf. Then the event type is proven, not just
        claimed.
      </p>
      <label htmlFor={id} className="block text-sm font-medium">
        Event fields (JSON)
      </label>
      <textarea
        id={id}
        className={`${INPUT_CLASS} h-32`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        spellCheck={false}
      />
      <Button onClick={() => setResult(recomputeLeaf(text, leafHex))}>Recompute</Button>
      {result && !result.ok && <p className="text-sm text-red-700 dark:text-red-300">{result.message}</p>}
      {result?.ok && (
        <p
          className={`text-sm ${result.matches ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'}`}
          role="status"
        >
          {result.matches ? 'Match: these fields are the leaf.' : 'No match: these fields give'}{' '}
          <code className="break-all font-mono">{result.leafHex}</code>
        </p>
      )}
    </details>
  );
}
