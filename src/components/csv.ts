/**
 * CSV as spreadsheets read it (RFC 4180): fields with a comma, quote or line break are quoted, and
 * a field that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or carriage return
 * first) is prefixed with `'`, since file names and references come from whoever made the files.
 */
export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text, a header first, lines ending CRLF. */
export function csvText(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>,
): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
