/**
 * The one fact chain evidence leaves open: which block is at the evidence's height. The person reads
 * that block's hash in an explorer or on their own node and enters it; the verification runs again
 * with it, and the verdict is anchored when it is the evidence's block, invalid when it is another.
 */
import { useId, useState } from 'react';
import { normaliseHex64 } from '../../components/hash-input';
import { Button } from '../../components/ui/button';
import { HashField } from '../../components/ui/field';
import { formatNumber } from '../../components/number-words';

export function BlockHashField({
  height,
  explorerLink,
  given,
  kept = false,
  onBlockHash,
  checking,
}: {
  height: number;
  /** The block on the service's explorer, when it names one. */
  explorerLink: string | null;
  /** The hash entered last, if any. */
  given: string | null;
  /** `given` was entered earlier in this tab and came back with the page, not typed just now. */
  kept?: boolean;
  onBlockHash: (hex: string) => void;
  checking: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState(given ?? '');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  return (
    <form
      className="space-y-2 rounded border border-current bg-white/60 p-3 text-slate-950 dark:bg-slate-900/60 dark:text-slate-50"
      data-testid="block-hash-form"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = normaliseHex64(draft, 'The block hash');
        if (!parsed.ok) {
          setProblem(parsed.message);
          return;
        }
        setProblem(undefined);
        setDraft(parsed.hex);
        onBlockHash(parsed.hex);
      }}
    >
      <HashField
        id={id}
        label={`Block hash at height ${formatNumber(height)}, from an explorer or your node`}
        error={problem}
        help={
          <>
            Open block {formatNumber(height)}
            {explorerLink ? (
              <>
                {' '}
                (
                <a className="underline" href={explorerLink} target="_blank" rel="noreferrer noopener">
                  on the explorer
                </a>
                )
              </>
            ) : (
              ' in any Zcash explorer'
            )}{' '}
            or ask your node (<code className="font-mono">getblockhash {height}</code>), and paste the hash it
            shows: it is compared with the evidence's block here.
          </>
        }
        value={draft}
        onChange={setDraft}
      />
      {kept && (
        <p className="text-sm" data-testid="block-hash-kept">
          Entered earlier in this tab, and used for this check: change it here if it is not the hash you read.
        </p>
      )}
      <Button type="submit" variant="primary" disabled={checking}>
        {checking ? 'Checking…' : 'Compare the block'}
      </Button>
    </form>
  );
}
