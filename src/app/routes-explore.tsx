import type { RouteObject } from 'react-router';

/** Routes of the explore and operate flows: home, memo, history, stats, events, wallet, status (web app part 2). */
export const exploreRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('../features/home/home-page')).HomePage }) },
];
