// The design review's words: a header menu of four entries (Anchor, Verify, Explore, Operator) whose
// groups are disclosures that work by keyboard and at 390 px; "Verify a receipt"; a searched file
// name answered as one, with the file hashed to find its leaf; and heights and times written one way.
import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { REVIEW_VIEWPORTS, expect, postEvent, test, trialKey, uniqueWallet, waitForAnchor } from './fixtures';

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

for (const viewport of REVIEW_VIEWPORTS) {
  const phone = viewport.width < 640;
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the menu groups its pages under Explore and Operator, and works by keyboard', async ({ page }) => {
      await page.goto('/app/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      if (phone) {
        await nav.getByRole('button', { name: 'Menu' }).focus();
        await page.keyboard.press('Enter');
      }
      for (const name of ['Anchor', 'Verify'])
        await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
      const explore = nav.getByRole('button', { name: 'Explore' });
      const operator = nav.getByRole('button', { name: 'Operator' });
      await expect(explore).toHaveAttribute('aria-expanded', 'false');
      await expect(nav.getByRole('link', { name: 'Stats' })).toBeHidden();

      // From Verify, Tab reaches Explore; Enter opens it, and its pages follow it in the Tab order.
      await nav.getByRole('link', { name: 'Verify', exact: true }).focus();
      await page.keyboard.press('Tab');
      await expect(explore).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(explore).toHaveAttribute('aria-expanded', 'true');
      for (const name of ['Leaf', 'History', 'Events', 'Wallet', 'Stats', 'Memo']) {
        await page.keyboard.press('Tab');
        expect(await focusedText(page)).toBe(name);
      }
      await expect(page).toBeAccessible();
      await expect(page).toHaveNoSidewaysScroll({ what: 'the page with Explore open' });
      // Escape closes it and gives focus back to its button.
      await page.keyboard.press('Escape');
      await expect(explore).toHaveAttribute('aria-expanded', 'false');
      await expect(explore).toBeFocused();
      await expect(nav.getByRole('link', { name: 'Memo' })).toBeHidden();

      // Operator, next in the Tab order: Status, Keys and Settings.
      await page.keyboard.press('Tab');
      await expect(operator).toBeFocused();
      await page.keyboard.press('Space');
      await expect(operator).toHaveAttribute('aria-expanded', 'true');
      for (const name of ['Status', 'Keys', 'Settings'])
        await expect(nav.getByRole('link', { name })).toBeVisible();
      await expect(page).toHaveNoSidewaysScroll({ what: 'the page with Operator open' });
      await expect(page).toBeAccessible();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/app\/status$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Operator status' })).toBeFocused();
      // A page chosen closes the menu: the folded one on a phone, the group on a wider screen.
      if (phone)
        await expect(nav.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
      else await expect(operator).toHaveAttribute('aria-expanded', 'false');
      await expect(page).toBeAccessibleInDark();
    });

    test('a searched file name is not something the service knows: the file is hashed to find its leaf', async ({
      page,
      request,
    }) => {
      const contract = Buffer.from(`contract ${uniqueWallet('words')}\n`);
      const serial = `SN-${uniqueWallet('words')}`;
      const leaf = await postEvent(request, await trialKey(request), {
        event_type: 'CONTRACT_ANCHOR',
        wallet_hash: uniqueWallet('words'),
        serial_number: serial,
        contract_sha256: createHash('sha256').update(contract).digest('hex'),
      });
      await page.goto('/app/');
      const quick = page.getByLabel('Leaf hash, transaction id or wallet', { exact: true });
      await quick.fill('contract.pdf');
      await quick.press('Enter');
      const main = page.getByRole('main');
      await expect(
        main.getByText(/^“contract\.pdf” looks like a file’s name\. The service never sees file names/),
      ).toBeVisible();
      await expect(main).not.toContainText('No events are recorded for wallet');
      await expect(main.getByRole('heading', { name: 'Hash the file to find it' })).toBeVisible();
      await expect(
        main.getByRole('link', { name: 'drop the file and its receipt on the Verify page' }),
      ).toBeVisible();
      await expect(page).toBeAccessible();
      await expect(page).toHaveNoSidewaysScroll();

      await page
        .getByLabel('The file', { exact: true })
        .setInputFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: contract });
      await expect(page.getByTestId('leaf-from-file-source')).toHaveText(
        'Of contract.pdf, hashed in this browser.',
      );
      await page.getByLabel('Serial number').fill(serial);
      await page.getByRole('button', { name: 'Compute the leaf and look it up' }).click();
      await expect(page.getByTestId('computed-leaf-found')).toContainText(leaf);
    });
  });
}

test('"Verify a receipt", and heights and times written one way on History, a root and Stats', async ({
  page,
  request,
}) => {
  await waitForAnchor(
    request,
    await postEvent(request, await trialKey(request), {
      event_type: 'CONTRACT_ANCHOR',
      wallet_hash: uniqueWallet('words'),
      serial_number: `SN-${uniqueWallet('words')}`,
      contract_sha256: 'ef'.repeat(32),
    }),
  );
  await page.goto('/app/');
  await page.getByRole('link', { name: /^Verify a receipt/ }).click();
  await expect(page).toHaveURL(/\/app\/verify$/);

  const thousands = /^\d{1,3}(,\d{3})+$/;
  await page.goto('/app/history');
  const row = page.getByTestId('history-table').locator('tbody tr').first();
  await expect(row.locator('td').nth(1)).toHaveText(thousands);
  await expect(row.locator('td').first()).toHaveText(/^\w{3} \d{1,2}, \d{4}, \d\d:\d\d:\d\d UTC · /);
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Anchored root' })).toBeVisible();
  await expect(
    page.getByText('Height', { exact: true }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(thousands);

  await page.goto('/app/stats');
  await expect(page.getByTestId('stat-last-block')).toHaveText(thousands);
  await expect(page.getByTestId('stat-first-block')).toHaveText(thousands);
  await expect(page.getByTestId('chart-point').last()).toHaveAccessibleName(
    /^\w{3} \d{1,2}, \d{4}, \d\d:\d\d:\d\d UTC: [\d,]+ (leaf|leaves) anchored$/,
  );
  // No raw ISO time anywhere on these pages.
  await expect(page.getByRole('main')).not.toContainText(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
});
