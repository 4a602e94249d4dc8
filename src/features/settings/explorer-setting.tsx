/**
 * The block explorer the Verify page links a block to: the person's own template, or (left empty)
 * the known explorer of the evidence's network. It is a setting of the person's, never read from a
 * receipt or a service a receipt names: a forger would point it at a page of their own.
 */
import { useId, useState } from 'react';
import { KNOWN_BLOCK_EXPLORERS, isExplorerTemplate } from 'zap1';
import { setBlockExplorer, useBlockExplorer } from '../../api/settings';
import { INPUT_CLASS } from '../../components/ui/styles';
import { Button } from '../../components/ui/button';

export function ExplorerSetting() {
  const kept = useBlockExplorer();
  const [draft, setDraft] = useState(kept ?? '');
  const [saved, setSaved] = useState(false);
  const id = useId();
  const trimmed = draft.trim();
  const problem =
    trimmed === '' || isExplorerTemplate(trimmed)
      ? null
      : 'Give an http(s) address with {height} or {hash} in it, e.g. https://explorer.example/block/{hash}';
  return (
    <form
      className="space-y-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (problem) return;
        setBlockExplorer(trimmed === '' ? null : trimmed);
        setSaved(true);
      }}
    >
      <label htmlFor={id} className="block font-medium">
        Block explorer
      </label>
      <p id={`${id}-help`} className="text-sm text-slate-700 dark:text-slate-300">
        Where the Verify page sends you to compare a block. Leave empty to use a known explorer of the block's
        network ({Object.values(KNOWN_BLOCK_EXPLORERS).join(', ')} on mainnet; none on a development chain). A
        receipt can never choose it.
      </p>
      <input
        id={id}
        type="url"
        inputMode="url"
        value={draft}
        placeholder="https://explorer.example/block/{hash}"
        aria-describedby={`${id}-help${problem ? ` ${id}-error` : ''}`}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          setSaved(false);
        }}
        className={INPUT_CLASS}
        data-testid="explorer-setting"
      />
      {problem && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={problem !== null}>
        Save the explorer
      </Button>
      {saved && (
        <p role="status" className="text-sm">
          Saved.
        </p>
      )}
    </form>
  );
}
