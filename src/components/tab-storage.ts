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

/** The JSON kept under `key`, or undefined when none is, it does not parse, or storage refuses. */
export function readStoredJson(key: string, storage: DraftStorage | undefined): unknown {
  try {
    const text = storage?.getItem(key);
    return text === null || text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** Keeps `value` as JSON under `key`; false when storage is missing, full or refuses it. */
export function writeStoredJson(key: string, value: unknown, storage: DraftStorage | undefined): boolean {
  try {
    storage?.setItem(key, JSON.stringify(value));
    return storage !== undefined;
  } catch {
    return false;
  }
}
