// The person anchoring (issue 29, items 7-10), at a phone's width and a desktop's: nothing lost on
// the way to a trial key, receipts named after their documents and their state, the form in plain
// words, and submissions that travel (export, import, "did this file change?").
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { REVIEW_VIEWPORTS, expect, keepKeyInBrowser, test, trialKey, waitForAnchor } from './fixtures';

/** A contract's text, different in every test (so every leaf is new). */
function contractText(): string {
  return `Lease agreement ${Date.now()} ${Math.random()}\n`;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Drops a file with `text` on `target`, as a file dragged from the desktop. */
async function dropFile(page: Page, target: Locator, name: string, text: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ([fileName, content]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([content], fileName));
      return transfer;
    },
    [name, text] as const,
  );
  await target.dispatchEvent('drop', { dataTransfer });
}

/** Chooses a contract file on the Anchor page and waits for its digest. */
async function chooseContract(page: Page, name: string, text: string): Promise<void> {
  await page
    .getByLabel('Contract file')
    .setInputFiles({ name, mimeType: 'application/pdf', buffer: Buffer.from(text) });
  await expect(page.getByTestId('contract-sha256')).toHaveText(sha256(text));
}

/**
 * With a fresh trial key kept, chooses a new contract named `name` on the Anchor page and submits
 * it: the contract's text and the leaf the service recorded.
 */
async function submitNewContract(
  page: Page,
  request: APIRequestContext,
  name: string,
): Promise<{ text: string; leaf: string }> {
  await keepKeyInBrowser(page, await trialKey(request));
  const text = contractText();
  await page.goto('/app/anchor');
  await chooseContract(page, name, text);
  await page.getByRole('button', { name: 'Submit for anchoring' }).click();
  await expect(page.getByTestId('submit-status')).toHaveText('Recorded: a new leaf was created.');
  return { text, leaf: (await page.getByTestId('submit-leaf').textContent()) ?? '' };
}

/** Clicks a download button; the suggested file name and the JSON it saved. */
async function download(
  page: Page,
  button: Locator,
): Promise<{ name: string; json: Record<string, unknown> }> {
  const started = page.waitForEvent('download');
  await button.click();
  const file = await started;
  const json = JSON.parse(readFileSync(await file.path(), 'utf8')) as Record<string, unknown>;
  return { name: file.suggestedFilename(), json };
}

/** The anchor txid a receipt's proof names, or null while pending. */
function receiptTxid(receipt: Record<string, unknown>): string | null {
  const proof = receipt['proof'] as { anchor?: { txid?: string | null } } | null;
  return proof?.anchor?.txid ?? null;
}

