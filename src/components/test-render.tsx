/** Test helper for component tests: what main.tsx provides around a page, minus retries. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';

/** Renders `ui` at `url` in an in-memory router, with a fresh query client that fails at once instead of retrying. */
export function renderWithProviders(ui: ReactNode, url = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A button that goes back one entry of the router's history, as the browser's Back button does. */
export function HistoryBackButton({ label = 'Browser back' }: { label?: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      {label}
    </button>
  );
}

/** Renders `page` at `url` on the routes `path` and `path/:leaf`, with a Browser back button beside it. */
export function renderLeafPageAt(path: string, page: ReactNode, url: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path={path} element={page} />
        <Route path={`${path}/:leaf`} element={page} />
      </Routes>
      <HistoryBackButton />
    </>,
    url,
  );
}
