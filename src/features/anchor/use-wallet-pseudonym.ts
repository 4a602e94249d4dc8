/**
 * The anchor form's wallet pseudonym under the person's rule (wallet-pseudonym.ts): a fresh one for
 * each document unless they chose to keep using one, and whatever they typed, sent as typed.
 */
import { useState } from 'react';
import {
  keepWalletPseudonym,
  newWalletPseudonym,
  readPseudonymRule,
  startingWalletPseudonym,
  writePseudonymRule,
  type PseudonymRule,
} from './wallet-pseudonym';

export function useWalletPseudonym(draftWallet: string | undefined) {
  const [rule, setRule] = useState<PseudonymRule>(() => readPseudonymRule());
  // A draft is the same document coming back (after the Keys page, a reload): its pseudonym stays.
  const [walletHash, setWalletHash] = useState(() => draftWallet ?? startingWalletPseudonym());
  return {
    walletHash,
    setWalletHash,
    /** Whether the person chose to file their documents under one pseudonym. */
    grouped: rule === 'kept',
    setGrouped: (grouped: boolean) => {
      const next: PseudonymRule = grouped ? 'kept' : 'fresh';
      writePseudonymRule(next);
      setRule(next);
      // Grouping keeps the pseudonym shown; leaving it gives this document one of its own, since
      // the one shown may already be shared with earlier documents.
      if (grouped) keepWalletPseudonym(walletHash);
      else setWalletHash(newWalletPseudonym());
    },
    renew: () => setWalletHash(newWalletPseudonym()),
    /** On submit: while grouping, the pseudonym sent (perhaps typed) is the one the next documents use. */
    keepIfGrouped: () => {
      if (rule === 'kept') keepWalletPseudonym(walletHash);
    },
    /** The next document's pseudonym ("Anchor another contract"). */
    startNext: () => setWalletHash(startingWalletPseudonym()),
  };
}
