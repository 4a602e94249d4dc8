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

/** One page in the header menu. */
export interface MenuLink {
  to: string;
  label: string;
  /** Other addresses that belong to this page in the menu (an anchored root's page to History). */
  also?: readonly string[];
}

/** Pages the header menu folds under one button (a disclosure), so the menu stays short. */
export interface MenuGroup {
  label: string;
  items: readonly MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

export function isMenuGroup(entry: MenuEntry): entry is MenuGroup {
  return 'items' in entry;
}

/**
 * The header menu, in its order: the two tasks most people come for, then what is there to look at
 * (Explore) and what those who run the service use (Operator).
 */
export const MENU: readonly MenuEntry[] = [
  { to: PATHS.anchor, label: 'Anchor' },
  { to: PATHS.verify, label: 'Verify' },
  {
    label: 'Explore',
    items: [
      { to: PATHS.leaf, label: 'Leaf' },
      { to: PATHS.history, label: 'History', also: [PATHS.root] },
      { to: PATHS.events, label: 'Events' },
      { to: PATHS.wallet, label: 'Wallet' },
      { to: PATHS.stats, label: 'Stats' },
      { to: PATHS.memo, label: 'Memo' },
    ],
  },
  {
    label: 'Operator',
    items: [
      { to: PATHS.status, label: 'Status' },
      { to: PATHS.keys, label: 'Keys' },
      { to: PATHS.settings, label: 'Settings' },
    ],
  },
];

/** Whether `pathname` is the page `link` names, or one of its own (its leaf, its root). */
export function isMenuLinkAt(link: MenuLink, pathname: string): boolean {
  return [link.to, ...(link.also ?? [])].some((to) => pathname === to || pathname.startsWith(`${to}/`));
}

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
