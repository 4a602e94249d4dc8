// The design review's operator items: the Status page names the development chain for what it is,
// says amounts in dev-ZEC, shows what anchoring cost today, this week and in total with a runway
// over a stated window, and, when the service stops answering, says when it was last heard from
// and dates what it still shows. At a phone's width and a laptop's.
import type { APIRequestContext, Page } from '@playwright/test';
import { REVIEW_VIEWPORTS, expect, postEvent, test, trialKey, uniqueWallet, waitForAnchor } from './fixtures';

/** Makes sure something was anchored (and paid for) on this service. */
async function anAnchor(request: APIRequestContext): Promise<void> {
  await waitForAnchor(
    request,
    await postEvent(request, await trialKey(request), {
      event_type: 'CONTRACT_ANCHOR',
      wallet_hash: uniqueWallet('spend'),
      serial_number: `SN-${uniqueWallet('spend')}`,
      contract_sha256: 'cd'.repeat(32),
    }),
  );
}

/** "0.0003 dev-ZEC · 3 anchors" as zatoshi and a count. */
function spent(text: string): { zat: number; anchors: number } {
  const match = /^([\d,]+(?:\.\d+)?) dev-ZEC · ([\d,]+) anchors?/.exec(text);
  if (!match) throw new Error(`not a spend: ${text}`);
  const [whole = '0', fraction = ''] = match[1]!.replaceAll(',', '').split('.');
  return {
    zat: Number(whole) * 100_000_000 + Number(fraction.padEnd(8, '0')),
    anchors: Number(match[2]!.replaceAll(',', '')),
  };
}

for (const viewport of REVIEW_VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('Status names devnet, says dev-ZEC, and shows the spend and a runway over its stated window', async ({
      page,
      request,
    }) => {
      await anAnchor(request);
      await page.goto('/app/status');
      await expect(page.getByTestId('devnet-note')).toContainText(
        'devnet, a development chain: not a public blockchain',
      );
      await expect(page.getByTestId('health-network')).toHaveText(
        'devnet (development chain: not a public blockchain)',
      );
      const banner = page.getByTestId('status-banner');
      await expect(banner.getByTestId('wallet-balance')).toHaveText(
        /^[\d,]+(\.\d+)? dev-ZEC · pays for about [\d,]+ more anchors at 0\.0001 dev-ZEC each$/,
      );
      // This service has anchored for less than a day: its rate is the last 24 hours', and says so.
      await expect(banner.getByTestId('runway')).toHaveText(
        /^about [\d,]+ (days|d|h|min)\b.* at the last 24 hours' rate \([\d.]+ dev-ZEC a day\)$/,
      );
      await expect(page.getByTestId('spend-today')).toHaveText(/^[\d.]+ dev-ZEC · [\d,]+ anchors?$/);
      await expect(page.getByTestId('spend-week')).toHaveText(/^[\d.]+ dev-ZEC · [\d,]+ anchors?$/);
      const total = page.getByTestId('spend-total');
      await expect(total).toHaveText(
        /^[\d.]+ dev-ZEC · [\d,]+ anchors?, since the first anchor: .+ UTC · .+$/,
      );
      // Every anchor on the development chain paid its fee of 10,000 zatoshi, and the total says so.
      const { zat, anchors } = spent((await total.textContent()) ?? '');
      expect(anchors).toBeGreaterThan(0);
      expect(zat).toBe(anchors * 10_000);
      await expect(page.getByRole('region', { name: 'Spending' })).toContainText('Today (since 00:00 UTC)');
      await expect(page).toHaveNoSidewaysScroll();
      await expect(page).toBeAccessible();
      await expect(page).toBeAccessibleInDark();

      await page.goto('/app/stats');
      await expect(page.getByTestId('stat-spent')).toHaveText(/^[\d.]+ dev-ZEC$/);
    });
  });
}

/** The service going away for this page, and coming back: every request refused while away. */
async function serviceAway(page: Page) {
  const state = { away: false };
  await page.route('**/*', (route) => (state.away ? route.abort('connectionrefused') : route.continue()));
  return { away: () => void (state.away = true), back: () => void (state.away = false) };
}

test('when the service stops answering, Status says when it was last heard from and what is as of then', async ({
  page,
  request,
}) => {
  await anAnchor(request);
  const service = await serviceAway(page);
  await page.goto('/app/status');
  const banner = page.getByTestId('status-banner');
  await expect(banner).toHaveAttribute('data-health', 'healthy');
  await expect(banner.getByTestId('wallet-balance')).toContainText('dev-ZEC');
  await expect(page.getByTestId('last-heard')).toHaveCount(0);

  service.away();
  await expect(banner.getByTestId('health-verdict')).toHaveText('This site cannot be reached', {
    timeout: 30_000,
  });
  await expect(banner.getByTestId('last-heard')).toHaveText(
    /^Last heard from the service .+ \d\d:\d\d:\d\d UTC · .+\. What follows is as of then\.$/,
  );
  await expect(banner.getByTestId('anchor-due')).toHaveText(/^As last heard: /);
  await expect(banner.getByTestId('wallet-balance')).toHaveText(/^As last heard: [\d,.]+ dev-ZEC/);
  await expect(banner).not.toContainText('Settings');
  const anchoring = page.getByRole('region', { name: 'Anchoring' });
  await expect(anchoring.getByTestId('as-of')).toHaveText(/^Shown as of the last answer: .+ UTC · .+\.$/, {
    timeout: 30_000,
  });
  await expect(page).toBeAccessible();

  service.back();
  await expect(banner).toHaveAttribute('data-health', 'healthy', { timeout: 30_000 });
  await expect(page.getByTestId('last-heard')).toHaveCount(0);
  await expect(banner.getByTestId('anchor-due')).not.toHaveText(/^As last heard/);
});
