/**
 * The Verify page's four verdicts in the browser, against the running service on the development
 * chain: genuine bundles and bundles with one part edited, a pending bundle, a service that cannot
 * be reached, and the shared link; a receipt from the Anchor page, completed once anchored, and
 * checked with its file; a HOSTING_PAYMENT receipt given a contract hash it never committed to.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { contractEvent, genuineBundle } from 'zap1/testing';
import { leafHash, makeReceipt } from 'zap1';
import { expect, postEvent, test, trialKey, uniqueWallet, waitForAnchor } from './fixtures';
import { openDetails, verifyPasted } from './auditor-support';

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
  // The service keeps its anchors' chain evidence: the verdict stands on the transaction's bytes,
  // and only the block's height rests on the service's history.
  await expect(page.getByTestId('whose-word')).toContainText('chain evidence checked here');
  await expect(page.getByTestId('whose-word')).toContainText(
    'the service you chose, has this anchor in block',
  );
  await expect(page).toBeAccessible();

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
  await expect(page).toBeAccessible();
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
  await openDetails(page, 'details-share');
  await expect(page.getByTestId('verify-qr').first()).toBeVisible();

  // A service that cannot be reached, named by the link: asked only once agreed; then no proof to check.
  await page.goto(`/app/verify?leaf=${leaf}&service=${encodeURIComponent('http://127.0.0.1:9')}`);
  await page.getByRole('button', { name: 'Ask 127.0.0.1:9 about this link?' }).click();
  await expect(page.getByRole('alert')).toContainText('The proof could not be fetched');
  await expect(verdict(page)).toHaveCount(0);
});

test('a receipt downloaded at submission is completed once anchored, and checks the file it names', async ({
  page,
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'zap1-e2e-receipt-'));
  try {
    const contractPath = path.join(dir, 'lease.txt');
    writeFileSync(contractPath, `Lease agreement ${Date.now()} ${Math.random()}\n`);
    const otherPath = path.join(dir, 'lease-edited.txt');
    writeFileSync(otherPath, 'Lease agreement, edited afterwards\n');
    const sha = createHash('sha256').update(readFileSync(contractPath)).digest('hex');

    // The browser keeps the key it got from the Keys page.
    await page.goto('/app/keys');
    await page.getByRole('button', { name: 'Get a trial key' }).click();
    await expect(page.getByTestId('issued-key')).toBeVisible();

    const pending =
      await test.step('submit on the Anchor page and download the receipt at once', async () => {
        await page.goto('/app/anchor');
        await page.getByLabel('Contract file').setInputFiles(contractPath);
        await expect(page.getByTestId('contract-sha256')).toHaveText(sha);
        await page.getByLabel('Serial number').fill(`R-${Date.now()}`);
        await page.getByRole('button', { name: 'Submit for anchoring' }).click();
        await expect(page.getByTestId('submit-status')).toContainText('Recorded');
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Download receipt' }).click();
        const file = await (await download).path();
        return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> & {
          event: Record<string, unknown>;
          file: { name: string; size: number } | null;
          leaf_hash: string;
        };
      });
    expect(pending).toMatchObject({
      format: 'zap1-receipt/1',
      event: { event_type: 'CONTRACT_ANCHOR', contract_sha256: sha },
      file: { name: 'lease.txt' },
    });
    expect(typeof pending.event['serial_number']).toBe('string');

    const completed = await test.step('Verify completes the receipt once its leaf is anchored', async () => {
      const receiptPath = path.join(dir, 'receipt.json');
      writeFileSync(receiptPath, JSON.stringify(pending));
      await page.goto('/app/verify');
      await page.getByLabel(/Choose or drop files/).setInputFiles(receiptPath);
      await expect(verdict(page)).toHaveAttribute('data-verdict', /^(anchored|pending)$/);
      await expect(async () => {
        if ((await verdict(page).getAttribute('data-verdict')) === 'pending') {
          await page.getByRole('button', { name: 'Check again' }).click();
        }
        await expect(verdict(page)).toHaveAttribute('data-verdict', 'anchored', { timeout: 2000 });
      }).toPass({ timeout: 60_000 });
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download the completed receipt' }).click();
      const file = await (await download).path();
      const receipt = JSON.parse(readFileSync(file, 'utf8')) as {
        proof: { anchor: { txid: string | null } };
      };
      expect(receipt.proof.anchor.txid).toMatch(/^[0-9a-f]{64}$/);
      const completedPath = path.join(dir, 'receipt-completed.json');
      writeFileSync(completedPath, JSON.stringify(receipt));
      return completedPath;
    });

    await test.step('one drop: the receipt with the right file is anchored and the file checks', async () => {
      await page.goto('/app/verify');
      await page.getByLabel(/Choose or drop files/).setInputFiles([completed, contractPath]);
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'anchored');
      await expect(page.getByTestId('check-file')).toHaveAttribute('data-status', 'pass');
      await expect(page).toBeAccessible();
    });

    await test.step('the receipt with another file is invalid: not the anchored file', async () => {
      await page.goto('/app/verify');
      await page.getByLabel(/Choose or drop files/).setInputFiles(completed);
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'anchored');
      // The file given after the receipt.
      await page.getByLabel(/Choose or drop files/).setInputFiles(otherPath);
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'invalid');
      await expect(page.getByTestId('check-file')).toHaveAttribute('data-status', 'fail');
      await expect(page.getByTestId('check-file')).toContainText('is not the anchored file');
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a HOSTING_PAYMENT receipt given a contract_sha256 is invalid, naming it; beside an honest one a file is not part of the proof', async ({
  page,
  request,
  baseURL,
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'zap1-e2e-forged-'));
  try {
    // A cheap event anchored for real: its leaf commits to the serial number, month and year only.
    const event = {
      event_type: 'HOSTING_PAYMENT',
      wallet_hash: uniqueWallet('hosting'),
      serial_number: `HOST-${Date.now()}`,
      month: 11,
      year: 2026,
    };
    const key = await trialKey(request);
    const posted = await request.post('/event', { headers: { Authorization: `Bearer ${key}` }, data: event });
    expect(posted.status()).toBe(201);
    const leaf = ((await posted.json()) as { leaf_hash: string }).leaf_hash;
    expect(leaf).toBe(leafHash(event));
    await waitForAnchor(request, leaf);
    let proof: Bundle | null = null;
    await expect(async () => {
      const body = (await (await request.get(`/verify/${leaf}/proof.json`)).json()) as Bundle;
      expect(body.anchor.txid).not.toBeNull();
      proof = body;
    }).toPass({ timeout: 60_000 });
    const info = (await (await request.get('/protocol/info')).json()) as { network?: string };

    const forgedPdf = path.join(dir, 'forged.pdf');
    writeFileSync(forgedPdf, `A contract nobody anchored ${Date.now()} ${Math.random()}\n`);
    const forgedSha = createHash('sha256').update(readFileSync(forgedPdf)).digest('hex');
    const honest = makeReceipt({
      serviceUrl: baseURL!,
      network: info.network ?? null,
      event,
      leafHex: leaf,
      file: { name: 'forged.pdf', size: readFileSync(forgedPdf).length },
      proof,
      now: new Date(),
    });
    const honestPath = path.join(dir, 'receipt-honest.json');
    writeFileSync(honestPath, JSON.stringify(honest));
    // After anchoring, the claim is added to the receipt's event: no hash covers it.
    const forgedPath = path.join(dir, 'receipt-forged.json');
    writeFileSync(forgedPath, JSON.stringify({ ...honest, event: { ...event, contract_sha256: forgedSha } }));

    await test.step('the forged receipt with its file is invalid and names contract_sha256', async () => {
      await page.goto('/app/verify');
      await page.getByLabel(/Choose or drop files/).setInputFiles([forgedPath, forgedPdf]);
      await expect(page.getByTestId('check-file')).toHaveAttribute('data-status', 'unknown');
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'invalid');
      await expect(verdict(page)).toHaveText('✗ Invalid');
      await expect(page.getByTestId('verdict-reason')).toContainText('(contract_sha256)');
      await expect(page.getByTestId('check-event')).toHaveAttribute('data-status', 'fail');
      await expect(page.locator('body')).not.toContainText('is the anchored file');
      await openDetails(page, 'details-receipt');
      await expect(page.getByTestId('nothing-proven')).toBeVisible();
      // The printed page states neither the forged hash nor the file.
      const certificate = (await page.getByTestId('certificate').textContent()) ?? '';
      expect(certificate).toContain('contract_sha256');
      expect(certificate).not.toContain(forgedSha);
      expect(certificate).not.toContain('forged.pdf');
    });

    await test.step('the honest receipt with a file is anchored, and the file is not part of the proof', async () => {
      await page.goto('/app/verify');
      await page.getByLabel(/Choose or drop files/).setInputFiles([honestPath, forgedPdf]);
      await expect(page.getByTestId('check-file')).toHaveAttribute('data-status', 'unknown');
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'anchored');
      await expect(page.getByTestId('check-file')).toContainText('– File');
      await expect(page.getByTestId('check-file')).toContainText('"forged.pdf" is not part of this proof');
      await expect(page.locator('body')).not.toContainText('is the anchored file');
      await openDetails(page, 'details-receipt');
      await expect(page.getByTestId('proven-fields')).toContainText(event.serial_number);
      const stated = page.getByTestId('receipt-statements');
      await expect(stated.getByRole('heading')).toHaveText('Stated by the receipt, not proven');
      await expect(stated).toContainText('forged.pdf');
      await expect(stated).toContainText(event.wallet_hash);
      const certificate = (await page.getByTestId('certificate').textContent()) ?? '';
      expect(certificate).toContain('✓ Anchored');
      expect(certificate).toContain(event.serial_number);
      expect(certificate).not.toContain('forged.pdf');
      expect(certificate).not.toContain(event.wallet_hash);
      await expect(page).toBeAccessible();
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
