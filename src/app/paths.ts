/**
 * The app's pages and their addresses, in one table: the router is built from it, the header's menu
 * lists it, and every link into a page is made by the functions below, so an address changes in one
 * place. Paths are relative to the app's base (`/app/`).
 */
export const PATHS = {
  home: '/',
  search: '/search',
  anchor: '/anchor',
  verify: '/verify',
  leaf: '/leaf',
  history: '/history',
  root: '/root',
  events: '/events',
  wallet: '/wallet',
  stats: '/stats',
  memo: '/memo',
  status: '/status',
  keys: '/keys',
  settings: '/settings',
} as const;

/** The header menu, in its order. */
export const MENU: readonly { to: string; label: string }[] = [
  { to: PATHS.anchor, label: 'Anchor' },
  { to: PATHS.verify, label: 'Verify' },
  { to: PATHS.leaf, label: 'Leaf' },
  { to: PATHS.history, label: 'History' },
  { to: PATHS.events, label: 'Events' },
  { to: PATHS.wallet, label: 'Wallet' },
  { to: PATHS.stats, label: 'Stats' },
  { to: PATHS.memo, label: 'Memo' },
  { to: PATHS.status, label: 'Status' },
  { to: PATHS.keys, label: 'Keys' },
  { to: PATHS.settings, label: 'Settings' },
];

export function leafPath(leafHex: string): string {
  return `${PATHS.leaf}/${leafHex}`;
}

export function rootPath(rootHex: string): string {
  return `${PATHS.root}/${rootHex}`;
}

export function walletPath(wallet: string): string {
  return `${PATHS.wallet}/${encodeURIComponent(wallet)}`;
}

/** The Verify page loading this leaf's proof (from `service` when given, else the configured one). */
export function verifyLeafPath(leafHex: string, service?: string): string {
  const query = new URLSearchParams({ leaf: leafHex, ...(service ? { service } : {}) });
  return `${PATHS.verify}?${query.toString()}`;
}

export function searchPath(query: string): string {
  return `${PATHS.search}?q=${encodeURIComponent(query)}`;
}
