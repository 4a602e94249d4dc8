/**
 * The default `wallet_hash`: a random pseudonym kept in this browser, so a user's submissions
 * share one lifecycle without revealing anything about them (docs/architecture.md "The app, details").
 */

const PSEUDONYM_KEY = 'zap1.walletPseudonym';

/** A fresh pseudonym: "anon_" and 16 random hex digits, inside the identifier rule. */
export function newWalletPseudonym(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `anon_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The kept pseudonym, created and kept on first use. */
export function keptWalletPseudonym(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage,
): string {
  try {
    const kept = storage?.getItem(PSEUDONYM_KEY);
    if (kept && /^[A-Za-z0-9_-]{1,128}$/.test(kept)) return kept;
    const fresh = newWalletPseudonym();
    storage?.setItem(PSEUDONYM_KEY, fresh);
    return fresh;
  } catch {
    return newWalletPseudonym(); // storage disabled: a pseudonym for this visit only
  }
}

/** Replaces the kept pseudonym (the "new pseudonym" button). */
export function replaceWalletPseudonym(
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): string {
  const fresh = newWalletPseudonym();
  try {
    storage?.setItem(PSEUDONYM_KEY, fresh);
  } catch {
    // Still usable for this visit.
  }
  return fresh;
}
