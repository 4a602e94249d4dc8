/**
 * What the Verify page was given (the claim, the document, the block hash the person read), per
 * history entry (verify-draft.ts): taken up when the page opens on an entry, and again whenever the
 * entry changes under the mounted page (Back or Forward past a leaf looked up on the page itself, a
 * link followed within it), before anything is kept for that entry. Kept on every change, and only
 * ever under the key of the entry the inputs belong to.
 */
import { useEffect, useState } from 'react';
import { useFileHash, type FileHashState } from '../anchor/use-file-hash';
import type { HeldClaim } from './claim';
import { readVerifyDraft, writeVerifyDraft, type KeptBlockHash, type VerifyDraft } from './verify-draft';
import { useEntryKey } from './use-entry-key';

/** What is held, numbered so that a new drop (or link) is a new verification. */
export type Held = { id: string; value: HeldClaim };

/** The block hash the person read; `kept` when it came back with the entry rather than was typed just now. */
export type GivenBlockHash = KeptBlockHash & { kept?: boolean };

const IDLE: FileHashState = { status: 'idle' };

const keptBlockHash = (draft: VerifyDraft | null): GivenBlockHash | null =>
  draft?.blockHash ? { ...draft.blockHash, kept: true } : null;

/**
 * The document hasher, which can show instead a document kept for the entry (its digest, not its
 * file: `restored`), or nothing, until a file is given or it is reset.
 */
function useDocumentHash(initial: FileHashState | null) {
  const hasher = useFileHash();
  const [kept, setKept] = useState<FileHashState | null>(initial);
  const { reset } = hasher;
  // A file still being hashed for the entry left behind is stopped: its digest is not this entry's.
  useEffect(() => {
    if (kept !== null) reset();
  }, [kept, reset]);
  return {
    state: kept ?? hasher.state,
    hashFile: (file: File) => {
      setKept(null);
      hasher.hashFile(file);
    },
    cancel: hasher.cancel,
    reset: () => {
      setKept(null);
      reset();
    },
    /** Shows `document` (that of the entry come to), or nothing, in place of what was given before. */
    restore: (document: FileHashState | null) => setKept(document ?? IDLE),
  };
}

/**
 * The inputs of the current history entry at `address`. `fromLink` is what the address's fragment
 * carries, held when the entry kept nothing; `onOtherEntry` resets the page's own state (its notes)
 * when the entry changes, as the inputs are.
 */
export function useKeptInputs(address: string, fromLink: Held | null, onOtherEntry: () => void) {
  const entryKey = useEntryKey();
  const [kept] = useState(() => (entryKey === null ? null : readVerifyDraft(entryKey, address)));
  const [claim, setClaim] = useState<Held | null>(kept ? kept.claim : fromLink);
  const [blockHash, setBlockHash] = useState<GivenBlockHash | null>(keptBlockHash(kept));
  const hashing = useDocumentHash(kept?.document ?? null);

  // The entry these inputs belong to. From no key to one is this same entry being given its key
  // (use-entry-key.ts): what it holds stays. Another entry brings its own inputs, or none.
  const [entry, setEntry] = useState(entryKey);
  if (entryKey !== entry) {
    setEntry(entryKey);
    if (entry !== null) {
      const draft = entryKey === null ? null : readVerifyDraft(entryKey, address);
      setClaim(draft ? draft.claim : fromLink);
      setBlockHash(keptBlockHash(draft));
      hashing.restore(draft?.document ?? null);
      onOtherEntry();
    }
  }

  // Kept on every change (not on each hashing progress step): a file hashed is kept as its digest.
  // Storage that refuses (full, turned off) only loses the convenience: the check goes on, and the
  // page says that Back will not bring it back (`notKept`).
  const hashed = hashing.state.status === 'done' ? hashing.state : null;
  const [notKept, setNotKept] = useState(false);
  useEffect(() => {
    // Kept once the entry has a key of its own, and never under another entry's key.
    if (entryKey === null || entryKey !== entry) return;
    const written = writeVerifyDraft(entryKey, address, { claim, document: hashed ?? IDLE, blockHash });
    setNotKept(!written && (claim !== null || hashed !== null));
  }, [entryKey, entry, address, claim, hashed, blockHash]);

  return { claim, setClaim, blockHash, setBlockHash, hashing, notKept };
}
