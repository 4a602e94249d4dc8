import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Response } from '@playwright/test';
import { openDetails } from './auditor-support';
import { expect, OPERATOR_KEY, postEvent, test, trialKey, uniqueWallet } from './fixtures';

async function anchorLeaf(request: APIRequestContext, key: string): Promise<string> {
  return postEvent(request, key, {
    event_type: 'CONTRACT_ANCHOR',
    wallet_hash: uniqueWallet('quality'),
    serial_number: `Q-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
    contract_sha256: Array.from(
      { length: 64 },
      () => '0123456789abcdef'[Math.floor(Math.random() * 16)],
    ).join(''),
  });
}

test('a service URL that does not answer sends the user to Settings, and resetting it restores the service', async ({
  page,
}) => {
  await page.goto('/app/settings');
  await expect(page.getByTestId('settings-network')).toHaveText('devnet');
  await expect(page).toHaveTitle('Settings · ZAP1 Anchor');
  await expect(page).toBeAccessible();

  await page.getByLabel('Service base URL').fill('http://127.0.0.1:1');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('service-url')).toContainText('http://127.0.0.1:1');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Explore' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stats' }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Check the service URL in Settings' }).first()).toBeVisible({
    timeout: 15_000,
  });
  await expect(main.getByText(/could not be reached/).first()).toBeVisible();
  // Another origin that fails as a refused cross-origin call does: the message says CORS and the way round it.
  await expect(main.getByText('UPSTREAM_URL=http://127.0.0.1:1 npm start').first()).toBeVisible();

  await main.getByRole('link', { name: 'Check the service URL in Settings' }).first().click();
  await page.getByRole('button', { name: 'Use this site' }).click();
  await expect(page.getByTestId('service-url')).toContainText('this site');
  await expect(page.getByTestId('settings-network')).toHaveText('devnet');
});

test('a service URL that answers a web page (the app itself) says it is not a ZAP1 service', async ({
  page,
  baseURL,
}) => {
  await page.goto('/app/settings');
  await page.getByLabel('Service base URL').fill(`${baseURL ?? ''}/app`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const service = page.locator('[aria-live]').filter({ has: page.getByRole('heading', { name: 'Service' }) });
  await expect(service.getByText(/does not look like a ZAP1 service/)).toBeVisible();
  await expect(service.getByText(/should not end in \/app/)).toBeVisible();
  await expect(service.getByRole('link', { name: 'Check the service URL in Settings' })).toBeVisible();
  await expect(service).not.toContainText('<');
  await page.getByRole('button', { name: 'Use this site' }).click();
  await expect(page.getByTestId('settings-network')).toHaveText('devnet');
});

test('bare pages and search are accessible, and /search?q= runs the search', async ({ page, request }) => {
  for (const [path, title] of [
    ['/app/leaf', 'Leaf · ZAP1 Anchor'],
    ['/app/verify', 'Verify a receipt · ZAP1 Anchor'],
    ['/app/search', 'Search · ZAP1 Anchor'],
    ['/app/settings', 'Settings · ZAP1 Anchor'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(title);
    await expect(page).toBeAccessible();
  }

  // A search in the address runs by itself: a value no wallet can be called is read as a serial
  // number, and the page says the service does not search by those, without asking it.
  await page.goto('/app/search?q=not%20a%20hash');
  await expect(page.getByRole('main').getByText(/“not a hash” looks like a serial number/)).toBeVisible();

  // A miss, as a wallet pseudonym and as a whole hash, is a message: no request fails, nothing is
  // logged in the console (the service's /lookup answers 200 whether or not anything matches).
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') failed.push(message.text());
  });
  await page.goto('/app/search?q=nobody_has_this_wallet');
  await expect(
    page.getByRole('main').getByText(/No events are recorded for wallet “nobody_has_this_wallet”/),
  ).toBeVisible();
  await page.goto(`/app/search?q=${'e'.repeat(64)}`);
  await expect(
    page.getByRole('main').getByText(/No leaf, anchor transaction, anchored root or wallet/),
  ).toBeVisible();
  expect(failed).toEqual([]);

  // The header search, by keyboard, leads to the leaf's page.
  const leaf = await anchorLeaf(request, await trialKey(request));
  await page.goto('/app/');
  const quick = page.getByLabel('Leaf hash, transaction id or wallet', { exact: true });
  await quick.fill(leaf);
  await quick.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/leaf/${leaf}$`));
  // Focus moved to the new page's heading.
  await expect(page.getByRole('heading', { level: 1, name: 'Leaf' })).toBeFocused();
  await expect(page).toBeAccessible();
});

