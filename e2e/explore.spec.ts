// Explore and operate pages (web app part 2) against the built service on the development chain.
// Data is created through the API in each test; assertions are about changes, not totals.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  test,
  expect,
  keepKeyInBrowser,
  OPERATOR_KEY,
  postEvent,
  trialKey,
  uniqueWallet,
  waitForAnchor,
} from './fixtures';

interface Created {
  leaf: string;
}

async function postDeployment(
  request: APIRequestContext,
  key: string,
  wallet: string,
  serial: string,
): Promise<Created> {
  const leaf = await postEvent(request, key, {
    event_type: 'DEPLOYMENT',
    wallet_hash: wallet,
    serial_number: serial,
    facility_id: 'facility-e2e',
  });
  return { leaf };
}

async function getJson(request: APIRequestContext, path: string): Promise<Record<string, unknown>> {
  const response = await request.get(path);
  expect(response.ok()).toBe(true);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new Error(`${path} is not an object`);
  return Object.fromEntries(Object.entries(body));
}

function numberField(body: Record<string, unknown>, name: string): number {
  const value = body[name];
  if (typeof value !== 'number') throw new Error(`${name} is not a number`);
  return value;
}

async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const isDark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  if (isDark !== (theme === 'dark'))
    await page.getByRole('button', { name: `Switch to ${theme} theme` }).click();
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*\bdark\b).*$/);
}

const ZAP1_HEX = Buffer.from(`ZAP1:09:${'ab'.repeat(32)}`, 'ascii').toString('hex');
const MEMOS: { hex: string; kind: RegExp }[] = [
  { hex: ZAP1_HEX, kind: /ZAP1 attestation/ },
  { hex: Buffer.from(`NSM1:03:${'cd'.repeat(32)}`, 'ascii').toString('hex'), kind: /NSM1 attestation/ },
  { hex: Buffer.from('hello <b>memo</b>', 'utf8').toString('hex'), kind: /Plain UTF-8 text/ },
  { hex: 'f7010002686900', kind: /ZIP 302 typed parts/ },
  { hex: 'ff0102', kind: /Binary data/ },
  { hex: '0000', kind: /Empty memo/ },
  { hex: 'f5aa', kind: /Unknown format/ },
];

test('a memo of each kind decodes to the right kind, in the browser and on the service', async ({ page }) => {
  await page.goto('/app/memo');
  await expect(page.getByRole('heading', { name: 'Memo decoder' })).toBeVisible();
  const input = page.getByLabel(/Memo bytes as hex/);
  for (const memo of MEMOS) {
    await input.fill(memo.hex);
    await expect(page.getByTestId('memo-kind')).toHaveText(memo.kind);
    await page.getByRole('button', { name: 'Also decode on the service' }).click();
    await expect(page.getByTestId('memo-agreement')).toContainText('The service agrees');
  }
  // Text is shown as text, never as HTML.
  await input.fill(MEMOS[2]!.hex);
  await expect(page.locator('pre').filter({ hasText: 'hello <b>memo</b>' })).toBeVisible();
  // A ZAP1 anchor memo links to its root's page; the hex view shows the bytes.
  await input.fill(ZAP1_HEX);
  await expect(page.getByRole('link', { name: 'ab'.repeat(32) })).toHaveAttribute(
    'href',
    `/app/root/${'ab'.repeat(32)}`,
  );
  await expect(page.getByTestId('hex-view')).toContainText('5a 41 50 31 3a 30 39 3a');
  await expect(page).toBeAccessible();

  // Text mode and a dropped/chosen file of raw bytes.
  await page.getByLabel('Text', { exact: true }).check();
  await page.getByLabel(/Memo text/).fill(`ZAP1:04:${'ef'.repeat(32)}`);
  await expect(page.getByTestId('memo-kind')).toHaveText(/ZAP1 attestation/);
  await page.getByLabel('File of raw bytes').check();
  await page.getByLabel(/Drop a file here/).setInputFiles({
    name: 'memo.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from([0xff, 1, 2, 3]),
  });
  await expect(page.getByTestId('memo-kind')).toHaveText(/Binary data/);
  await expect(page.getByTestId('hex-view')).toContainText('ff 01 02 03');

  // Bad hex says what is wrong.
  await page.getByLabel('Hex', { exact: true }).check();
  await page.getByLabel(/Memo bytes as hex/).fill('abz');
  await expect(page.getByRole('alert')).toContainText('not a hexadecimal digit');
});

