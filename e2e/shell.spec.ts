import { test, expect } from './fixtures';

test('the app shell renders with the service URL and the network it anchors on', async ({ page }) => {
  await page.goto('/app/');
  await expect(page.getByRole('link', { name: 'ZAP1 Anchor' })).toBeVisible();
  await expect(page.getByTestId('service-url')).toContainText('this site');
  await expect(page.getByTestId('network-badge')).toHaveText('devnet');
  await expect(page).toBeAccessible();
});

test('the root path redirects to the app', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/app\/$/);
});

test('the service says what it was built from', async ({ request }) => {
  const info = (await (await request.get('/build/info')).json()) as {
    build_assurance: { metadata_available: boolean };
    build_metadata: { build_sha256?: string; lock_file_sha256?: string };
  };
  // `npm run build` wrote the metadata the running service reports.
  expect(info.build_assurance.metadata_available).toBe(true);
  expect(info.build_metadata.build_sha256).toMatch(/^[0-9a-f]{64}$/);
  expect(info.build_metadata.lock_file_sha256).toMatch(/^[0-9a-f]{64}$/);
});

test('no page warns or errs on the console as it loads', async ({ page }) => {
  const noise: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error')
      noise.push(`${message.type()}: ${message.text()}`);
  });
  for (const path of [
    '/',
    '/anchor',
    '/verify',
    '/leaf',
    '/history',
    '/events',
    '/wallet',
    '/stats',
    '/memo',
    '/status',
    '/keys',
    '/settings',
  ]) {
    await page.goto(`/app${path === '/' ? '/' : path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(noise).toEqual([]);
});
