/**
 * This tab's sessionStorage, where pages keep drafts (the Anchor form, the Memo input, the Verify
 * page's inputs): gone with the tab, never sent anywhere. Browsers may refuse it (storage turned
 * off throws on access); then the pages work, and only their drafts are not kept.
 */

/** What a draft needs of a storage (a test gives a Map-backed one). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** This tab's session storage, or undefined when the browser refuses it. */
export function sessionStore(): DraftStorage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}
