import { useState } from 'react';
import { normaliseHex64 } from './hash-input';

/**
 * A typed-in leaf hash (the Leaf and Verify lookups): on submit a valid hash is lowercased in the box
 * and handed to `onAccepted`; an invalid one stays as typed, with `problem` saying what is wrong.
 * The box follows `initial` (the address's leaf: Back, Forward, a link), and what was said of the
 * hash typed before goes with it; the address catching up with a hash just submitted keeps what was
 * said of that one ("Lowercased").
 */
export function useLeafHashDraft(initial: string, onAccepted: (hex: string) => void) {
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [followed, setFollowed] = useState(initial);
  if (initial !== followed) {
    setFollowed(initial);
    if (initial !== draft) {
      setDraft(initial);
      setProblem(null);
    }
  }
  const submit = () => {
    const result = normaliseHex64(draft, 'The leaf hash');
    if (!result.ok) {
      setProblem(result.message);
      return;
    }
    setProblem(result.lowercased ? 'Lowercased: leaf hashes are looked up in lowercase.' : null);
    setDraft(result.hex);
    onAccepted(result.hex);
  };
  return { draft, setDraft, problem, submit };
}
