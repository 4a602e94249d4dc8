/** What the button needs of an infinite query (useInfiniteQuery's result has all of it). */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** Loads the next (older) page of a list; shown only while the service says there is one. */
export function MorePagesButton({ list, label }: { list: PagedList; label: string }) {
  if (!list.hasNextPage) return null;
  return (
    <button
      type="button"
      className="rounded border border-slate-500 px-3 py-1.5 disabled:opacity-50"
      disabled={list.isFetchingNextPage}
      onClick={() => void list.fetchNextPage()}
    >
      {list.isFetchingNextPage ? 'Loading…' : label}
    </button>
  );
}
