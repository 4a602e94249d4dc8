import { NavLink, Outlet } from 'react-router';
import { NetworkBadge } from '../components/network-badge';
import { ThemeToggle } from '../components/theme-toggle';
import { useBaseUrl } from '../api/settings';

const NAV: { to: string; label: string }[] = [
  { to: '/anchor', label: 'Anchor' },
  { to: '/verify', label: 'Verify' },
  { to: '/history', label: 'History' },
  { to: '/events', label: 'Events' },
  { to: '/stats', label: 'Stats' },
  { to: '/memo', label: 'Memo' },
  { to: '/status', label: 'Status' },
  { to: '/keys', label: 'Key' },
  { to: '/settings', label: 'Settings' },
];

export function Layout() {
  const baseUrl = useBaseUrl();
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
          <span className="ml-auto">
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
      <main id="main" className="mx-auto max-w-6xl px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}
