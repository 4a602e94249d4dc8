import type { APIRequestContext } from '@playwright/test';
import {
  REVIEW_VIEWPORTS,
  expect,
  keepKeyInBrowser,
  OPERATOR_KEY,
  postEvent,
  test,
  trialKey,
  uniqueWallet,
  waitForAnchor,
} from './fixtures';

/**
 * The operator's pages (issue 29, items 11 and 12): "Anchor now" asks before it spends, the Status
 * page leads with a banner and tells one story of the anchor in flight; Events show each event's
 * status and (to the operator) wallet, filter by status and open the leaf; History says its scheme
 * once and links each anchor to the explorer and its root page. Each at phone and desktop width.
 */

async function postContract(request: APIRequestContext, key: string, wallet: string, serial: string) {
  return postEvent(request, key, {
    event_type: 'CONTRACT_ANCHOR',
    wallet_hash: wallet,
    serial_number: serial,
    contract_sha256: 'ab'.repeat(32),
  });
}

for (const viewport of REVIEW_VIEWPORTS) {
  const { width } = viewport;
  test.describe(`at ${width} px`, () => {
    test.use({ viewport });

    test('Status: a banner leads; "Anchor now" asks with the fee, Cancel spends nothing, Send anchors', async ({
      page,
      request,
    }) => {
      // The runway is measured on the fees of recent anchors: make sure there are two.
      const history = (await (await request.get('/anchor/history')).json()) as { anchors: unknown[] };
      for (let i = history.anchors.length; i < 2; i++)
        await waitForAnchor(
          request,
          await postContract(request, await trialKey(request), uniqueWallet('pace'), `SN-P${i}`),
        );
      await keepKeyInBrowser(page, OPERATOR_KEY);
      const anchorPosts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith('/anchor/now')) anchorPosts.push(r.url());
      });
      await page.goto('/app/status');
      const banner = page.getByTestId('status-banner');
      await expect(banner).toHaveAttribute('data-health', 'healthy');
      await expect(page.getByTestId('health-verdict')).toHaveText('Healthy');
      await expect(banner.getByTestId('wallet-balance')).toHaveText(
        /^\d[\d,]*(\.\d+)? dev-ZEC · pays for about [\d,]+ more anchors at 0\.0001 dev-ZEC each$/,
      );
      await expect(banner.getByTestId('runway')).toHaveText(
        /^about .+ at the last 24 hours' rate \([\d.]+ dev-ZEC a day\)$/,
      );
      // The banner is the first thing under the title.
      const bannerBox = await banner.boundingBox();
      const anchoringBox = await page.getByRole('heading', { name: 'Anchoring' }).boundingBox();
      expect(bannerBox!.y).toBeLessThan(anchoringBox!.y);
      await expect(page).toHaveNoSidewaysScroll();
      await expect(page).toBeAccessible();
      await expect(page).toBeAccessibleInDark();

      // A quiet service first, so the anchor this test sends is its own.
      await expect(page.getByTestId('unanchored')).toHaveText('0', { timeout: 60_000 });
      await expect(page.getByTestId('anchor-due')).toHaveText('No: every leaf is anchored.');
      const key = await trialKey(request);
      // The service anchors by itself 4 s after a leaf arrives: send before it does, or see it did.
      await postContract(request, key, uniqueWallet('operator'), `SN-OP-${width}`);
      await page.reload();
      await expect(page.getByTestId('unanchored')).not.toHaveText('0');
      await page.getByRole('button', { name: 'Anchor now' }).click();
      const confirm = page.getByTestId('anchor-now-confirm');
      await expect(confirm.getByTestId('anchor-fee')).toHaveText(
        'It costs the network fee of 0.0001 dev-ZEC.',
      );
      expect(anchorPosts).toEqual([]);
      const send = confirm.getByRole('button', { name: 'Send the anchor (0.0001 dev-ZEC)' });
      if (await send.isEnabled()) {
        await send.click();
        await expect(page.getByTestId('anchor-now-ok')).toBeVisible();
        expect(anchorPosts).toHaveLength(1);
      } else {
        await expect(confirm).toContainText('An anchor started meanwhile');
        expect(anchorPosts).toEqual([]);
      }
      await expect(page.getByTestId('in-flight').locator('[data-state]')).toHaveAttribute(
        'data-state',
        'none',
        {
          timeout: 60_000,
        },
      );
      await expect(page.getByTestId('anchor-due')).toHaveText('No: every leaf is anchored.');

      // Asked again and cancelled: nothing is sent (even if the service anchors by itself meanwhile).
      await postContract(request, key, uniqueWallet('operator'), `SN-OC-${width}`);
      await page.reload();
      await expect(page.getByTestId('unanchored')).not.toHaveText('0');
      const posted = anchorPosts.length;
      await page.getByRole('button', { name: 'Anchor now' }).click();
      await expect(confirm).toBeFocused();
      await expect(page).toBeAccessible();
      await expect(page).toBeAccessibleInDark();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toHaveCount(0);
      const anchorNow = page.getByRole('button', { name: 'Anchor now' });
      // Focus returns to the button, unless an anchor started meanwhile and disabled it.
      if (await anchorNow.isEnabled()) await expect(anchorNow).toBeFocused();
      expect(anchorPosts).toHaveLength(posted);
    });

    test('Status: the anchor in flight and the attempt log tell one story', async ({ page, request }) => {
      await keepKeyInBrowser(page, OPERATOR_KEY);
      await page.goto('/app/status');
      await expect(page.getByTestId('unanchored')).toHaveText('0', { timeout: 60_000 });
      const key = await trialKey(request);
      const leaf = await postContract(request, key, uniqueWallet('story'), `SN-ST-${width}`);
      // Watch every refresh until the leaf is anchored: never "attempt 0", never "nothing attempted" beside one in flight.
      const seen: { inFlight: string; empty: boolean }[] = [];
      const watch = setInterval(() => {
        void page
          .evaluate(() => ({
            inFlight:
              document.querySelector('[data-testid="in-flight"] [data-state]')?.getAttribute('data-state') ??
              '',
            text: document.querySelector('[data-testid="in-flight"]')?.textContent ?? '',
            empty: document.querySelector('[data-testid="attempt-log-empty"]')?.textContent ?? '',
          }))
          .then((s) => {
            if (/attempt 0/.test(s.text)) seen.push({ inFlight: `bad: ${s.text}`, empty: false });
            seen.push({
              inFlight: s.inFlight,
              empty: s.inFlight !== 'none' && /No anchor has been attempted/.test(s.empty),
            });
          })
          .catch(() => undefined);
      }, 100);
      try {
        await waitForAnchor(request, leaf);
        await expect(page.getByTestId('in-flight').locator('[data-state]')).toHaveAttribute(
          'data-state',
          'none',
          {
            timeout: 60_000,
          },
        );
      } finally {
        clearInterval(watch);
      }
      expect(seen.filter((s) => s.inFlight.startsWith('bad') || s.empty)).toEqual([]);
      await expect(page.getByTestId('attempt').first()).toHaveAttribute('data-state', 'anchored');
      await expect(page).toBeAccessible();
    });

    test('Events: status and wallet columns, a status filter, rows that open their leaf', async ({
      page,
      request,
    }) => {
      const key = await trialKey(request);
      const wallet = uniqueWallet('events');
      const leaf = await postContract(request, key, wallet, `SN-EV-${width}`);
      await waitForAnchor(request, leaf);

      // The public feed: a status, no wallet.
      await page.goto('/app/events');
      const row = page.getByTestId('events-table').locator(`tr[data-leaf="${leaf}"]`);
      await expect(row.getByTestId('event-status')).toHaveAttribute('data-state', 'anchored');
      await expect(row.getByTestId('event-status')).toHaveText('anchored');
      await expect(page.getByTestId('wallets-operator-only')).toBeVisible();
      await expect(row.getByTestId('event-wallet')).toHaveCount(0);
      await expect(page).toHaveNoSidewaysScroll();
      await expect(page).toBeAccessible();
      await expect(page).toBeAccessibleInDark();

      // The operator sees who submitted it.
      await keepKeyInBrowser(page, OPERATOR_KEY);
      await page.goto('/app/events');
      await expect(row.getByTestId('event-wallet')).toHaveText(wallet);
      await expect(page.getByTestId('wallets-operator-only')).toHaveCount(0);

      // The status filter: the anchored leaf is among the anchored, not among the pending.
      await page.getByLabel('Status').selectOption('pending');
      await expect(page).toHaveURL(/status=pending/);
      await expect(row).toHaveCount(0);
      await expect(page.getByTestId('events-table').locator('[data-state="anchored"]')).toHaveCount(0);
      await expect(page).toBeAccessible();
      await expect(page).toBeAccessibleInDark();
      await page.getByLabel('Status').selectOption('anchored');
      await expect(page).toHaveURL(/status=anchored/);
      await expect(row).toBeVisible();
      await expect(page.getByTestId('events-table').locator('tbody tr[data-state="pending"]')).toHaveCount(0);
      await expect(page).toBeAccessible();

      // A click on the row (not on a link) opens the leaf.
      await row.getByText('Claimed contract anchor').click();
      await expect(page).toHaveURL(new RegExp(`/app/leaf/${leaf}$`));
    });

    test('History: the scheme once, each txid on the explorer, each root on its page', async ({
      page,
      request,
    }) => {
      const key = await trialKey(request);
      const leaf = await postContract(request, key, uniqueWallet('history'), `SN-HI-${width}`);
      const txid = await waitForAnchor(request, leaf);
      await page.goto('/app/history');
      const table = page.getByTestId('history-table');
      const row = table.locator(`tr[data-txid="${txid}"]`);
      await expect(row).toBeVisible();
      await expect(page.getByTestId('history-scheme')).toHaveText('ZAP1_COUNT_BOUND_V2');
      await expect(table.locator('td[data-label="Scheme"]')).toHaveCount(0);
      await expect(table).not.toContainText('ZAP1_COUNT_BOUND_V2');
      await expect(page.getByTestId('history-notes')).toContainText(
        'Each transaction opens on the block explorer.',
      );
      await expect(row.locator(`a[href="https://explorer.example/tx/${txid}"]`)).toBeVisible();
      await expect(page).toHaveNoSidewaysScroll();
      await expect(page).toBeAccessible();
      await expect(page).toBeAccessibleInDark();
      await row.locator('a[href^="/app/root/"]').click();
      await expect(page.getByRole('heading', { name: 'Anchored root' })).toBeVisible();
      await expect(page.getByTestId('root-leaves').locator(`a[href="/app/leaf/${leaf}"]`)).toBeVisible();
    });
  });
}
