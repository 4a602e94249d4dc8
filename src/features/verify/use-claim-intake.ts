/**
 * How the Verify page takes what it is given: files dropped or chosen (sorted into the claim and the
 * document, dropped-files.ts), a claim pasted or from a link, and a file taken as the document after
 * all. A new claim replaces the one held, and a document given for another leaf is set aside; every
 * such change is said in the page's notes.
 */
import { useRef, type Dispatch, type SetStateAction } from 'react';
import { claimLeaf, type HeldClaim } from './claim';
import type { DroppedNotices } from './drop-notices';
import { sortDroppedFiles } from './dropped-files';
import type { Held, useKeptInputs } from './use-kept-inputs';

/** How a held claim is named in a note: its file, else its label ("the pasted JSON"). */
const claimName = (claim: HeldClaim): string => claim.fileName ?? claim.label;

export function useClaimIntake({
  claim,
  setClaim,
  hashing,
  setNotices,
}: {
  claim: Held | null;
  setClaim: (next: Held | null) => void;
  hashing: ReturnType<typeof useKeptInputs>['hashing'];
  setNotices: Dispatch<SetStateAction<DroppedNotices>>;
}) {
  const nextId = useRef(1);
  /**
   * Holds `next` in place of what is held. The document given for another leaf's receipt is stale:
   * it is set aside (unless `withDocument`, a document coming with it), and both are said.
   */
  const replaceClaim = (next: Held | null, withDocument = false): string[] => {
    const notes: string[] = [];
    if (claim && next && claim.id !== next.id) {
      notes.push(`${claimName(next.value)} replaces ${claimName(claim.value)} as the one checked.`);
      const leaf = claimLeaf(next.value);
      const sameLeaf = leaf !== null && leaf === claimLeaf(claim.value);
      const given = hashing.state.status === 'done' || hashing.state.status === 'hashing';
      if (!withDocument && !sameLeaf && hashing.state.status !== 'idle') {
        if (given) {
          notes.push(
            `${hashing.state.fileName} was given for ${claimName(claim.value)}, so it is set aside: give the document of ${claimName(next.value)}.`,
          );
        }
        hashing.reset();
      }
    }
    setClaim(next);
    return notes;
  };
  const holdClaim = (value: HeldClaim, withDocument = false) =>
    replaceClaim({ id: `held ${Date.now()} ${nextId.current++}`, value }, withDocument);
  const takeDocument = (document: File, problems: string[]) => {
    if (document.size === 0) problems.push(`${document.name} is empty (0 bytes): there is nothing to check.`);
    else hashing.hashFile(document);
  };
  const takeFiles = (files: readonly File[]) => {
    if (files.length === 0) return;
    void sortDroppedFiles(files).then((sorted) => {
      const problems = [...sorted.problems];
      // Only a document that can be hashed takes the place of the one given before; an empty one is refused.
      const withDocument = sorted.document !== null && sorted.document.size > 0;
      const notes = sorted.claim ? holdClaim(sorted.claim, withDocument) : [];
      if (sorted.document) {
        takeDocument(sorted.document, problems);
        if (sorted.documentUnread !== null && !sorted.claim) {
          // Without a receipt beside it, a .json that is none may as well be a damaged receipt: say which it was taken for.
          (claim ? notes : problems).push(
            `${sorted.document.name} is not a readable receipt, so it is taken as the document to check. ${sorted.documentUnread}`,
          );
        }
      }
      if (
        !sorted.claim &&
        claim === null &&
        !sorted.document &&
        problems.length === 0 &&
        sorted.damaged.length === 0
      ) {
        problems.push('None of these files is a receipt or a proof bundle.');
      }
      setNotices({ problems, notes, damaged: sorted.damaged });
    });
  };
  const takeAsDocument = (chosen: File) => {
    const problems: string[] = [];
    takeDocument(chosen, problems);
    setNotices((current) => ({
      ...current,
      problems: [...current.problems, ...problems],
      damaged: current.damaged.filter(({ file: other }) => other !== chosen),
    }));
  };

  return { replaceClaim, holdClaim, takeFiles, takeAsDocument };
}
