// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixture } from '../../api/fixtures/fetch-stub';
import { renderWithProviders } from '../../components/test-render';
import { SearchPage } from './search-page';

const LEAF = 'cf9a601f4ddb36b7b80ef0de09319eee927112c73d83047b0dd1a86effb85519';

function renderAt(url: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/search" element={<SearchPage />} />
      <Route path="/leaf/:leaf" element={<p>leaf page</p>} />
    </Routes>,
    url,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SearchPage', () => {
  it('runs the search in the address and goes to the one match', async () => {
    const seen: string[] = [];
    vi.stubGlobal('fetch', async (input: string | URL) => {
      const url = String(input);
      seen.push(url);
      if (url.endsWith('/check'))
        return new Response(JSON.stringify(fixture('service-verify-check-anchored.json')), { status: 200 });
      if (url.includes('/anchor/history'))
        return new Response(JSON.stringify({ anchors: [] }), { status: 200 });
      return new Response(JSON.stringify({ error: { code: 'not_found', message: 'no such wallet' } }), {
        status: 404,
      });
    });
    renderAt(`/search?q=${LEAF.toUpperCase()}`);
    expect(await screen.findByText('leaf page')).toBeTruthy();
    expect(seen.some((u) => u.endsWith(`/verify/${LEAF}/check`))).toBe(true);
  });

  it('fills the box from the address and tells a serial number from a wallet without asking the service', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    renderAt('/search?q=has%20space');
    expect((screen.getByLabelText(/Search by leaf hash/) as HTMLInputElement).value).toBe('has space');
    expect(await screen.findByText(/“has space” looks like a serial number/)).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows only the box on a bare /search', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderAt('/search');
    expect(screen.queryByText(/Type a leaf hash/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
  });
});
