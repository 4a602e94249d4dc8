/** The events page's page size: 25 by default; `?limit=` may ask for 1-100 (handy for short pages and tests). */
export const DEFAULT_EVENTS_PAGE_SIZE = 25;
export const MAX_EVENTS_PAGE_SIZE = 100;

export function eventsPageSize(param: string | null): number {
  if (param === null || !/^\d{1,3}$/.test(param)) return DEFAULT_EVENTS_PAGE_SIZE;
  const n = Number(param);
  return n >= 1 && n <= MAX_EVENTS_PAGE_SIZE ? n : DEFAULT_EVENTS_PAGE_SIZE;
}
