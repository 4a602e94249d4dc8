import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PATHS } from './paths';

/** A route whose page loads lazily from its feature folder, keeping the first page small. */
function page(path: string, load: () => Promise<ComponentType>): RouteObject {
  const lazy = async () => ({ Component: await load() });
  return path === PATHS.home ? { index: true, lazy } : { path: path.replace(/^\//, ''), lazy };
}

const leafPage = async () => (await import('../features/leaf/leaf-page')).LeafPage;
const verifyPage = async () => (await import('../features/verify/verify-page')).VerifyPage;
const walletPage = async () => (await import('../features/wallet/wallet-page')).WalletPage;

/** Every page of the app, at its address in `PATHS`. */
export const pageRoutes: RouteObject[] = [
  page(PATHS.home, async () => (await import('../features/home/home-page')).HomePage),
  page(PATHS.search, async () => (await import('../features/home/search-page')).SearchPage),
  page(PATHS.keys, async () => (await import('../features/keys/keys-page')).KeysPage),
  page(PATHS.anchor, async () => (await import('../features/anchor/anchor-page')).AnchorPage),
  page(PATHS.leaf, leafPage),
  page(`${PATHS.leaf}/:leaf`, leafPage),
  page(PATHS.verify, verifyPage),
  // Older shared links: the page turns them into `?leaf=`.
  page(`${PATHS.verify}/:leaf`, verifyPage),
  page(PATHS.memo, async () => (await import('../features/memo/memo-page')).MemoPage),
  page(PATHS.history, async () => (await import('../features/history/history-page')).HistoryPage),
  page(`${PATHS.root}/:root`, async () => (await import('../features/history/root-page')).RootPage),
  page(PATHS.stats, async () => (await import('../features/stats/stats-page')).StatsPage),
  page(PATHS.events, async () => (await import('../features/events/events-page')).EventsPage),
  page(PATHS.wallet, walletPage),
  page(`${PATHS.wallet}/:wallet`, walletPage),
  page(PATHS.status, async () => (await import('../features/status/status-page')).StatusPage),
  page(PATHS.settings, async () => (await import('../features/settings/settings-page')).SettingsPage),
];
