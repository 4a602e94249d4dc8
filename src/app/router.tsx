import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './layout';
import { RouteError } from './route-error';
import { NotFoundPage } from './not-found-page';
import { pageRoutes } from './page-routes';

/** The whole route table. Pages come lazily from their feature folders, keeping the first page small. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <RouteError />,
    children: [...pageRoutes, { path: '*', element: <NotFoundPage /> }],
  },
];

// The app is served under /app/ (vite `base`), so routes are relative to that basename.
export const router = createBrowserRouter(routes, { basename: import.meta.env.BASE_URL.replace(/\/$/, '') });
