// The person who anchors (design review in Chromium): each document under a pseudonym of its own
// unless they choose to keep one, the date the contract existed by once anchored, the receipt as the
// action after submitting, and Submit in view once the file is dropped.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { REVIEW_VIEWPORTS, expect, keepKeyInBrowser, test, trialKey, waitForAnchor } from './fixtures';

const LAPTOP = { width: 1280, height: 800 };

/** A contract's text, different in every test (so every leaf is new). */
const contractText = () => `Service agreement ${Date.now()} ${Math.random()}\n`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Drops a file named `name` holding `text` on the Anchor page's drop zone, as one dragged from the desktop. */
async function dropContract(page: Page, name: string, text: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ([fileName, content]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([content], fileName));
      return transfer;
    },
    [name, text] as const,
  );
  await page.getByTestId('file-drop').dispatchEvent('drop', { dataTransfer });
  await expect(page.getByTestId('contract-sha256')).toHaveText(sha256(text));
}

/** Drops a new contract named `name`, submits it with the kept key; its serial number. */
async function anchorContract(page: Page, name: string): Promise<string> {
  await dropContract(page, name, contractText());
  const serial = await page.getByLabel('Serial number').inputValue();
  await page.getByRole('button', { name: 'Submit for anchoring' }).click();
  await expect(page.getByTestId('submit-status')).toHaveText('Recorded: a new leaf was created.');
  return serial;
}

/** The wallet pseudonym the card of `name` was filed under, as the card shows it. */
async function cardWallet(page: Page, name: string): Promise<string> {
  const card = page.getByTestId('saved-submission').filter({ hasText: `${name} · serial number` });
  const text = (await card.textContent()) ?? '';
  const wallet = /Wallet (\S+) · submitted/.exec(text)?.[1];
  if (!wallet) throw new Error(`the card of ${name} names no wallet: ${text}`);
  return wallet;
}

/** The serial numbers a wallet's public timeline lists, as anyone who knows the pseudonym sees them. */
async function timelineSerials(page: Page, wallet: string): Promise<string[]> {
  await page.goto(`/app/wallet/${wallet}`);
  const items = page.getByTestId('timeline').locator('li');
  await expect(items.first()).toBeVisible();
  return (await items.getByTestId('event-facts').allTextContents()).map(
    (facts) => /Serial number\s*(\S+)/.exec(facts)?.[1] ?? facts,
  );
}

const backgroundOf = (button: Locator) => button.evaluate((el) => getComputedStyle(el).backgroundColor);

/** "Nov 29, 2026, 05:13:50 UTC": the app's date words in en-US (formatDateTime), written out here. */
function usDateTime(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][
    d.getUTCMonth()
  ];
  const two = (n: number) => String(n).padStart(2, '0');
  return `${month} ${d.getUTCDate()}, ${d.getUTCFullYear()}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} UTC`;
}

