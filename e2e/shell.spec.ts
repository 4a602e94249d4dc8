import { test, expect, expectAccessible } from './fixtures';

test('the app shell renders with the service URL and the network it anchors on', async ({ page }) => {
  await page.goto('/app/');
  await expect(page.getByRole('link', { name: 'ZAP1 Anchor' })).toBeVisible();
  await expect(page.getByTestId('service-url')).toContainText('this site');
  await expect(page.getByTestId('network-badge')).toHaveText('devnet');
  await expectAccessible(page);
});

test('the root path redirects to the app', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/app\/$/);
});
