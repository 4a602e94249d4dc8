import type { RouteObject } from 'react-router';

/** Routes of the explore and operate flows: home, memo, history, stats, events, wallet, status (web app part 2). All lazy. */
export const exploreRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('../features/home/home-page')).HomePage }) },
  {
    path: 'search',
    lazy: async () => ({ Component: (await import('../features/home/search-page')).SearchPage }),
  },
  { path: 'memo', lazy: async () => ({ Component: (await import('../features/memo/memo-page')).MemoPage }) },
  {
    path: 'history',
    lazy: async () => ({ Component: (await import('../features/history/history-page')).HistoryPage }),
  },
  {
    path: 'root/:root',
    lazy: async () => ({ Component: (await import('../features/history/root-page')).RootPage }),
  },
  {
    path: 'stats',
    lazy: async () => ({ Component: (await import('../features/stats/stats-page')).StatsPage }),
  },
  {
    path: 'events',
    lazy: async () => ({ Component: (await import('../features/events/events-page')).EventsPage }),
  },
  {
    path: 'wallet',
    lazy: async () => ({ Component: (await import('../features/wallet/wallet-page')).WalletPage }),
  },
  {
    path: 'wallet/:wallet',
    lazy: async () => ({ Component: (await import('../features/wallet/wallet-page')).WalletPage }),
  },
  {
    path: 'status',
    lazy: async () => ({ Component: (await import('../features/status/status-page')).StatusPage }),
  },
];