test.describe('one pseudonym for everything, no more', () => {
  test.use({ viewport: LAPTOP });

  test('two contracts anchored from one browser get different pseudonyms; keeping one is a choice, explained and remembered', async ({
    page,
    request,
  }) => {
    await keepKeyInBrowser(page, await trialKey(request));
    await page.goto('/app/anchor');

    const serialA = await anchorContract(page, 'lease-a.pdf');
    // Another visit, as on another day.
    await page.goto('/app/anchor');
    const serialB = await anchorContract(page, 'lease-b.pdf');
    const [walletA, walletB] = [await cardWallet(page, 'lease-a.pdf'), await cardWallet(page, 'lease-b.pdf')];
    expect(walletA).toMatch(/^anon_[0-9a-f]{16}$/);
    expect(walletB).toMatch(/^anon_[0-9a-f]{16}$/);
    expect(walletB).not.toBe(walletA);
    // And in the same visit, the next document starts under a new one too.
    await page.getByRole('button', { name: 'Anchor another contract' }).click();
    await page.getByText('Advanced: wallet pseudonym').click();
    await expect(page.getByLabel('Wallet pseudonym')).toHaveValue(/^anon_[0-9a-f]{16}$/);
    await expect(page.getByLabel('Wallet pseudonym')).not.toHaveValue(walletB);

    // Whoever is handed lease-a's receipt sees only lease-a on its pseudonym's public timeline.
    expect(await timelineSerials(page, walletA)).toEqual([serialA]);
    expect(await timelineSerials(page, walletB)).toEqual([serialB]);
    await expect(page.getByTestId('public-timeline-note')).toContainText(
      'anyone who knows a pseudonym (every receipt filed under it names it) sees every event filed under it',
    );
    await expect(page).toBeAccessible();
    await expect(page).toBeAccessibleInDark();

    // Grouping: offered under Advanced, with what it costs said beside it.
    await page.goto('/app/anchor');
    await page.getByText('Advanced: wallet pseudonym').click();
    const keep = page.getByRole('checkbox', { name: 'Keep using this pseudonym for my next documents' });
    await expect(keep).not.toBeChecked();
    await expect(keep).toHaveAccessibleDescription(/everyone with one of these receipts can list the others/);
    await expect(page.getByText(/everyone with one of these receipts can list the others/)).toBeVisible();
    const kept = await page.getByLabel('Wallet pseudonym').inputValue();
    await keep.check();
    await expect(page.getByTestId('pseudonym-rule')).toHaveText('(one for all your documents)');
    await expect(page.getByLabel('Wallet pseudonym')).toHaveValue(kept);
    await expect(page).toBeAccessible();
    await expect(page).toBeAccessibleInDark();
    const serialC = await anchorContract(page, 'lease-c.pdf');
    await page.getByRole('button', { name: 'Anchor another contract' }).click();
    await expect(page.getByLabel('Wallet pseudonym')).toHaveValue(kept);
    const serialD = await anchorContract(page, 'lease-d.pdf');
    expect(await cardWallet(page, 'lease-c.pdf')).toBe(kept);
    expect(await cardWallet(page, 'lease-d.pdf')).toBe(kept);

    // Remembered as the person's choice: a later visit starts under the same one.
    await page.goto('/app/anchor');
    await page.getByText('Advanced: wallet pseudonym').click();
    await expect(keep).toBeChecked();
    await expect(page.getByLabel('Wallet pseudonym')).toHaveValue(kept);
    expect(await timelineSerials(page, kept)).toEqual([serialC, serialD]);
  });
});

test.describe('the date, not the height', () => {
  // The app writes dates in the reader's words: en-US here, so the expected words are known.
  test.use({ viewport: LAPTOP, locale: 'en-US' });

  test('once anchored, the result and the card say "contract.pdf existed by <date> UTC (block N)"', async ({
    page,
    request,
  }) => {
    await keepKeyInBrowser(page, await trialKey(request));
    await page.goto('/app/anchor');
    await anchorContract(page, 'contract.pdf');
    const leaf = (await page.getByTestId('submit-leaf').textContent()) ?? '';
    await waitForAnchor(request, leaf);
    const check = (await (await request.get(`/verify/${leaf}/check`)).json()) as {
      anchor: { height: number };
      block_time: number;
    };
    const existedBy = `contract.pdf existed by ${usDateTime(check.block_time)} (block ${check.anchor.height.toLocaleString('en-US')})`;

    await expect(page.getByTestId('submit-expected-wait')).toHaveText(`${existedBy}.`);
    const card = page.getByTestId('saved-submission').filter({ hasText: 'contract.pdf · serial number' });
    await expect(card.getByTestId('saved-existed-by')).toHaveText(existedBy);
    await expect(page.getByText(/at height/)).toHaveCount(0);
    await expect(page).toBeAccessible();
    await expect(page).toBeAccessibleInDark();

    // The card keeps saying it on a later visit.
    await page.reload();
    await expect(card.getByTestId('saved-existed-by')).toHaveText(existedBy);
  });
});

