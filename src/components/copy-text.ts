/** Clipboard writes that fail politely: `navigator.clipboard` is missing on plain-HTTP pages and in some browsers. */

/** Minimal view of the Clipboard API, so tests can pass their own. */
export interface ClipboardLike {
  writeText(text: string): Promise<void>;
}

function browserClipboard(): ClipboardLike | undefined {
  // Typed as always present, but undefined outside secure contexts: check before use.
  return typeof navigator === 'undefined' ? undefined : (navigator.clipboard as ClipboardLike | undefined);
}

/** Copies `text`; rejects (never throws synchronously) when there is no clipboard or the write is refused. */
export async function copyText(
  text: string,
  clipboard: ClipboardLike | undefined = browserClipboard(),
): Promise<void> {
  if (!clipboard || typeof clipboard.writeText !== 'function')
    throw new Error('No clipboard is available here.');
  await clipboard.writeText(text);
}
