// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../components/test-render';
import { lastResort, loadPage } from './page-load';
import { isFilesFailure } from './route-error';

const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/app/assets/stats-page-x.js');

function StatsPage() {
  return <h1>Statistics</h1>;
}

/** A page loader whose chunk fails until `back` is called. */
function flakyLoader() {
  let up = false;
  const load = vi.fn(async () => {
    if (!up) throw chunkError();
    return StatsPage;
  });
  return { load, back: () => (up = true) };
}

beforeEach(() => {
  vi.spyOn(lastResort, 'reload').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a page whose code could not be loaded', () => {
  it('gives a page that says so, and Reload imports the chunk again once the site is back', async () => {
    const user = userEvent.setup();
    const { load, back } = flakyLoader();
    const Page = await loadPage(load);
    renderWithProviders(<Page />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This page could not be loaded');
    expect(screen.getByRole('alert').textContent).toContain(
      "The app's files for this page could not be loaded",
    );
    expect(screen.getByTestId('page-files-failed').textContent).toMatch(/Tried .* UTC · just now\./);
    // Shown as it failed: not tried again before the person asks.
    expect(load).toHaveBeenCalledTimes(1);

    // Still down: the site does not answer either, so no full reload; it says it tried again.
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('fetch failed')));
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect((await screen.findByText(/^Tried again/)).textContent).toMatch(/UTC/);
    expect(lastResort.reload).not.toHaveBeenCalled();

    back();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistics' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(3);
    expect(lastResort.reload).not.toHaveBeenCalled();
  });

  it('tries again by itself when visited again later', async () => {
    const { load, back } = flakyLoader();
    const Page = await loadPage(load);
    renderWithProviders(<Page />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This page could not be loaded');
    cleanup();
    back();
    renderWithProviders(<Page />);
    expect(screen.getByRole('status').textContent).toBe('Loading the page…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistics' })).toBeTruthy();
    // Once loaded, it is kept: the next visit shows the page at once.
    cleanup();
    renderWithProviders(<Page />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Statistics');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reloads the whole app only as a last resort: the site answers, yet the import still fails', async () => {
    const user = userEvent.setup();
    const { load } = flakyLoader();
    const Page = await loadPage(load);
    renderWithProviders(<Page />);
    vi.stubGlobal('fetch', async () => new Response(null, { status: 200 }));
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await vi.waitFor(() => expect(lastResort.reload).toHaveBeenCalledTimes(1));
  });

  it('passes a page that loads straight through', async () => {
    const Page = await loadPage(async () => StatsPage);
    expect(Page).toBe(StatsPage);
  });
});

describe('isFilesFailure', () => {
  it("tells the app's code failing to load from a page failing while it runs", () => {
    expect(isFilesFailure(chunkError())).toBe(true);
    expect(isFilesFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isFilesFailure(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isFilesFailure('Failed to fetch dynamically imported module')).toBe(false);
  });
});