test('a fresh leaf first shows as awaiting with the expected wait, then anchored', async ({
  page,
  request,
}) => {
  const key = await trialKey(request);
  // The e2e service anchors by itself only once the oldest unanchored leaf is 4 s old. Start from a
  // quiet service, so the fresh leaf stays unanchored while the page loads.
  await expect
    .poll(
      async () => {
        const status: unknown = await (await request.get('/anchor/status')).json();
        return (
          typeof status === 'object' &&
          status !== null &&
          'unanchored_leaves' in status &&
          status.unanchored_leaves === 0 &&
          'in_flight' in status &&
          status.in_flight === null
        );
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  const leaf = await anchorLeaf(request, key);
  await page.goto(`/app/leaf/${leaf}`);
  await expect(page.getByTestId('leaf-state')).toHaveText('Awaiting an anchor');
  await expect(page.getByTestId('expected-wait')).toHaveText(
    /The next anchor is expected in|An anchor transaction is (being prepared|on its way)|any moment now/,
  );
  await expect(page).toBeAccessible();
  await expect(page.getByTestId('leaf-state')).toHaveText('Anchored', { timeout: 60_000 });
});

test('contract pages fit a 360 px screen', async ({ page, request }) => {
  const leaf = await anchorLeaf(request, await trialKey(request));
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/app/keys', '/app/anchor', `/app/leaf/${leaf}`, `/app/verify/${leaf}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path.includes('/verify/')) await expect(page.getByTestId('verdict')).toBeVisible();
      if (path.includes('/leaf/')) await expect(page.getByTestId('leaf-state')).toBeVisible();
      await expect(page).toHaveNoSidewaysScroll({ what: `${path} at ${width} px` });
    }
  }
});

test('the verify page tells how to check the chain, with the anchor txid linked', async ({
  page,
  request,
}) => {
  const leaf = await anchorLeaf(request, await trialKey(request));
  await page.goto(`/app/leaf/${leaf}`);
  await expect(page.getByTestId('leaf-state')).toHaveText('Anchored', { timeout: 60_000 });
  await page.goto(`/app/verify/${leaf}`);
  await expect(page.getByTestId('verdict')).toHaveText('✓ Anchored');
  await expect(page.getByTestId('chain-check')).toContainText(/viewing key/);
  await openDetails(page, 'details-path');
  await expect(page.getByTestId('proof-path').getByRole('link', { name: /^[0-9a-f]{64}$/ })).toHaveAttribute(
    'href',
    /^https:\/\/explorer\.example\/tx\/[0-9a-f]{64}$/,
  );
  await expect(page).toBeAccessible();
});

test('the verify page loads its chain reader marked for compiling as it loads (a faster first check)', async ({
  page,
}) => {
  const scripts: Response[] = [];
  const collect = (response: Response) => {
    if (response.url().endsWith('.js')) scripts.push(response);
  };
  page.on('response', collect);
  await page.goto('/app/verify');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Every script the page loads, read once loading has settled (a body read after the test ends fails).
  await page.waitForLoadState('networkidle');
  page.off('response', collect);
  // The chain reader's code carries its KDF personalization (zap1's chain/orchard-recovery.ts):
  // the chunks with it start with the hint. Every chunk is loaded here (the app prefetches the
  // other pages when idle), so the hint is also checked not to reach a chunk without chain code:
  // its source map (built beside it, never served) names no module of zap1's chain/ folder.
  const hinted = (code: string) => code.startsWith('//# allFunctionsCalledOnLoad\n');
  const loaded = await Promise.all(
    scripts.map(async (response) => ({ url: response.url(), code: await response.text() })),
  );
  const chainReader = loaded.filter(({ code }) => code.includes('Zcash_OrchardKDF'));
  expect(chainReader.length).toBeGreaterThan(0);
  for (const { code } of chainReader) expect(hinted(code)).toBe(true);
  for (const { url } of loaded.filter((script) => hinted(script.code))) {
    const map = JSON.parse(
      readFileSync(path.join('dist/app/assets', `${path.basename(new URL(url).pathname)}.map`), 'utf8'),
    ) as { sources: string[] };
    expect(
      map.sources.some((source) => source.includes('/packages/zap1/src/chain/')),
      url,
    ).toBe(true);
  }
});

test('older events page backwards', async ({ page, request }) => {
  const wallet = uniqueWallet('paging');
  const leaves: string[] = [];
  for (let i = 0; i < 4; i++) {
    leaves.push(
      await postEvent(request, OPERATOR_KEY, {
        event_type: 'DEPLOYMENT',
        wallet_hash: wallet,
        serial_number: `paging-${i}-${Date.now()}`,
        facility_id: 'facility-e2e',
      }),
    );
  }
  const oldest = leaves[0] ?? '';
  await page.goto('/app/events?limit=3');
  const rows = page.getByTestId('events-table').locator('tbody tr');
  await expect(rows).toHaveCount(3);
  // The oldest of four new events cannot be among the newest three.
  await expect(page.locator(`tr[data-leaf="${oldest}"]`)).toHaveCount(0);
  let shown = 3;
  while ((await page.locator(`tr[data-leaf="${oldest}"]`).count()) === 0 && shown < 30) {
    await page.getByRole('button', { name: 'Older events' }).click();
    shown += 3;
    await expect(rows).toHaveCount(shown);
  }
  await expect(page.locator(`tr[data-leaf="${oldest}"]`)).toHaveCount(1);
  await expect(page).toBeAccessible();
});
