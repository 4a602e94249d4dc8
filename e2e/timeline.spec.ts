// Issue 29 item 12 (the wallet timeline) and item 2 outside the Verify page, at a phone's width and
// a laptop's: the timeline's empty state offers this browser's own pseudonyms; events written by
// another key than the wallet's first are one summary with a filter; and the Leaf, History and
// wallet pages show the absolute UTC time first, how long ago second.
import type { APIRequestContext, Page } from '@playwright/test';
import { REVIEW_VIEWPORTS, expect, postEvent, test, trialKey, uniqueWallet, waitForAnchor } from './fixtures';

/** "26 Nov 2026, 05:57:39 UTC · 23 s ago" (or "Nov 26, 2026, …"): the date first, the age after. */
const ABSOLUTE_FIRST =
  /^(\d{1,2} [A-Z][a-z]{2} \d{4}|[A-Z][a-z]{2} \d{1,2}, \d{4}), \d\d:\d\d:\d\d UTC · (just now|.+ ago)$/;

async function deployment(request: APIRequestContext, key: string, wallet: string, serial: string) {
  return postEvent(request, key, {
    event_type: 'DEPLOYMENT',
    wallet_hash: wallet,
    serial_number: serial,
    facility_id: 'facility-e2e',
  });
}

/**
 * Keeps a submission in this browser's storage in the shape the Anchor page saves it
 * (src/features/anchor/submissions-store.ts), before the app loads.
 */
async function keepSubmission(page: Page, walletHash: string, leafHex: string): Promise<void> {
  const entry = {
    baseUrl: '',
    fileName: 'contract.pdf',
    contractSha256: 'ab'.repeat(32),
    serialNumber: 'SN-own',
    walletHash,
    leafHex,
    rootHex: null,
    status: 'created',
    submittedAt: new Date().toISOString(),
  };
  await page.addInitScript(
    (json) => {
      if (!localStorage.getItem('zap1.submissions')) localStorage.setItem('zap1.submissions', json);
    },
    JSON.stringify([entry]),
  );
}

/**
 * Chooses a filter of the key summary. Clicked, then awaited: the choice lives in the address, and
 * the router applies it a moment after the click.
 */
async function chooseFilter(page: Page, name: string): Promise<void> {
  const radio = page.getByRole('radio', { name });
  await radio.click();
  await expect(radio).toBeChecked();
}

for (const viewport of REVIEW_VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the timeline offers this browser’s own pseudonyms, and sums up other keys’ events with a filter', async ({
      page,
      request,
    }) => {
      const wallet = uniqueWallet('own');
      const firstKey = await trialKey(request);
      const otherKey = await trialKey(request);
      const first = await deployment(request, firstKey, wallet, 'SN-K1');
      const second = await deployment(request, otherKey, wallet, 'SN-K2');
      const third = await deployment(request, firstKey, wallet, 'SN-K3');
      await keepSubmission(page, wallet, first);

      // The bare page lists the pseudonym this browser submitted under, as a link to its timeline.
      await page.goto('/app/wallet');
      const own = page.getByTestId('own-pseudonyms');
      await expect(own).toContainText(/1 submission, latest/);
      await expect(page).toBeAccessible();
      await own.getByRole('link', { name: wallet }).click();
      await expect(page).toHaveURL(new RegExp(`/app/wallet/${wallet}$`));

      // One summary of the other key's events, not a line on every card.
      const items = page.getByTestId('timeline').locator('li');
      await expect(items).toHaveCount(3);
      const summary = page.getByTestId('other-key');
      await expect(summary).toHaveCount(1);
      await expect(summary).toContainText(
        '1 of 3 events were written by another key than the one that first wrote to this wallet',
      );
      await expect(items.nth(1)).toHaveAttribute('data-other-key', 'true');
      await expect(items.nth(0)).not.toHaveAttribute('data-other-key');
      await expect(page).toBeAccessible();
      await expect(page).toHaveNoSidewaysScroll({ tolerancePx: 0 });

      await chooseFilter(page, 'Only other keys’ (1)');
      await expect(page).toHaveURL(/\?keys=others$/);
      await expect(items).toHaveCount(1);
      await expect(items.first()).toHaveAttribute('data-leaf', second);
      await expect(items.first()).toContainText('2. Hardware deployment');
      await chooseFilter(page, 'Only the first key’s (2)');
      await expect(items).toHaveCount(2);
      await expect(items.nth(1)).toHaveAttribute('data-leaf', third);
      await expect(page).toBeAccessible();
      await expect(page).toBeAccessibleInDark();
      // Back undoes the filter.
      await page.goBack();
      await expect(items).toHaveCount(1);
      await chooseFilter(page, 'All events (3)');
      await expect(items).toHaveCount(3);

      // A wallet without events offers the browser's own pseudonyms instead.
      await page.goto(`/app/wallet/${uniqueWallet('typo')}`);
      await expect(page.getByText(/has no events for the wallet/)).toBeVisible();
      await expect(page.getByTestId('own-pseudonyms').getByRole('link', { name: wallet })).toBeVisible();
      await expect(page).toBeAccessible();
    });

    test('Leaf, History and wallet pages show the absolute UTC time first, the age second', async ({
      page,
      request,
    }) => {
      const wallet = uniqueWallet('times');
      const leaf = await deployment(request, await trialKey(request), wallet, 'SN-time');
      await waitForAnchor(request, leaf);

      await page.goto(`/app/leaf/${leaf}`);
      await expect(page.getByTestId('leaf-state')).toHaveText('Anchored');
      await expect(page.getByTestId('block-time')).toHaveText(ABSOLUTE_FIRST);
      await expect(page.getByTestId('block-time')).toBeInViewport();
      await expect(page).toHaveNoSidewaysScroll({ tolerancePx: 0 });
      await expect(page).toBeAccessible();

      await page.goto('/app/history');
      const firstTime = page.getByRole('main').locator('time').first();
      await expect(firstTime).toHaveText(ABSOLUTE_FIRST);
      await expect(firstTime).toBeVisible();
      await expect(page).toHaveNoSidewaysScroll({ tolerancePx: 0 });

      await page.goto(`/app/wallet/${wallet}`);
      const recorded = page.getByTestId('timeline').locator('li time').first();
      await expect(recorded).toHaveText(ABSOLUTE_FIRST);
      await expect(recorded).toBeVisible();
      await expect(page).toHaveNoSidewaysScroll({ tolerancePx: 0 });
    });
  });
}
