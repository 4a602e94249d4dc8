/**
 * The default `wallet_hash`. A pseudonym is public: it is in every receipt filed under it, and its
 * timeline (the Wallet page) lists every contract filed under it with its serial number and time. So
 * by default each document gets a fresh pseudonym, and a receipt handed to one party leads to no other
 * contract; keeping one pseudonym for several documents is the person's choice, remembered in this
 * browser (docs/architecture.md "The app, details").
 */

const PSEUDONYM_KEY = 'zap1.walletPseudonym';
const RULE_KEY = 'zap1.pseudonymRule';

/** `fresh`: a new pseudonym for each document (the default). `kept`: one pseudonym for all of them. */
export type PseudonymRule = 'fresh' | 'kept';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

const IDENTIFIER = /^[A-Za-z0-9_-]{1,128}$/;

/** A fresh pseudonym: "anon_" and 16 random hex digits, inside the identifier rule. */
export function newWalletPseudonym(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `anon_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Storage that is full or disabled loses only what is remembered, never the form. */
function read(storage: Store | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: Store | undefined, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Still usable for this visit.
  }
}

/** The person's choice; anything but an explicit `kept` (storage is user-editable) is the private default. */
export function readPseudonymRule(storage: Store | undefined = globalThis.localStorage): PseudonymRule {
  return read(storage, RULE_KEY) === 'kept' ? 'kept' : 'fresh';
}

/** Remembers the choice for the next documents. */
export function writePseudonymRule(
  rule: PseudonymRule,
  storage: Store | undefined = globalThis.localStorage,
): void {
  write(storage, RULE_KEY, rule);
}

/** The one pseudonym kept for grouping, created and kept on first use. */
export function keptWalletPseudonym(storage: Store | undefined = globalThis.localStorage): string {
  const kept = read(storage, PSEUDONYM_KEY);
  if (kept !== null && IDENTIFIER.test(kept)) return kept;
  const fresh = newWalletPseudonym();
  write(storage, PSEUDONYM_KEY, fresh);
  return fresh;
}

/**
 * Makes `wallet` the kept pseudonym (one typed, or a new one, while grouping is chosen); a value
 * that is not a valid identifier is not kept, so the next form never starts with an invalid one.
 */
export function keepWalletPseudonym(
  wallet: string,
  storage: Store | undefined = globalThis.localStorage,
): void {
  if (IDENTIFIER.test(wallet)) write(storage, PSEUDONYM_KEY, wallet);
}

/** The pseudonym a new document starts with: the kept one when grouping is chosen, else a fresh one. */
export function startingWalletPseudonym(storage: Store | undefined = globalThis.localStorage): string {
  return readPseudonymRule(storage) === 'kept' ? keptWalletPseudonym(storage) : newWalletPseudonym();
}
