/** Following a paged list's `Link: <…>; rel="next"` header, page after page. */

/** The path of a `Link: <path>; rel="next"` header, when it names one on the same service. */
export function nextLinkPath(link: string | null): string | null {
  const match = link ? /<([^>]+)>\s*;\s*rel="?next"?/.exec(link) : null;
  const target = match?.[1];
  return target && target.startsWith('/') && !target.startsWith('//') ? target : null;
}

/** A bound on pages followed, so a service that never stops naming a next page cannot loop a caller for ever. */
export const MAX_PAGES = 100_000;

/**
 * The items of every page, first page first: `page(cursor)` answers one page and the cursor of the
 * next (null at the end); a cursor seen before ends the walk (a service repeating itself).
 */
export async function* eachItem<T, C>(
  first: C,
  page: (cursor: C) => Promise<{ items: readonly T[]; next: C | null }>,
): AsyncGenerator<T, void, undefined> {
  const seen = new Set<C>();
  let cursor: C | null = first;
  for (let pages = 0; cursor !== null && pages < MAX_PAGES; pages++) {
    seen.add(cursor);
    const { items, next }: { items: readonly T[]; next: C | null } = await page(cursor);
    yield* items;
    cursor = next !== null && !seen.has(next) ? next : null;
  }
}