test('stats and events change by what the test wrote; events filter and link to leaves', async ({
  page,
  request,
}) => {
  const before = await getJson(request, '/stats');
  const beforeTypes = before.type_counts;
  const beforeDeployments =
    typeof beforeTypes === 'object' &&
    beforeTypes !== null &&
    'DEPLOYMENT' in beforeTypes &&
    typeof beforeTypes.DEPLOYMENT === 'number'
      ? beforeTypes.DEPLOYMENT
      : 0;
  const key = await trialKey(request);
  const wallet = uniqueWallet('stats');
  const a = await postDeployment(request, key, wallet, 'SN-S1');
  const b = await postDeployment(request, key, wallet, 'SN-S2');

  await page.goto('/app/stats');
  await expect(page.getByTestId('stat-leaves')).toHaveText(
    (numberField(before, 'total_leaves') + 2).toLocaleString('en-US'),
  );
  await expect(page.locator('[data-testid="type-counts"] tr[data-type="DEPLOYMENT"] td').nth(1)).toHaveText(
    String(beforeDeployments + 2),
  );
  await expect(page.getByRole('img', { name: /Events per type: .*Hardware deployment/ })).toBeVisible();
  await expect(page).toBeAccessible();
  await setTheme(page, 'dark');
  await expect(page).toBeAccessible();
  await setTheme(page, 'light');

  await page.goto('/app/events');
  const table = page.getByTestId('events-table');
  await expect(table.locator(`tr[data-leaf="${b.leaf}"]`)).toBeVisible();
  await expect(table.locator(`tr[data-leaf="${a.leaf}"]`)).toBeVisible();
  await expect(page).toBeAccessible();
  await page.getByLabel('Event type').selectOption('EXIT');
  await expect(page).toHaveURL(/type=EXIT/);
  await expect(page.locator(`tr[data-leaf="${b.leaf}"]`)).toHaveCount(0);
  await page.getByLabel('Event type').selectOption('DEPLOYMENT');
  await page.locator(`tr[data-leaf="${b.leaf}"] a`).click();
  await expect(page).toHaveURL(new RegExp(`/app/leaf/${b.leaf}$`));
});

