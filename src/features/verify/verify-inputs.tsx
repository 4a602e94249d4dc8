/** The ways into a verification besides files: a leaf from the service (beside the drop zone), or pasted JSON (under "Other ways"). */
import { useId, useState } from 'react';
import { visibleText } from 'zap1';
import { useLeafHashDraft } from '../../components/use-leaf-hash-draft';
import { readClaimText, type HeldClaim } from './claim';
import { Button } from '../../components/ui/button';
import { INPUT_CLASS, PANEL_CLASS } from '../../components/ui/styles';
import { HashField } from '../../components/ui/field';

export function LeafSource({
  initial,
  service,
  onLeaf,
}: {
  initial: string;
  service: string | null;
  onLeaf: (hex: string) => void;
}) {
  const id = useId();
  // The box follows the address's leaf (Back, Forward, a link), as the verdict below does.
  const { draft, setDraft, problem, submit } = useLeafHashDraft(initial, onLeaf);
  return (
    <form
      className={PANEL_CLASS}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2 className="font-semibold">Or check a leaf</h2>
      <HashField id={id} label="Leaf hash" value={draft} onChange={setDraft} />
      {service && (
        <p className="text-sm" data-testid="linked-service">
          Asking the service named by the link:{' '}
          <span className="break-all font-mono">{visibleText(service)}</span>
        </p>
      )}
      <Button type="submit">Fetch and verify</Button>
      {problem && <p className="text-sm text-slate-700 dark:text-slate-300">{problem}</p>}
    </form>
  );
}

/** Pasted receipt or bundle JSON (for a receipt read in an email, say). */
export function PasteSource({ onClaim }: { onClaim: (claim: HeldClaim) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className={PANEL_CLASS}>
      <h3 className="sr-only">Paste a receipt or bundle</h3>
      <label htmlFor={`${id}-text`} className="block text-sm font-medium">
        Or paste the receipt or bundle JSON
      </label>
      <textarea
        id={`${id}-text`}
        className={`${INPUT_CLASS} h-28`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        spellCheck={false}
      />
      <Button
        onClick={() => {
          const reading = readClaimText(text, 'the pasted JSON');
          if (!reading.ok) setProblem(reading.message);
          else {
            setProblem(null);
            onClaim(reading.claim);
          }
        }}
      >
        Verify pasted JSON
      </Button>
      {problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {/* The message may quote the pasted text: untrusted. */}
          {visibleText(problem)}
        </p>
      )}
    </div>
  );
}
