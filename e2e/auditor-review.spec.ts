/**
 * The auditor's Verify page after the review of issue 29, at a phone's width and a laptop's, against
 * the running service on the development chain: a forged receipt never shows its file as matched; a
 * bare proof bundle with a file is not called a mismatch; the completed receipt is saved as
 * contract.pdf.zap1.json; a shared link's receipt is read again when the fragment changes and can be
 * taken up again once set aside; and hashing shows the same progress on Verify and Search.
 */
import { closeSync, ftruncateSync, openSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  anchorContractForSpec,
  documentStatus,
  dropZoneInput,
  printedCertificate,
  sha256Of,
  verdict,
} from './auditor-support';
import { REVIEW_VIEWPORTS, expect, test } from './fixtures';

const setup = anchorContractForSpec(
  { text: `Service agreement ${Date.now()} ${Math.random()}\n`, wallet: 'review', serialPrefix: 'REV' },
  ({ contract, leaf, proof, receiptOf }, dir) => {
    const forged = path.join(dir, 'forged.pdf');
    writeFileSync(forged, `Another agreement, never anchored ${Math.random()}\n`);
    const receipt = receiptOf(proof);
    // Kept before the anchor: Verify completes it with the service's anchored proof.
    const pendingReceiptPath = path.join(dir, 'contract.pdf.pending.zap1.json');
    writeFileSync(pendingReceiptPath, JSON.stringify(receiptOf(null)));
    // A real receipt whose contract hash was edited to name another file: its leaf no longer proves it.
    const forgedReceiptPath = path.join(dir, 'forged.pdf.zap1.json');
    writeFileSync(
      forgedReceiptPath,
      JSON.stringify({ ...receipt, event: { ...receipt.event, contract_sha256: sha256Of(forged) } }),
    );
    const bundlePath = path.join(dir, 'proof.json');
    writeFileSync(bundlePath, JSON.stringify(proof));
    // Sparse (no disk): large enough that hashing is still running when the page is looked at.
    const large = path.join(dir, 'large-contract.bin');
    const fd = openSync(large, 'w');
    ftruncateSync(fd, 600 * 1024 * 1024);
    closeSync(fd);
    return { contract, forged, pendingReceiptPath, forgedReceiptPath, bundlePath, large, receipt, leaf };
  },
);

for (const viewport of REVIEW_VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a forged receipt (its contract hash edited to name another file) never shows that file as matched', async ({
      page,
    }) => {
      await page.goto('/app/verify');
      await dropZoneInput(page).setInputFiles([setup().forgedReceiptPath, setup().forged]);
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'invalid');
      await expect(documentStatus(page)).toHaveAttribute('data-document', 'unchecked');
      await expect(documentStatus(page)).not.toContainText('✓');
      await expect(documentStatus(page)).toContainText("the receipt's event failed its check");
      await expect(page.getByTestId('check-file')).toHaveAttribute('data-status', 'unknown');
      await expect(page).toBeAccessible();
      const paper = await printedCertificate(page);
      expect(paper).toContain("Documentnot checked: the receipt's event failed its check");
      expect(paper).not.toContain('forged.pdf');
    });

    test('a bare proof bundle with a file: the file was compared with nothing, and the bundle still holds', async ({
      page,
    }) => {
      await page.goto('/app/verify');
      await dropZoneInput(page).setInputFiles([setup().bundlePath, setup().contract]);
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'anchored');
      await expect(documentStatus(page)).toHaveAttribute('data-document', 'unchecked');
      await expect(documentStatus(page)).toContainText('a bare proof bundle names no document');
      await expect(page.getByTestId('verdict-headline')).toHaveText(/^The leaf existed by /);
      await expect(page.getByTestId('expected-actual')).toHaveCount(0);
      await expect(page).toBeAccessible();
      const paper = await printedCertificate(page);
      expect(paper).not.toContain('mismatch');
      expect(paper).toContain('Documentnot checked: a bare proof bundle names no document');
    });

    test('the completed receipt is saved as contract.pdf.zap1.json', async ({ page }) => {
      await page.goto('/app/verify');
      await dropZoneInput(page).setInputFiles(setup().pendingReceiptPath);
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'anchored');
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download the completed receipt' }).click();
      expect((await download).suggestedFilename()).toBe('contract.pdf.zap1.json');
    });

    test("a shared link's receipt is read when the fragment changes, and comes back once set aside", async ({
      page,
    }) => {
      await page.goto(`/app/verify?leaf=${setup().leaf}`);
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'anchored');
      await expect(page.getByTestId('slot-receipt')).toHaveAttribute('data-filled', 'no');
      // The same page, now with the receipt in its fragment (as following a link within the app would).
      // The fragment as the app writes it: the receipt's JSON in unpadded base64url.
      const fragment = `receipt=${Buffer.from(JSON.stringify(setup().receipt)).toString('base64url')}`;
      await page.evaluate((value) => {
        window.location.hash = value;
      }, fragment);
      await expect(page.getByTestId('slot-receipt')).toHaveAttribute('data-filled', 'yes');
      await expect(page.getByTestId('slot-receipt')).toContainText('from the shared link');
      await expect(documentStatus(page)).toHaveAttribute('data-document', 'not-provided');

      await page.getByRole('button', { name: 'Back to the leaf in the link' }).click();
      await expect(page.getByTestId('slot-receipt')).toHaveAttribute('data-filled', 'no');
      await expect(page).toBeAccessible();
      await page.getByRole('button', { name: 'Use the receipt in the link' }).click();
      await expect(page.getByTestId('slot-receipt')).toHaveAttribute('data-filled', 'yes');
      await expect(documentStatus(page)).toHaveAttribute('data-document', 'not-provided');
      await dropZoneInput(page).setInputFiles(setup().contract);
      await expect(documentStatus(page)).toHaveAttribute('data-document', 'matched');
    });

    test('hashing shows the same progress, with Cancel, on Verify and on Search', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto('/app/verify');
      await dropZoneInput(page).setInputFiles(setup().large);
      const verifyBar = page.getByRole('progressbar', { name: 'Hashing large-contract.bin' });
      await expect(verifyBar).toBeVisible();
      await expect(page.getByTestId('hashing-progress')).toContainText('of 600.0 MiB');
      await expect(page.getByTestId('slot-document')).toContainText('large-contract.bin: hashing,');
      await expect(page).toBeAccessible();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByText('Hashing of large-contract.bin was cancelled.')).toBeVisible();

      await page.goto(`/app/search?q=${'0'.repeat(63)}1`);
      await page.getByLabel('Or use the file itself').setInputFiles(setup().large);
      await expect(page.getByRole('progressbar', { name: 'Hashing large-contract.bin' })).toBeVisible();
      await expect(page.getByTestId('hashing-progress')).toContainText('of 600.0 MiB');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByText('Hashing of large-contract.bin was cancelled.')).toBeVisible();
    });
  });
}
