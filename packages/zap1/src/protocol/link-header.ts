/** The cursor of a paged response's `Link` header (RFC 8288), as this project's services send it. */

/**
 * The `before` value of the `rel="next"` link of a `Link` header (RFC 8288), or null. The link
 * may be relative or absolute; only its query is read, so the configured base URL stays in charge.
 */
export function nextBeforeFromLink(header: string | null): number | null {
  if (!header) return null;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (!match) continue;
    const [, target = '', paramsText = ''] = match;
    const rels = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(paramsText)?.[1]?.toLowerCase().split(/\s+/) ?? [];
    if (!rels.includes('next')) continue;
    const queryStart = target.indexOf('?');
    if (queryStart < 0) return null;
    const before = new URLSearchParams(target.slice(queryStart + 1)).get('before');
    if (before === null || !/^\d+$/.test(before)) return null;
    const value = Number(before);
    return Number.isSafeInteger(value) && value > 0 ? value : null;
  }
  return null;
}