test('the wallet timeline lists the test events in order with their anchor states', async ({
  page,
  request,
}) => {
  const key = await trialKey(request);
  const wallet = uniqueWallet('timeline');
  const created = [];
  for (const serial of ['SN-T1', 'SN-T2', 'SN-T3'])
    created.push(await postDeployment(request, key, wallet, serial));

  // Found through the home page's search.
  await page.goto('/app/');
  await page.getByLabel(/Search by leaf hash/).fill(wallet);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/wallet/${wallet}$`));

  const items = page.getByTestId('timeline').locator('li');
  await expect(items).toHaveCount(3);
  for (const [i, c] of created.entries()) await expect(items.nth(i)).toHaveAttribute('data-leaf', c.leaf);
  await expect(page.getByText(/claims the service recorded/)).toBeVisible();
  await expect(page).toBeAccessible();

  await waitForAnchor(request, created[2]!.leaf);
  for (const i of [0, 1, 2])
    await expect(items.nth(i)).toHaveAttribute('data-anchor-state', 'anchored', { timeout: 30_000 });
  await expect(items.first().getByTestId('anchor-state')).toContainText(/Anchored at height [\d,]+/);

  // A wallet without events says so.
  await page.goto(`/app/wallet/${uniqueWallet('nobody')}`);
  await expect(page.getByText(/has no events for the wallet/)).toBeVisible();
  await expect(page).toBeAccessible();
});

test('history lists the anchor the test caused, with consistency verdicts, and the root page lists its leaves', async ({
  page,
  request,
}) => {
  const key = await trialKey(request);
  const wallet = uniqueWallet('history');
  const first = await postDeployment(request, key, wallet, 'SN-H1');
  const txid1 = await waitForAnchor(request, first.leaf);
  const second = await postDeployment(request, key, wallet, 'SN-H2');
  const txid2 = await waitForAnchor(request, second.leaf);
  expect(txid2).not.toBe(txid1);

  await page.goto('/app/history');
  const table = page.getByTestId('history-table');
  await expect(table.locator(`tr[data-txid="${txid1}"]`)).toBeVisible();
  await expect(table.locator(`tr[data-txid="${txid2}"]`)).toBeVisible();
  // Newest first: the second anchor is above the first.
  const txids = await table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-txid')));
  expect(txids.indexOf(txid2)).toBeLessThan(txids.indexOf(txid1));
  const newest = table.locator(`tr[data-txid="${txid2}"] [data-testid="consistency-verdict"]`);
  await expect(newest).toHaveAttribute('data-verdict', /^(extends|same)$/);
  await expect(table.locator('[data-verdict="broken"]')).toHaveCount(0);
  await expect(
    table.locator(`tr[data-txid="${txid2}"] a[href*="explorer.example/tx/${txid2}"]`),
  ).toBeVisible();
  await expect(page).toBeAccessible();
  await setTheme(page, 'dark');
  await expect(page).toBeAccessible();
  await setTheme(page, 'light');

  await table.locator(`tr[data-txid="${txid2}"] a[href^="/app/root/"]`).click();
  await expect(page.getByRole('heading', { name: 'Anchored root' })).toBeVisible();
  await expect(page.getByTestId('root-leaves').locator(`a[href="/app/leaf/${second.leaf}"]`)).toBeVisible();
  await expect(page).toBeAccessible();

  // A txid in the search box leads to its root's page.
  await page.goto('/app/search');
  await page.getByLabel(/Search by leaf hash/).fill(txid1);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/app\/root\/[0-9a-f]{64}$/);
  await expect(page.getByTestId('root-leaves').locator(`a[href="/app/leaf/${first.leaf}"]`)).toBeVisible();
});

test('the operator page shows an anchor going from in flight to anchored', async ({ page, request }) => {
  await keepKeyInBrowser(page, OPERATOR_KEY);
  await page.goto('/app/status');
  await expect(page.getByRole('heading', { name: 'Operator status' })).toBeVisible();
  await expect(page.getByTestId('chain-tip')).toHaveText(/^\d{1,3}(,\d{3})*$/);
  // The dev wallet's balance in dev-ZEC, and how many anchors it still pays for at the ZIP 317 fee.
  await expect(page.getByTestId('wallet-balance')).toHaveText(
    /^\d[\d,]*(\.\d+)? dev-ZEC · pays for about [\d,]+ more anchors at 0\.0001 dev-ZEC each$/,
  );
  await expect(page).toBeAccessible();

  // Start from a quiet service (nothing unanchored, nothing in flight), so that the anchor this
  // test starts is its own: the e2e service waits ANCHOR_MAX_AGE_S before anchoring by itself.
  await expect(page.getByTestId('unanchored')).toHaveText('0', { timeout: 60_000 });
  await expect(page.getByTestId('in-flight').locator('[data-state]')).toHaveAttribute('data-state', 'none');
  const key = await trialKey(request);
  // "Anchor now" is offered only while something is unanchored.
  await expect(page.getByRole('button', { name: 'Anchor now' })).toBeDisabled();
  await expect(page.getByTestId('nothing-to-anchor')).toBeVisible();
  const created = await postDeployment(request, key, uniqueWallet('status'), 'SN-O1');
  // Read the status at once rather than at the next refresh: the service anchors by itself 4 s on.
  await page.reload();
  await expect(page.getByTestId('unanchored')).toHaveText('1');
  await page.getByRole('button', { name: 'Anchor now' }).click();
  // It asks first, naming the fee; only "Send" starts the anchor.
  await page.getByRole('button', { name: 'Send the anchor (0.0001 dev-ZEC)' }).click();
  const started = page.getByTestId('anchor-now-ok');
  await expect(started).toBeVisible();
  expect(['pending', 'broadcast', 'confirmed']).toContain(await started.getAttribute('data-state'));
  // Then the page, refreshing by itself, shows nothing in flight and nothing unanchored.
  await expect(page.getByTestId('in-flight').locator('[data-state]')).toHaveAttribute('data-state', 'none', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('unanchored')).toHaveText('0');
  // No stale "Pending": the started anchor is reported anchored, and nothing is said to be due.
  await expect(started).toHaveText(
    /^Anchored at height [\d,]+: the root of the first (leaf|[\d,]+ leaves)\.$/,
  );
  await expect(page.getByTestId('anchor-due')).toHaveText('No: every leaf is anchored.');
  const txid = await waitForAnchor(request, created.leaf);
  await expect(page.getByTestId('last-anchor')).toContainText(txid.slice(0, 10));
  // The attempt log tells the same story, change by change: decided, sent, broadcast, anchored.
  const newest = page.getByTestId('attempt').first();
  await expect(newest).toHaveAttribute('data-state', 'anchored');
  await expect(newest.locator('[data-change="recorded"]')).toContainText('Decided to anchor the root of');
  await expect(newest.locator('[data-change="send_started"]')).toBeVisible();
  await expect(newest).toContainText(/Anchored at height [\d,]+: memo read back from the chain/);
  await expect(page).toBeAccessible();
});

test('every explore page works at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [
    '/app/',
    '/app/history',
    '/app/stats',
    '/app/events',
    '/app/wallet',
    '/app/status',
    '/app/memo',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(1);
    await expect(page).toBeAccessible();
  }
  // The header folds its links behind a menu button: it takes far less than a third of the screen.
  const header = await page.locator('header').boundingBox();
  expect(header?.height ?? 844).toBeLessThan(844 / 4);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Stats' })).toBeHidden();
  await nav.getByRole('button', { name: 'Menu' }).click();
  await nav.getByRole('button', { name: 'Explore' }).click();
  await nav.getByRole('link', { name: 'Stats' }).click();
  await expect(page).toHaveURL(/\/app\/stats$/);
  await expect(nav.getByRole('link', { name: 'Stats' })).toBeHidden();
});
