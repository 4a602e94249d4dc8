import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { NetworkBadge } from '../components/network-badge';
import { ThemeToggle } from '../components/theme-toggle';
import { useBaseUrl } from '../api/settings';

const NAV: { to: string; label: string }[] = [
  { to: '/anchor', label: 'Anchor' },
  { to: '/verify', label: 'Verify' },
  { to: '/leaf', label: 'Leaf' },
  { to: '/history', label: 'History' },
  { to: '/events', label: 'Events' },
  { to: '/wallet', label: 'Wallet' },
  { to: '/stats', label: 'Stats' },
  { to: '/memo', label: 'Memo' },
  { to: '/status', label: 'Status' },
  { to: '/keys', label: 'Key' },
  { to: '/settings', label: 'Settings' },
];

/**
 * After a client-side navigation, moves focus to the new page's heading (or #main), so keyboard and
 * screen-reader users start at the content rather than at the link they used. Not on first load:
 * the browser already starts at the top.
 */
function useFocusOnNavigation(mainRef: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = mainRef.current;
    if (!main) return;
    const heading = main.querySelector('h1');
    const target = heading ?? main;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
  }, [pathname, mainRef]);
}

/** A compact search in the header: goes to /search?q=…, which runs it. */
function HeaderSearch() {
  const id = useId();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  return (
    <form
      role="search"
      aria-label="Quick search"
      className="flex w-full min-w-0 gap-1 sm:w-auto"
      onSubmit={(event) => {
        event.preventDefault();
        const q = query.trim();
        if (q === '') return;
        setQuery('');
        void navigate(`/search?q=${encodeURIComponent(q)}`);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Leaf hash, transaction id or wallet
      </label>
      <input
        id={id}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder="Leaf, txid or wallet"
        spellCheck={false}
        autoComplete="off"
        className="min-w-0 flex-1 rounded border border-slate-400 bg-white px-2 py-1 font-mono text-sm sm:w-56 dark:border-slate-600 dark:bg-slate-900"
      />
      <button
        type="submit"
        className="rounded border border-slate-500 px-2 py-1 text-sm hover:bg-slate-200 dark:hover:bg-slate-800"
      >
        Go
      </button>
    </form>
  );
}

export function Layout() {
  const baseUrl = useBaseUrl();
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNavigation(mainRef);
  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:p-2 focus:text-slate-900"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <NavLink to="/" className="text-lg font-bold tracking-tight">
            ZAP1 Anchor
          </NavLink>
          <NetworkBadge />
          <NavLink
            to="/settings"
            className="truncate text-xs text-slate-700 underline-offset-2 hover:underline dark:text-slate-300"
            title="Service URL (change it in Settings)"
            data-testid="service-url"
          >
            Service: {baseUrl || 'this site'}
          </NavLink>
          <span className="ml-auto flex w-full min-w-0 items-center gap-2 sm:w-auto">
            <HeaderSearch />
            <ThemeToggle />
          </span>
          <nav aria-label="Main" className="w-full">
            <ul className="flex flex-wrap gap-1 text-sm">
              {NAV.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    className={({ isActive }) =>
                      `block rounded px-2 py-1 ${
                        isActive
                          ? 'bg-amber-200 font-semibold text-slate-900 dark:bg-amber-700 dark:text-white'
                          : 'hover:bg-slate-200 dark:hover:bg-slate-800'
                      }`
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
      <main
        id="main"
        ref={mainRef}
        className="mx-auto max-w-6xl px-4 py-6 focus:outline-none [&_h1:focus]:outline-none"
      >
        <Outlet />
      </main>
    </div>
  );
}
