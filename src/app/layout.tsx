import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { NetworkBadge } from '../components/network-badge';
import { ThemeToggle } from '../components/theme-toggle';
import { useBaseUrl, serviceName } from '../api/settings';
import { MainMenu } from './main-menu';
import { PATHS } from './paths';
import { SearchForm } from '../features/home/search-form';
import { AppUpdateNotice } from './update-notice';

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
          <NavLink to={PATHS.home} className="text-lg font-bold tracking-tight">
            ZAP1 Anchor
          </NavLink>
          <NetworkBadge />
          <NavLink
            to={PATHS.settings}
            className="truncate text-xs text-slate-700 underline-offset-2 hover:underline dark:text-slate-300"
            title="Service URL (change it in Settings)"
            data-testid="service-url"
          >
            Service: {serviceName(baseUrl)}
          </NavLink>
          <span className="ml-auto flex w-full min-w-0 items-center gap-2 sm:w-auto">
            <SearchForm look="compact" />
            <ThemeToggle />
          </span>
          <MainMenu />
        </div>
        <AppUpdateNotice />
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
