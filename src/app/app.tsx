import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { useEffect, useState } from 'react';
import { createQueryClient } from './query-client';
import { prefetchPages } from './page-routes';
import { router } from './router';

/** Runs `task` when the browser is idle (or soon, where it cannot say), so it never slows the first page. */
function whenIdle(task: () => void): () => void {
  if (typeof globalThis.requestIdleCallback === 'function') {
    const id = globalThis.requestIdleCallback(task, { timeout: 5_000 });
    return () => globalThis.cancelIdleCallback(id);
  }
  const id = setTimeout(task, 1_000);
  return () => clearTimeout(id);
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  // After the first page, every other page's code: moving about then needs nothing from the site.
  useEffect(() => whenIdle(() => void prefetchPages()), []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
