// Copy buttons put the whole value on the clipboard (not the shortened one shown), and focus goes
// where the user's next step is after Cancel and Submit, instead of falling back to the page's top.
import type { Page } from '@playwright/test';
import { test, expect, postEvent, trialKey, uniqueWallet, waitForAnchor } from './fixtures';

async function clipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Whether the focused element is (or is inside) the element with this test id. */
async function focusIsIn(page: Page, testId: string): Promise<boolean> {
  return page.evaluate((id) => {
    const target = document.querySelector(`[data-testid="${id}"]`);
    return target !== null && document.activeElement !== null && target.contains(document.activeElement);
  }, testId);
}

test('copy buttons copy the whole hash that the page shows shortened', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const key = await trialKey(request);
  const leaf = await postEvent(request, key, {
    event_type: 'CONTRACT_ANCHOR',
    wallet_hash: uniqueWallet('copy'),
    serial_number: `SN-copy-${Date.now()}`,
    contract_sha256: 'ef'.repeat(32),
  });
  const txid = await waitForAnchor(request, leaf);

  await page.goto('/app/events');
  const row = page.locator(`tr[data-leaf="${leaf}"]`);
  // Shown shortened, named in full.
  const link = row.getByRole('link', { name: leaf });
  await expect(link.locator('[aria-hidden="true"]')).toHaveText(`${leaf.slice(0, 10)}…${leaf.slice(-6)}`);
  await expect(link).toHaveAttribute('title', leaf);
  await row.getByRole('button', { name: 'Copy the leaf hash' }).click();
  await expect(row.getByRole('status')).toHaveText('Copied.');
  await expect.poll(() => clipboard(page)).toBe(leaf);

  await page.goto('/app/history');
  const anchorRow = page.locator(`tr[data-txid="${txid}"]`);
  await anchorRow.getByRole('button', { name: 'Copy the transaction id' }).click();
  await expect.poll(() => clipboard(page)).toBe(txid);
  const rootHref = await anchorRow.locator('a[href^="/app/root/"]').getAttribute('href');
  await anchorRow.getByRole('button', { name: 'Copy the root' }).click();
  await expect.poll(() => clipboard(page)).toBe(rootHref?.replace('/app/root/', ''));

  await page.goto(`/app/leaf/${leaf}`);
  await expect(page.getByTestId('leaf-state')).toHaveText('Anchored');
  await page.getByRole('button', { name: 'Copy the transaction id' }).click();
  await expect.poll(() => clipboard(page)).toBe(txid);

  // From the keyboard: reaching the button writes the whole value out, for eyes without a hover.
  await page.goto('/app/events');
  const copyLeaf = page
    .locator(`tr[data-leaf="${leaf}"]`)
    .getByRole('button', { name: 'Copy the leaf hash' });
  await copyLeaf.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(copyLeaf).toBeFocused();
  await expect(page.locator(`tr[data-leaf="${leaf}"] [data-hash] > span[aria-hidden="true"]`)).toHaveText(
    leaf,
  );
  await page.keyboard.press('Enter');
  await expect.poll(() => clipboard(page)).toBe(leaf);
});

test('after Submit focus lands on the result; after Cancel on the control that asked', async ({
  page,
  request,
}) => {
  // Keys: a kept key takes focus once the form that checked it empties.
  const key = await trialKey(request);
  await page.goto('/app/keys');
  await page.getByLabel('API key (e.g. an operator key)').fill(key);
  await page.getByRole('button', { name: 'Check and keep' }).click();
  await expect(page.getByTestId('key-info')).toBeVisible();
  expect(await focusIsIn(page, 'kept-key-panel')).toBe(true);

  // A new trial key replaces a kept one only after asking; Cancel returns to the button that asked.
  await page.getByRole('button', { name: 'Get a trial key' }).click();
  await expect(page.getByRole('button', { name: 'Replace my key' })).toBeFocused();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Get a trial key' })).toBeFocused();
  await page.getByRole('button', { name: 'Get a trial key' }).click();
  await page.getByRole('button', { name: 'Replace my key' }).click();
  await expect(page.getByTestId('issued-key')).toBeVisible();
  expect(await focusIsIn(page, 'issued-key-box')).toBe(true);

  // Anchor: the result of a submit takes focus (the pressed button is disabled while it is sent).
  await page.goto('/app/anchor');
  await page.getByLabel(/Paste its SHA-256/).check();
  await page.getByLabel('Contract SHA-256').fill('12'.repeat(32));
  await page.getByLabel('Serial number').fill(`SN-focus-${Date.now()}`);
  await page.getByRole('button', { name: 'Submit for anchoring' }).click();
  await expect(page.getByTestId('submit-status')).toBeVisible();
  expect(await focusIsIn(page, 'submit-result')).toBe(true);
});
