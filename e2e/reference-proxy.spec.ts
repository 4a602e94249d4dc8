import { expect, test } from './fixtures';
import { startProxy } from './proxy-process';
import { LEGACY_ANCHOR, LEGACY_LEAF, startReferenceUpstream } from './reference-upstream';

/**
 * The app in proxy mode against a deployment shaped like the public reference service (a stand-in:
 * e2e/reference-upstream.ts). Every page shows the upstream's data, does in the browser what the
 * upstream does not, and hides what it lacks.
 */
let upstream: { url: string; close: () => Promise<void> } | null = null;
let proxy: { base: string; stop: () => void } | null = null;
const app = (path: string) => `${proxy?.base ?? ''}/app${path}`;

test.beforeAll(async () => {
  upstream = await startReferenceUpstream();
  proxy = await startProxy(upstream.url);
});

test.afterAll(async () => {
  proxy?.stop();
  await upstream?.close();
});

test('the header names the deployment, and its network comes from /health where /protocol/info is silent', async ({
  page,
}) => {
  await page.goto(app('/'));
  await expect(page.getByTestId('service-url')).toHaveText(`Service: ${upstream?.url} (through this site)`);
  await expect(page.getByTestId('network-badge')).toHaveText('mainnet');
});

test('status shows the reference fields and offers no "Anchor now" the service lacks', async ({ page }) => {
  await page.goto(app('/status'));
  await expect(page.getByTestId('current-root')).toContainText('437e12dd66cfcb9e');
  await expect(page.getByTestId('leaf-count')).toHaveText('12');
  await expect(page.getByTestId('last-anchor')).toContainText('height 3,288,022');
  await expect(page.getByTestId('scanner-operational')).toHaveText('yes');
  await expect(page.getByTestId('health-network')).toHaveText('mainnet');
  await expect(page.getByRole('button', { name: 'Anchor now' })).toHaveCount(0);
  await expect(page.getByText('Operators: keep your operator key')).toHaveCount(0);
});

test("stats and history show the recorded figures; consistency and a root's leaves are not offered", async ({
  page,
}) => {
  await page.goto(app('/stats'));
  await expect(page.getByTestId('stat-leaves')).toContainText('12');
  await expect(page.getByTestId('stat-anchors')).toContainText('3');
  await page.goto(app('/history'));
  await expect(page.getByText('This service does not offer consistency proofs')).toBeVisible();
  await expect(
    page.getByRole('link', { name: new RegExp(LEGACY_ANCHOR.root.slice(0, 8)) }).first(),
  ).toBeVisible();
  await page.goto(app(`/root/${LEGACY_ANCHOR.root}`));
  await expect(page.getByText('This service does not list leaves by position')).toBeVisible();
});

test('events are filtered by type in the browser where the service ignores the filter', async ({ page }) => {
  await page.goto(app('/events?type=DEPLOYMENT'));
  await expect(page.getByTestId('filtered-here')).toBeVisible();
  const rows = page.getByTestId('events-table').locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.locator('td:nth-child(2)')).toHaveText([
    'Hardware deployment',
    'Hardware deployment',
    'Hardware deployment',
  ]);
  await page.goto(app('/events'));
  await expect(page.getByTestId('events-table').locator('tbody tr')).toHaveCount(12);
  await expect(page.getByTestId('filtered-here')).toHaveCount(0);
});

test('a bundle from before ZAP1 3.0 is verified under the historical rule, with a warning', async ({
  page,
}) => {
  await page.goto(app(`/verify?leaf=${LEGACY_LEAF}`));
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'anchored');
  await expect(page.getByTestId('historical-warning')).toContainText('before ZAP1 3.0');
  await expect(page.getByTestId('anchor-txid')).toHaveText(LEGACY_ANCHOR.txid);
});

test("the service's plain-text errors are shown as its words, not as a wrong service URL", async ({
  page,
}) => {
  // The reference's plain-text 404 is an unknown leaf, not a wrong service.
  await page.goto(app(`/leaf/${'ab'.repeat(32)}`));
  await expect(page.getByText('This service has no such leaf.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Check the service URL in Settings' })).toHaveCount(0);
  await page.goto(app('/keys'));
  await page
    .getByRole('button', { name: /trial key/i })
    .first()
    .click();
  await expect(page.getByText('Trial key limit reached').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Check the service URL in Settings' })).toHaveCount(0);
});

test("memos decode in the browser and on the service alike, and a wallet's timeline says it needs the service's key", async ({
  page,
}) => {
  await page.goto(app(`/memo?hex=${Buffer.from('hello anchors', 'utf8').toString('hex')}`));
  await expect(page.getByTestId('memo-kind')).toContainText(/text/i);
  await page.getByRole('button', { name: 'Also decode on the service' }).click();
  await expect(page.getByTestId('memo-agreement')).toHaveText('The service agrees: text.');

  await page.goto(app('/wallet/some_wallet'));
  await expect(page.getByText('This service requires a key to show wallet timelines.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Check the service URL in Settings' })).toHaveCount(0);
});
