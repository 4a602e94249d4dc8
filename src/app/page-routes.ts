import type { RouteObject } from 'react-router';
import { loadPage, type PageLoader } from './page-load';
import { whenNoHeavyWork } from './heavy-work';
import { PATHS } from './paths';

const loaders = new Set<PageLoader>();

/**
 * A route whose page loads lazily from its feature folder, keeping the first page small. Its load
 * never fails (loadPage): a chunk that cannot be fetched gives a page that says so and retries.
 */
function page(path: string, load: PageLoader): RouteObject {
  loaders.add(load);
  const lazy = async () => ({ Component: await loadPage(load) });
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

/**
 * Fetches every page's code, one chunk after another, so that moving between pages needs nothing
 * more from the site: a site that goes down after the first page still lets the person move about
 * the app (each page then says what its service does not answer). A chunk that fails is left to its
 * route, which retries when visited. Resolves once all were tried.
 */
export async function prefetchPages(): Promise<void> {
  for (const load of loaders) {
    // Never beside a file being hashed: the page waits for that, not for this.
    await whenNoHeavyWork();
    try {
      await load();
    } catch {
      // Tried again when its page is visited (loadPage).
    }
  }
}
