// The design review's outage: the person moves about the app while the site (which serves the app
// and its service) is down, then it comes back. The header stays, a page whose code could not be
// fetched says so inside the frame with "Reload", which brings the page back without reloading the
// app, and pages whose code was prefetched still open, saying the site cannot be reached.
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';

/** The site going down and up for this page: every request refused while down. */
async function outage(page: Page, options: { refuse?: RegExp } = {}) {
  const state = { down: false, refuse: options.refuse ?? null };
  await page.route('**/*', async (route: Route) => {
    const url = route.request().url();
    if (state.down || (state.refuse && state.refuse.test(url))) return route.abort('connectionrefused');
    return route.continue();
  });
  return {
    down: () => void (state.down = true),
    up: () => {
      state.down = false;
      state.refuse = null;
    },
  };
}

async function expectFrame(page: Page) {
  await expect(page.getByRole('link', { name: 'ZAP1 Anchor' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached();
}

test('a page whose code cannot be fetched says so inside the frame, and Reload brings it back once the site is up', async ({
  page,
}) => {
  // The Statistics page's code was never fetched (the site went down before the prefetch reached it).
  const site = await outage(page, { refuse: /\/app\/assets\/stats-page-[^/]*\.js$/ });
  await page.goto('/app/');
  await expectFrame(page);
  // Marks this load of the app: a full reload would clear it.
  await page.evaluate(() => ((window as unknown as { sameLoad: boolean }).sameLoad = true));

  site.down();
  await page.getByRole('main').getByRole('link', { name: 'statistics', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/stats$/);
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeVisible();
  await expect(page.getByTestId('page-files-failed')).toContainText(
    "The app's files for this page could not be loaded",
  );
  await expect(page.getByText(/Failed to fetch dynamically imported module/)).toHaveCount(0);
  await expectFrame(page);
  await expect(page).toBeAccessible();

  // Still down: Reload says it tried again, and the frame stays.
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByTestId('page-files-failed')).toContainText('Tried again');
  await expectFrame(page);

  site.up();
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
  await expect(page.getByTestId('stat-leaves')).toBeVisible();
  await expectFrame(page);
  // The chunk was imported again: the app was not reloaded.
  expect(await page.evaluate(() => (window as unknown as { sameLoad?: boolean }).sameLoad)).toBe(true);
  await expect(page).toBeAccessibleInDark();
});

test('after the first page every page is prefetched: with the site down, pages still open and say the site cannot be reached', async ({
  page,
}) => {
  const site = await outage(page);
  const prefetched = page.waitForRequest(/\/app\/assets\/status-page-[^/]*\.js$/);
  await page.goto('/app/');
  await prefetched;
  await page.waitForLoadState('networkidle');

  site.down();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Operator' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Status' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Operator status' })).toBeVisible();
  await expectFrame(page);
  const banner = page.getByTestId('status-banner');
  await expect(banner.getByTestId('health-verdict')).toHaveText('This site cannot be reached', {
    timeout: 30_000,
  });
  await expect(banner).not.toContainText('Settings');
  await expect(page.getByRole('main').getByRole('link', { name: /Settings/ })).toHaveCount(0);

  site.up();
  await expect(banner).toHaveAttribute('data-health', 'healthy', { timeout: 30_000 });
  await expectFrame(page);
});
