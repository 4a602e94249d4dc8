import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { leafHash } from 'zap1';
import { test, expect, keepKeyInBrowser, trialKey, uniqueWallet } from './fixtures';

let tempDir = '';
test.beforeAll(() => {
  tempDir = mkdtempSync(path.join(tmpdir(), 'zap1-e2e-contract-'));
});
test.afterAll(() => {
  rmSync(tempDir, { recursive: true, force: true });
});

test('a trial key is issued with one click, shown once, kept and described', async ({ page }) => {
  await page.goto('/app/keys');
  await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();
  await expect(page).toBeAccessible();
  await page.getByRole('button', { name: 'Get a trial key' }).click();
  await expect(page.getByTestId('issued-key')).toHaveText(/^zap1_trial_[0-9a-f]{32}$/);
  await expect(page.getByText(/Quota: [\d,]+ events\. Expires .+ UTC · in \d+ d/)).toBeVisible();
  await expect(page.getByTestId('key-info')).toContainText('Trial key');
  await expect(page.getByTestId('key-info')).toContainText(/0 of [\d,]+ events used/);
  await expect(page).toBeAccessible();
  // Kept across a reload, but no longer shown in full.
  await page.reload();
  await expect(page.getByTestId('issued-key')).toHaveCount(0);
  await expect(page.getByTestId('key-info')).toContainText('Trial key');
  await page.getByRole('button', { name: 'Forget this key' }).click();
  await expect(page.getByText('No key is kept.')).toBeVisible();
});

test('a 50 MiB contract is hashed in the browser, anchored, verified, and a tampered proof is refused', async ({
  page,
  request,
}) => {
  const key = await trialKey(request);
  // Another leaf first, so our proof has at least one step to tamper with.
  const other = await request.post('/event', {
    headers: { Authorization: `Bearer ${key}` },
    data: {
      event_type: 'CONTRACT_ANCHOR',
      wallet_hash: uniqueWallet(),
      serial_number: `E2E-OTHER-${Date.now()}`,
      contract_sha256: randomBytes(32).toString('hex'),
    },
  });
  expect(other.status()).toBe(201);
  await keepKeyInBrowser(page, key);

  const bytes = randomBytes(50 * 1024 * 1024);
  const filePath = path.join(tempDir, 'contract-50mib.bin');
  writeFileSync(filePath, bytes);
  const expectedSha = createHash('sha256').update(bytes).digest('hex');
  const serial = `E2E-${Date.now()}`;
  const wallet = uniqueWallet('contract');
  const expectedLeaf = leafHash({
    event_type: 'CONTRACT_ANCHOR',
    serial_number: serial,
    contract_sha256: expectedSha,
  });

  await test.step('hash the file in the worker', async () => {
    await page.goto('/app/anchor');
    await expect(page.getByRole('heading', { name: 'Anchor a contract' })).toBeVisible();
    await expect(page).toBeAccessible();
    await page.getByLabel('Contract file').setInputFiles(filePath);
    await expect(page.getByTestId('contract-sha256')).toHaveText(expectedSha, { timeout: 60_000 });
  });

  await test.step('submit it and see the leaf computed here recorded', async () => {
    await page.getByLabel('Serial number').fill(serial);
    await page.getByText('Advanced: wallet pseudonym').click();
    await page.getByLabel('Wallet pseudonym').fill(wallet);
    await expect(page.getByTestId('local-leaf')).toHaveText(expectedLeaf);
    await page.getByRole('button', { name: 'Submit for anchoring' }).click();
    await expect(page.getByTestId('submit-status')).toHaveText('Recorded: a new leaf was created.');
    await expect(page.getByTestId('submit-leaf')).toHaveText(expectedLeaf);
    await expect(page.getByTestId('saved-submissions')).toContainText('contract-50mib.bin');
    await expect(page).toBeAccessible();
  });

  await test.step('the leaf page shows it anchored', async () => {
    await page.getByRole('link', { name: 'Open the leaf page' }).click();
    await expect(page).toHaveURL(new RegExp(`/app/leaf/${expectedLeaf}$`));
    await expect(page.getByTestId('leaf-state')).toHaveText('Anchored', { timeout: 60_000 });
    await expect(page.getByRole('link', { name: /^[0-9a-f]{64}$/ })).toHaveAttribute(
      'href',
      /^https:\/\/explorer\.example\/tx\/[0-9a-f]{64}$/,
    );
    await expect(page).toBeAccessible();
  });

  const downloaded = await test.step('download the proof', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download proof' }).click();
    const file = await (await download).path();
    const bundle: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return bundle;
  });

  await test.step('verify it in the browser', async () => {
    await page.getByRole('link', { name: 'Verify the proof in this browser' }).click();
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'anchored');
    await expect(page.getByTestId('verdict')).toHaveText('✓ Anchored');
    await expect(page.getByTestId('proof-path')).toContainText(expectedLeaf);
    // Checked on the chain's own bytes (the service keeps the anchor's evidence); only the block's
    // height rests on the service this browser uses, which names the block by its hash.
    await expect(page.getByTestId('whose-word')).toContainText('chain evidence checked here');
    await expect(page.getByTestId('whose-word')).toContainText(
      'the service you chose, has this anchor in block',
    );
    await expect(page).toBeAccessible();
  });

  await test.step('a tampered bundle, dropped back, is invalid with the reason', async () => {
    if (
      typeof downloaded !== 'object' ||
      downloaded === null ||
      !('proof' in downloaded) ||
      !Array.isArray(downloaded.proof)
    ) {
      throw new Error('the downloaded proof has no proof steps');
    }
    const first: unknown = downloaded.proof[0];
    if (typeof first !== 'object' || first === null || !('hash' in first) || typeof first.hash !== 'string') {
      throw new Error('the downloaded proof has no first step');
    }
    const flipped = (first.hash[0] === '0' ? '1' : '0') + first.hash.slice(1);
    const tampered = JSON.stringify({
      ...downloaded,
      proof: [{ ...first, hash: flipped }, ...downloaded.proof.slice(1)],
    });
    const dataTransfer = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'tampered.json', { type: 'application/json' }));
      return transfer;
    }, tampered);
    await page.getByTestId('bundle-drop').dispatchEvent('drop', { dataTransfer });
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'invalid');
    await expect(page.getByTestId('check-inclusion')).toHaveAttribute('data-status', 'fail');
    await expect(page.getByTestId('check-inclusion')).toContainText(/count-bound root [0-9a-f]{64}/);
    await expect(page.getByText(/^Verifying the file tampered\.json against /)).toBeVisible();
    await expect(page).toBeAccessible();
  });
});

test('an unknown leaf is reported as such on the leaf page', async ({ page }) => {
  await page.goto(`/app/leaf/${'AB'.repeat(32)}`);
  await expect(page).toHaveURL(new RegExp(`/app/leaf/${'ab'.repeat(32)}$`));
  await expect(page.getByText('This service has no such leaf.')).toBeVisible();
  await expect(page).toBeAccessible();
});
