/** The two ways into a verification: a leaf (from the service), or what a person holds (files dropped or chosen, or pasted JSON). */
import { useId, useState } from 'react';
import { visibleText } from '../../core';
import { useLeafHashDraft } from '../../components/use-leaf-hash-draft';
import { readClaimText, sortDroppedFiles, type HeldClaim } from './claim';
import { Button } from '../../components/ui/button';
import { INPUT_CLASS, PANEL_CLASS } from '../../components/ui/styles';
import { DRAGGING_CLASS, useFileDrop } from '../../components/ui/use-file-drop';
import { TextField } from '../../components/ui/field';

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
  const { draft, setDraft, problem, submit } = useLeafHashDraft(initial, onLeaf);
  return (
    <form
      className={PANEL_CLASS}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2 className="font-semibold">From the service, by leaf</h2>
      <TextField
        id={id}
        label="Leaf hash"
        value={draft}
        onChange={setDraft}
        spellCheck={false}
        placeholder="64 hex characters"
      />
      {service && (
        <p className="text-sm" data-testid="linked-service">
          Asking the service named by the link:{' '}
          <span className="break-all font-mono">{visibleText(service)}</span>
        </p>
      )}
      <Button type="submit" variant="primary">
        Fetch and verify
      </Button>
      {problem && <p className="text-sm text-slate-700 dark:text-slate-300">{problem}</p>}
    </form>
  );
}

export function ClaimSource({
  fileInputId,
  holdingClaim,
  onClaim,
  onDocument,
}: {
  /** The id of the file input, so the page can return focus to it (after Cancel). */
  fileInputId: string;
  holdingClaim: boolean;
  onClaim: (claim: HeldClaim) => void;
  onDocument: (file: File) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<string[]>([]);

  const takeFiles = (files: readonly File[]) => {
    if (files.length === 0) return;
    void sortDroppedFiles(files).then(({ claim, document, problems: found }) => {
      const next = [...found];
      if (claim) onClaim(claim);
      if (document) {
        if (document.size === 0) next.push(`${document.name} is empty (0 bytes): there is nothing to check.`);
        else onDocument(document);
      }
      if (!claim && !holdingClaim && document === null && next.length === 0) {
        next.push('None of these files is a receipt or a proof bundle.');
      }
      setProblems(next);
    });
  };
  const { dragging, dropProps } = useFileDrop(takeFiles);

  return (
    <div
      className={`${PANEL_CLASS} ${dragging ? DRAGGING_CLASS : ''}`}
      {...dropProps}
      data-testid="bundle-drop"
    >
      <h2 className="font-semibold">A receipt or bundle you have</h2>
      <label htmlFor={fileInputId} className="block text-sm font-medium">
        Choose or drop files: a receipt or proof .json, and the document itself
      </label>
      <input
        id={fileInputId}
        type="file"
        multiple
        className="block text-sm"
        onChange={(e) => {
          takeFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        With a receipt, give the document too (now or after): it is hashed here and must be the one the
        receipt names.
      </p>
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
        variant="primary"
        onClick={() => {
          const reading = readClaimText(text, 'the pasted JSON');
          if (!reading.ok) setProblems([reading.message]);
          else {
            setProblems([]);
            onClaim(reading.claim);
          }
        }}
      >
        Verify pasted JSON
      </Button>
      {problems.length > 0 && (
        <div role="alert" className="space-y-1 text-sm text-red-700 dark:text-red-300">
          {/* Problems name the dropped files: untrusted text. */}
          {problems.map((problem) => (
            <p key={problem}>{visibleText(problem)}</p>
          ))}
        </div>
      )}
    </div>
  );
}
