/**
 * The Verify page's four verdicts in the browser, against the running service on the development
 * chain: genuine bundles and bundles with one part edited, a pending bundle, a service that cannot
 * be reached, and the shared link.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { contractEvent, genuineBundle } from '../test/bundles';
import { expect, expectAccessible, postEvent, test, trialKey, uniqueWallet } from './fixtures';

type Bundle = Record<string, unknown> & {
  anchor: { txid: string | null; height: number | null };
  root: Record<string, unknown> & { hash: string };
  proof: { hash: string; position: string }[];
};

function randomHex(): string {
  return Array.from({ length: 64 }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('');
}

/** Records a contract event and waits until the service serves its anchored proof. */
async function anchoredBundle(request: APIRequestContext): Promise<{ leaf: string; bundle: Bundle }> {
  const leaf = await postEvent(request, await trialKey(request), {
    event_type: 'CONTRACT_ANCHOR',
    wallet_hash: uniqueWallet('verify'),
    serial_number: `V-${Date.now()}`,
    contract_sha256: randomHex(),
  });
  let bundle: Bundle | null = null;
  await expect(async () => {
    const response = await request.get(`/verify/${leaf}/proof.json`);
    expect(response.status()).toBe(200);
    const body = (await response.json()) as Bundle;
    expect(body.anchor.txid).not.toBeNull();
    bundle = body;
  }).toPass({ timeout: 60_000 });
  return { leaf, bundle: bundle! };
}

async function verifyPasted(page: Page, value: unknown): Promise<void> {
  await page.goto('/app/verify');
  await page.getByLabel('Or paste the receipt or bundle JSON').fill(JSON.stringify(value));
  await page.getByRole('button', { name: 'Verify pasted JSON' }).click();
}

const verdict = (page: Page) => page.getByTestId('verdict');

test('a genuine anchored bundle is anchored, and every edited part makes it invalid, naming the part', async ({
  page,
  request,
}) => {
  const { bundle } = await anchoredBundle(request);

  await verifyPasted(page, bundle);
  await expect(verdict(page)).toHaveAttribute('data-verdict', 'anchored');
  await expect(verdict(page)).toHaveText('✓ Anchored');
  await expect(page.getByTestId('anchor-txid')).toHaveText(bundle.anchor.txid!);
  await expect(page.getByTestId('whose-word')).toContainText('anchor history of');
  await expectAccessible(page);

  const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);
  const edits: [string, Bundle, string][] = [
    ['txid', { ...bundle, anchor: { ...bundle.anchor, txid: randomHex() } }, 'anchor'],
    ['height', { ...bundle, anchor: { ...bundle.anchor, height: bundle.anchor.height! + 1 } }, 'anchor'],
    ['root', { ...bundle, root: { ...bundle.root, hash: flip(bundle.root.hash) } }, 'inclusion'],
  ];
  if (bundle.proof.length > 0) {
    const [first, ...rest] = bundle.proof;
    edits.push([
      'sibling',
      { ...bundle, proof: [{ ...first!, hash: flip(first!.hash) }, ...rest] },
      'inclusion',
    ]);
  }
  for (const [part, edited, failing] of edits) {
    await test.step(`edited ${part}`, async () => {
      await verifyPasted(page, edited);
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'invalid');
      await expect(verdict(page)).toHaveText('✗ Invalid');
      await expect(page.getByTestId(`check-${failing}`)).toHaveAttribute('data-status', 'fail');
    });
  }
});

test('a bundle whose root is not anchored is pending, amber, with what happens next', async ({ page }) => {
  // A genuine proof of a tree this service never saw: its root is in no history.
  await verifyPasted(page, genuineBundle(1, 3, { txid: null, height: null }));
  await expect(verdict(page)).toHaveAttribute('data-verdict', 'pending');
  await expect(page.getByRole('status').filter({ has: verdict(page) })).toContainText('check again later');
  await expect(page.getByRole('button', { name: 'Check again' })).toBeVisible();
  await expectAccessible(page);
});

test('an anchor no service can confirm is unconfirmed, never green', async ({ page, request }) => {
  const { bundle } = await anchoredBundle(request);
  const { event, leafHex } = contractEvent(1);
  // A receipt naming a service that does not answer (a closed loopback port).
  const receipt = {
    format: 'zap1-receipt/1',
    created_at: new Date().toISOString(),
    service: { url: 'http://127.0.0.1:9', network: 'devnet' },
    event,
    leaf_hash: leafHex,
    file: null,
    proof: { ...genuineBundle(1, 3), anchor: bundle.anchor },
  };
  await verifyPasted(page, receipt);
  await expect(verdict(page)).toHaveAttribute('data-verdict', 'unconfirmed');
  await expect(verdict(page)).not.toContainText('✓');
  await expect(page.getByTestId('check-anchor')).toHaveAttribute('data-status', 'unknown');
});

test('the verify link loads the leaf from the named service, and is shared with a QR code', async ({
  page,
  request,
  baseURL,
}) => {
  const { leaf, bundle } = await anchoredBundle(request);
  await page.goto(`/app/verify?leaf=${leaf}&service=${encodeURIComponent(baseURL!)}`);
  await expect(verdict(page)).toHaveAttribute('data-verdict', 'anchored');
  await expect(page.getByTestId('anchor-txid')).toHaveText(bundle.anchor.txid!);
  await expect(page.getByTestId('verify-link')).toHaveText(`${baseURL}/app/verify?leaf=${leaf}`);
  await expect(page.getByTestId('verify-qr').first()).toBeVisible();

  // A service that cannot be reached: no proof to check, and the page says so.
  await page.goto(`/app/verify?leaf=${leaf}&service=${encodeURIComponent('http://127.0.0.1:9')}`);
  await expect(page.getByRole('alert')).toContainText('The proof could not be fetched');
  await expect(verdict(page)).toHaveCount(0);
});