test('after the drop, Submit is in view at a laptop’s size, below the public-words warning, and reachable at a phone’s', async ({
  page,
}) => {
  for (const viewport of REVIEW_VIEWPORTS) {
    await test.step(`at ${viewport.width} × ${viewport.height}`, async () => {
      await page.setViewportSize(viewport);
      // No key kept yet, as on a first visit: the longest form, with its note about trial keys.
      await page.goto('/app/anchor');
      await expect(page.getByTestId('no-key-note')).toBeVisible();
      await dropContract(page, 'contract.pdf', contractText());
      const submit = page.getByRole('button', { name: 'Get a trial key and submit' });
      const warning = page.getByRole('note').filter({ hasText: 'become public' });
      if (viewport.width >= LAPTOP.width) {
        await expect(submit).toBeInViewport({ ratio: 1 });
        await expect(warning).toBeInViewport({ ratio: 1 });
      } else {
        await expect(warning).toBeVisible();
        await submit.scrollIntoViewIfNeeded();
        await expect(submit).toBeInViewport({ ratio: 1 });
      }
      await expect(page).toBeAccessible();
      await expect(page).toBeAccessibleInDark();
      await submit.click();
      await expect(page.getByTestId('submit-status')).toHaveText('Recorded: a new leaf was created.');
      await expect(page).toHaveNoSidewaysScroll({ tolerancePx: 0 });
      // The next size starts as a first visit again.
      await page.evaluate(() => localStorage.removeItem('zap1.keys'));
    });
  }
});

for (const viewport of REVIEW_VIEWPORTS) {
  test.describe(`the person's next step at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('after submitting, "Download receipt" is the primary action and comes first; anchoring another is second', async ({
      page,
      request,
    }) => {
      await keepKeyInBrowser(page, await trialKey(request));
      await page.goto('/app/anchor');
      await dropContract(page, 'contract.pdf', contractText());
      const submit = page.getByRole('button', { name: 'Submit for anchoring' });
      const primary = await backgroundOf(submit);
      await submit.click();
      await expect(page.getByTestId('submit-status')).toHaveText('Recorded: a new leaf was created.');
      // The pointer off the buttons, so that none shows its hover colour.
      await page.mouse.move(0, 0);

      const receipt = page.getByRole('button', { name: 'Download receipt' });
      const another = page.getByRole('button', { name: 'Anchor another contract' });
      await expect(receipt).toBeInViewport({ ratio: 1 });
      expect(await backgroundOf(receipt)).toBe(primary);
      expect(await backgroundOf(another)).not.toBe(primary);
      // The one filled button on the page is the receipt's.
      const buttons = await page.getByRole('button').all();
      const filled = [];
      for (const button of buttons) {
        if ((await button.isVisible()) && (await backgroundOf(button)) === primary) {
          filled.push(await button.textContent());
        }
      }
      expect(filled).toEqual(['Download receipt']);
      // First in reading order: above it, or on its row (centred alike) to its left.
      const [r, a] = [await receipt.boundingBox(), await another.boundingBox()];
      if (!r || !a) throw new Error('the two buttons have no boxes');
      const sameRow = Math.abs(r.y + r.height / 2 - (a.y + a.height / 2)) < 4;
      expect(sameRow ? r.x < a.x : r.y + r.height <= a.y).toBe(true);
      await expect(page).toBeAccessible();
      await expect(page).toBeAccessibleInDark();

      const started = page.waitForEvent('download');
      await receipt.click();
      const file = await started;
      const json = JSON.parse(readFileSync(await file.path(), 'utf8')) as { format: string };
      expect(json.format).toBe('zap1-receipt/1');
      expect(file.suggestedFilename()).toMatch(/^contract\.pdf\.(pending\.)?zap1\.json$/);

      await another.click();
      await expect(page.getByTestId('submit-result')).toHaveCount(0);
      await expect(page.getByTestId('file-drop-chosen')).toHaveText('No file chosen yet.');
      await expect(submit).toBeVisible();
    });
  });
}