for (const viewport of REVIEW_VIEWPORTS) {
  test.describe(`anchoring at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('item 7: the draft survives a trip to the Keys page for a trial key, and a reload', async ({
      page,
    }) => {
      const text = contractText();
      await page.goto('/app/anchor');
      await expect(page.getByTestId('no-key-note')).toBeVisible();
      await chooseContract(page, 'contract.pdf', text);
      await page.getByLabel('Serial number').fill('LEASE-2026-7');
      await page.getByText('Advanced: wallet pseudonym').click();
      await page.getByLabel('Wallet pseudonym').fill('my_own_wallet');

      await page.getByRole('link', { name: 'get or paste a key on the Keys page' }).click();
      await page.getByRole('button', { name: 'Get a trial key' }).click();
      await expect(page.getByTestId('issued-key')).toBeVisible();
      await page.goBack();

      for (const round of ['after the Keys page', 'after a reload']) {
        await expect(page.getByTestId('file-drop-chosen'), round).toHaveText(
          /^✓ contract\.pdf \(\d+ B\), hashed earlier in this tab/,
        );
        await expect(page.getByTestId('contract-sha256'), round).toHaveText(sha256(text));
        await expect(page.getByLabel('Serial number'), round).toHaveValue('LEASE-2026-7');
        await page.getByText('Advanced: wallet pseudonym').click();
        await expect(page.getByLabel('Wallet pseudonym'), round).toHaveValue('my_own_wallet');
        await expect(page.getByTestId('no-key-note'), round).toHaveCount(0);
        await expect(page).toBeAccessible();
        if (round === 'after the Keys page') await page.reload();
      }
      await page.getByRole('button', { name: 'Submit for anchoring' }).click();
      await expect(page.getByTestId('submit-status')).toHaveText('Recorded: a new leaf was created.');
      await expect(page.getByTestId('saved-submissions')).toContainText(
        'contract.pdf · serial number LEASE-2026-7',
      );
    });

    test('item 7: with no key kept, Submit gets a trial key inline and submits', async ({ page }) => {
      const text = contractText();
      await page.goto('/app/anchor');
      await chooseContract(page, 'inline.pdf', text);
      await page.getByRole('button', { name: 'Get a trial key and submit' }).click();
      await expect(page.getByTestId('submit-status')).toHaveText('Recorded: a new leaf was created.');
      await expect(page.getByTestId('inline-trial-key')).toContainText(/zap1_trial_[0-9a-f]{32}/);
      const kept = await page.evaluate(() => localStorage.getItem('zap1.keys'));
      expect(kept).toMatch(/zap1_trial_[0-9a-f]{32}/);
      await expect(page).toBeAccessible();
      await expect(page).toHaveNoSidewaysScroll({ tolerancePx: 0 });
    });

    test('item 8: receipts named after the document and its state, the expected time, then Anchor another contract', async ({
      page,
      request,
    }) => {
      const { leaf } = await submitNewContract(page, request, 'contract.pdf');
      // The Leaf page's words from /anchor/status, not "shortly".
      await expect(page.getByTestId('submit-expected-wait')).toHaveText(
        /^(The next anchor is expected (in about \d+ (seconds|minutes|hours)|any moment now)\.|An anchor transaction is (on its way|being prepared).*|contract\.pdf existed by .*)$/,
      );

      const first = await download(page, page.getByRole('button', { name: 'Download receipt' }));
      // Pending unless the anchor already landed in the moment between submit and click.
      expect(first.name).toBe(
        receiptTxid(first.json) === null ? 'contract.pdf.pending.zap1.json' : 'contract.pdf.zap1.json',
      );

      // Not armed any more: the result, in Submit's place, offers to start afresh.
      await expect(page.getByRole('button', { name: 'Submit for anchoring' })).toHaveCount(0);
      await expect(page.getByLabel('Serial number')).toBeDisabled();
      await expect(page).toBeAccessible();

      const txid = await waitForAnchor(request, leaf);
      const card = page.getByTestId('saved-submission').first();
      await expect(card.getByTestId('saved-status')).toContainText('Anchored', { timeout: 30_000 });
      await expect(page.getByTestId('submit-expected-wait')).toHaveText(
        /^contract\.pdf existed by .+ UTC \(block [\d,]+\)\.$/,
      );
      const final = await download(page, card.getByRole('button', { name: 'Download the final receipt' }));
      expect(final.name).toBe('contract.pdf.zap1.json');
      expect(receiptTxid(final.json)).toBe(txid);

      await page.getByRole('button', { name: 'Anchor another contract' }).click();
      await expect(page.getByTestId('submit-result')).toHaveCount(0);
      await expect(page.getByTestId('file-drop-chosen')).toHaveText('No file chosen yet.');
      await expect(page.getByLabel('Serial number')).toBeEnabled();
      await expect(page.getByLabel('Contract file')).toBeFocused();
      await expect(page.getByRole('button', { name: 'Submit for anchoring' })).toBeVisible();
      await expect(page).toHaveNoSidewaysScroll({ tolerancePx: 0 });
    });

    test('item 9: the form in plain words, Submit never silently disabled, a drop zone that names its file', async ({
      page,
    }) => {
      await page.goto('/app/anchor');
      await expect(page.getByLabel('Serial number')).toHaveValue(/^REF-\d{8}-[0-9A-Z]{8}$/);
      await expect(page.getByLabel('Wallet pseudonym')).toBeHidden();
      await expect(page.getByTestId('file-drop-chosen')).toHaveText('No file chosen yet.');
      await expect(page.getByText('No file chosen', { exact: true })).toHaveCount(0);

      await page.getByLabel('Serial number').fill('');
      const submit = page.getByRole('button', { name: 'Get a trial key and submit' });
      await expect(submit).toBeEnabled();
      await submit.click();
      await expect(page.getByTestId('not-sent')).toContainText(
        'Choose or drop the contract file, or paste its SHA-256.',
      );
      await expect(page.getByTestId('not-sent')).toContainText(
        'Enter a reference for this contract (its serial number).',
      );
      await expect(page.getByLabel('Contract file')).toBeFocused();
      await expect(submit).toBeEnabled();
      await expect(page).toBeAccessible();

      await dropFile(page, page.getByTestId('file-drop'), 'dropped-lease.pdf', 'a dropped lease\n');
      await expect(page.getByTestId('file-drop-chosen')).toHaveText(
        /^✓ dropped-lease\.pdf \(\d+ B\), hashed here\.$/,
      );
      await expect(page.getByTestId('contract-sha256')).toHaveText(sha256('a dropped lease\n'));
      await page.getByRole('button', { name: 'New reference' }).click();
      await expect(page.getByLabel('Serial number')).toHaveValue(/^REF-/);
      await expect(page.getByTestId('not-sent')).toHaveCount(0);
      await page.getByText('Advanced: wallet pseudonym').click();
      await expect(page.getByLabel('Wallet pseudonym')).toHaveValue(/^anon_[0-9a-f]{16}$/);
      await expect(page).toBeAccessible();
      await expect(page).toHaveNoSidewaysScroll({ tolerancePx: 0 });
    });

    test('item 10: submissions exported and imported without duplicates, and a file checked against one', async ({
      page,
      request,
    }) => {
      const { text, leaf } = await submitNewContract(page, request, 'travel.pdf');

      const exported = await download(page, page.getByRole('button', { name: 'Export your submissions' }));
      expect(exported.name).toBe('zap1-submissions.json');
      expect(exported.json['format']).toBe('zap1-submissions/1');
      expect((exported.json['submissions'] as { leafHex: string }[]).map((s) => s.leafHex)).toEqual([leaf]);

      // Another browser: nothing kept, then the export imported, twice (no duplicate).
      await page.evaluate(() => localStorage.removeItem('zap1.submissions'));
      await page.goto('/app/anchor');
      await expect(page.getByTestId('saved-submission')).toHaveCount(0);
      const importFile = (name: string, body: string) =>
        page
          .getByLabel('Import submissions')
          .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(body) });
      await importFile('zap1-submissions.json', JSON.stringify(exported.json));
      await expect(page.getByTestId('import-outcome')).toHaveText(
        'Imported 1 submission from zap1-submissions.json.',
      );
      await expect(page.getByTestId('saved-submission')).toHaveCount(1);
      await importFile('zap1-submissions.json', JSON.stringify(exported.json));
      await expect(page.getByTestId('import-outcome')).toHaveText(
        'Imported 0 submissions from zap1-submissions.json; 1 was already kept.',
      );
      await expect(page.getByTestId('saved-submission')).toHaveCount(1);

      // A bad file: a clear error, and nothing changes.
      await importFile('notes.json', '{"format": "something else"}');
      await expect(
        page.getByRole('alert').filter({ hasText: 'notes.json was not imported, and nothing changed' }),
      ).toBeVisible();
      await expect(page.getByTestId('saved-submission')).toHaveCount(1);
      await expect(page).toBeAccessible();

      // "Did this file change?": the same file, then an edited one, dropped on the card.
      const card = page.getByTestId('saved-submission').first();
      await dropFile(page, card, 'travel.pdf', text);
      await expect(card.getByTestId('file-check-result')).toHaveAttribute('data-result', 'same');
      await expect(card.getByTestId('file-check-result')).toContainText(
        '✓ Same: travel.pdf is the file this submission anchored.',
      );
      const edited = `${text}one more clause\n`;
      await card.getByLabel('Did this file change?').setInputFiles({
        name: 'travel-edited.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(edited),
      });
      await expect(card.getByTestId('file-check-result')).toHaveAttribute('data-result', 'changed');
      await expect(card.getByTestId('file-check-expected')).toHaveText(sha256(text));
      await expect(card.getByTestId('file-check-actual')).toHaveText(sha256(edited));
      await expect(page).toBeAccessible();
      await expect(page).toHaveNoSidewaysScroll({ tolerancePx: 0 });
    });
  });
}
