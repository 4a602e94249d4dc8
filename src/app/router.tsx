import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './layout';
import { RouteError } from './route-error';
import { NotFoundPage } from './not-found-page';
import { pageRoutes } from './page-routes';

function AppLoading() {
  return (
    <p role="status" className="p-6 text-slate-700 dark:text-slate-300">
      Loading…
    </p>
  );
}

/**
 * The whole route table. Pages come lazily from their feature folders, keeping the first page small.
 * A page that fails shows its error inside the frame (header and menu kept), through the pathless
 * route around the pages; the outer error element is for a frame that fails itself.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <RouteError />,
    // Shown for the moment the first page's code loads (its route is lazy).
    HydrateFallback: AppLoading,
    children: [
      {
        errorElement: <RouteError />,
        children: [...pageRoutes, { path: '*', element: <NotFoundPage /> }],
      },
    ],
  },
];

// The app is served under /app/ (vite `base`), so routes are relative to that basename.
export const router = createBrowserRouter(routes, { basename: import.meta.env.BASE_URL.replace(/\/$/, '') });
