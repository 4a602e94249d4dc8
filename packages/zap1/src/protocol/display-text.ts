/**
 * Text from receipts, bundles and file names is untrusted: shown as it is, a right-to-left override
 * turns `invoice_\u202Efdp.exe` into what reads as `invoice_exe.pdf`, and a terminal escape sequence
 * can rewrite lines a verifier already printed. Before such text is shown (the page, the printed
 * certificate, the command line), the characters that change how other characters look, or that do
 * not look like anything, are replaced by a visible `<U+XXXX>`.
 */

/**
 * C0 and C1 controls and DEL (Cc), the bidirectional embeddings, overrides, isolates and marks,
 * zero-width and invisible formatting characters, line and paragraph separators, and the byte-order
 * mark, and the invisible tag characters. Ordinary spaces are kept; so are letters of every script,
 * emoji and their joiners (U+200D is needed by emoji sequences, and on its own it changes nothing
 * that reads differently).
 */
const HIDDEN_OR_REORDERING =
  // eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
  /[\u0000-\u001F\u007F-\u009F\u00AD\u061C\u115F\u1160\u180E\u200B\u200C\u200E\u200F\u2028-\u202E\u2060-\u2069\u3164\uFEFF\uFFA0\uFFF9-\uFFFB\u{E0000}-\u{E007F}]/gu;

/** `text` with every hidden or reordering character shown as `<U+XXXX>` (so nothing is lost, and nothing is hidden). */
export function visibleText(text: string): string {
  return text.replace(
    HIDDEN_OR_REORDERING,
    (char) => `<U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`,
  );
}

/** Whether `text` holds a character `visibleText` would replace. */
export function hasHiddenCharacters(text: string): boolean {
  HIDDEN_OR_REORDERING.lastIndex = 0;
  const found = HIDDEN_OR_REORDERING.test(text);
  HIDDEN_OR_REORDERING.lastIndex = 0;
  return found;
}

/**
 * Any value read from untrusted JSON, for a message: a string as `visibleText` shows it, a number,
 * boolean or null as written, and an array or object by its kind only. Never calls the value's own
 * `toString` (hostile JSON can name one that throws) and never walks into it (it can nest deeply).
 */
export function shownJsonValue(value: unknown): string {
  if (typeof value === 'string') return visibleText(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (value === undefined) return 'missing';
  return Array.isArray(value) ? 'an array' : 'an object';
}

/**
 * Any value read from untrusted JSON as compact JSON for a line of text, cut at `maxChars` and at
 * six levels of nesting (`[…]`, `{…}`): a receipt's field may nest half a million levels deep, which
 * `JSON.stringify` would overflow the stack on. Text in it is shown with `visibleText` by the caller.
 */
export function jsonPreview(value: unknown, maxChars = 400): string {
  let out = '';
  const full = () => out.length > maxChars;
  const write = (item: unknown, depth: number): void => {
    if (typeof item === 'string')
      out += JSON.stringify(item.length > maxChars ? item.slice(0, maxChars) : item);
    else if (typeof item === 'number' || typeof item === 'boolean' || item === null) out += String(item);
    else if (typeof item !== 'object') out += 'null';
    else if (depth >= 6) out += Array.isArray(item) ? '[…]' : '{…}';
    else if (Array.isArray(item)) {
      out += '[';
      for (let i = 0; i < item.length && !full(); i++) {
        if (i > 0) out += ',';
        write(item[i], depth + 1);
      }
      out += ']';
    } else {
      out += '{';
      let first = true;
      for (const [key, child] of Object.entries(item)) {
        if (full()) break;
        out += `${first ? '' : ','}${JSON.stringify(key)}:`;
        first = false;
        write(child, depth + 1);
      }
      out += '}';
    }
  };
  write(value, 0);
  return full() ? `${out.slice(0, maxChars)}…` : out;
}
