/**
 * This browser's own wallet pseudonyms on one service, read from the submissions the Anchor page
 * keeps here, so the wallet page can offer them instead of an empty box.
 */
import type { SavedSubmission } from '../anchor/submissions-store';

export interface OwnPseudonym {
  wallet: string;
  /** Submissions saved in this browser under it. */
  submissions: number;
  /** When the latest of them was submitted (as saved). */
  latestAt: string;
}

/**
 * Each pseudonym once, the most recently used first; only submissions to `baseUrl` count. `saved` is
 * newest first (as the store keeps it), so a pseudonym's first entry is its latest.
 */
export function ownPseudonyms(saved: readonly SavedSubmission[], baseUrl: string): OwnPseudonym[] {
  const byWallet = new Map<string, OwnPseudonym>();
  for (const entry of saved) {
    if (entry.baseUrl !== baseUrl) continue;
    const known = byWallet.get(entry.walletHash);
    if (known) known.submissions += 1;
    else
      byWallet.set(entry.walletHash, {
        wallet: entry.walletHash,
        submissions: 1,
        latestAt: entry.submittedAt,
      });
  }
  return [...byWallet.values()];
}
