/**
 * The auditor handed a receipt and a file (issue 29, items 1 to 5), at a phone's width and a
 * laptop's, against the running service on the development chain: the document's own status and
 * the network, on the page and the printed certificate; the date the document existed by; one drop
 * zone with two slots, above the fold; a mismatch as expected/actual rows, and an edited anchor
 * told apart from one never made; and a shared link that asks the colleague for the document.
 */
import { readFileSync, writeFileSync } from 'node:fs';
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
  { text: `Lease agreement ${Date.now()} ${Math.random()}\n`, wallet: 'auditor', serialPrefix: 'AUD' },
  ({ contract, proof, txid, receiptOf }, dir) => {
    const edited = path.join(dir, 'contract-edited.pdf');
    writeFileSync(edited, `Lease agreement, edited afterwards ${Math.random()}\n`);
    const receipt = receiptOf(proof);
    const receiptPath = path.join(dir, 'contract.pdf.zap1.json');
    writeFileSync(receiptPath, JSON.stringify(receipt));
    // The receipt's anchor claim edited afterwards (another transaction): the service still holds the real one.
    const alteredPath = path.join(dir, 'contract-altered.zap1.json');
    const flipped = (txid[0] === '0' ? '1' : '0') + txid.slice(1);
    writeFileSync(
      alteredPath,
      JSON.stringify({ ...receipt, proof: { ...proof, anchor: { ...proof.anchor, txid: flipped } } }),
    );
    return { contract, edited, receiptPath, alteredPath, receipt, sha: sha256Of(contract), txid };
  },
);

for (const viewport of REVIEW_VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('item 1: a receipt without its document says "not provided", names the network, and offers contract.pdf', async ({
      page,
    }) => {
      await page.goto('/app/verify');
      await dropZoneInput(page).setInputFiles(setup().receiptPath);
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'anchored');
      await expect(documentStatus(page)).toHaveAttribute('data-document', 'not-provided');
      await expect(documentStatus(page)).toContainText('not provided: only the receipt was checked');
      await expect(page.getByTestId('verdict-headline')).toHaveText(/^The leaf existed by /);
      await expect(page.getByTestId('verdict-network')).toHaveAttribute('data-network', 'devnet');
      await expect(page.getByTestId('verdict-network')).toContainText('named by the chain evidence');
      await expect(page).toBeAccessible();
      await expect(page).toHaveNoSidewaysScroll();

      const paper = await printedCertificate(page);
      expect(paper).toContain('Documentnot provided: only the receipt was checked, not the document');
      expect(paper).toContain('Networkdevnet');
      // Only the leaf is claimed on paper, never the document.
      expect(paper).toContain('✓ Anchored: the leaf existed by');
      expect(paper).not.toContain('contract.pdf existed');

      // The offer opens the file chooser; the document then matches.
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Drop contract.pdf to check it' }).click();
      await (await chooser).setFiles(setup().contract);
      await expect(documentStatus(page)).toHaveAttribute('data-document', 'matched');
      await expect(documentStatus(page)).toContainText('✓ matched: contract.pdf was hashed here');
      const checked = await printedCertificate(page);
      expect(checked).toContain(
        'Documentmatched: contract.pdf was hashed here, and its SHA-256 is the contract hash the leaf commits to',
      );
    });

    test('item 2: the headline is the date contract.pdf existed by, absolute and in UTC, also on paper', async ({
      page,
    }) => {
      await page.goto('/app/verify');
      await dropZoneInput(page).setInputFiles([setup().receiptPath, setup().contract]);
      await expect(documentStatus(page)).toHaveAttribute('data-document', 'matched');
      const headline = page.getByTestId('verdict-headline');
      await expect(headline).toHaveText(/^contract\.pdf existed by .+ UTC \(block [\d,]+\)$/);
      // The block time reads absolute first, then how long ago.
      await expect(page.getByTestId('block-time')).toHaveText(/^.+ UTC · .+/);
      await expect(page).toBeAccessible();
      const paper = await printedCertificate(page);
      expect(paper).toMatch(/✓ Anchored: contract\.pdf existed by .+ UTC \(block [\d,]+\)/);
      expect(paper).toMatch(/Block time\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
      expect(paper).toMatch(/Verified at\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
    });

    test('item 3: one drop zone leads, above the fold, with the leaf field beside it, and fills its two slots', async ({
      page,
    }) => {
      await page.goto('/app/verify');
      const zone = page.getByTestId('bundle-drop');
      const box = (await zone.boundingBox())!;
      expect(box.y + box.height, 'the drop zone ends above the fold').toBeLessThanOrEqual(viewport.height);
      await expect(page.getByTestId('slot-receipt')).toHaveAttribute('data-filled', 'no');
      await expect(page.getByTestId('slot-document')).toHaveAttribute('data-filled', 'no');
      // Auditors paste a leaf as often as they drop a receipt: its field needs no section opened.
      await expect(page.getByRole('main').getByLabel('Leaf hash', { exact: true })).toBeVisible();
      await expect(page.getByLabel('Or paste the receipt or bundle JSON')).toBeHidden();
      await expect(page).toBeAccessible();
      await expect(page).toHaveNoSidewaysScroll();

      // The keyboard reaches the file chooser.
      await dropZoneInput(page).focus();
      const chooser = page.waitForEvent('filechooser');
      await page.keyboard.press('Space');
      await (await chooser).setFiles(setup().receiptPath);
      await expect(page.getByTestId('slot-receipt')).toHaveAttribute('data-filled', 'yes');
      await expect(page.getByTestId('slot-receipt')).toContainText('contract.pdf.zap1.json');
      await expect(page.getByTestId('slot-document')).toHaveAttribute('data-filled', 'no');
      await expect(page.getByTestId('slot-document')).toContainText('drop contract.pdf to compare it');

      // The document dropped (drag and drop), on its own, is recognised as the document.
      const bytes = readFileSync(setup().contract, 'utf8');
      const dataTransfer = await page.evaluateHandle((text) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([text], 'contract.pdf', { type: 'application/pdf' }));
        return transfer;
      }, bytes);
      await page.getByTestId('bundle-drop').dispatchEvent('drop', { dataTransfer });
      await expect(page.getByTestId('slot-document')).toHaveAttribute('data-filled', 'yes');
      await expect(documentStatus(page)).toHaveAttribute('data-document', 'matched');
      await expect(page).toBeAccessible();

      // With something held, a leaf is one click away.
      await page.getByText('Check a leaf instead').click();
      await expect(page.getByRole('main').getByLabel('Leaf hash', { exact: true })).toBeVisible();
      await expect(page).toBeAccessible();
    });

    test('item 4: a mismatch reads as expected/actual rows, marked; an edited anchor says the receipt was altered', async ({
      page,
    }) => {
      await page.goto('/app/verify');
      await dropZoneInput(page).setInputFiles([setup().receiptPath, setup().edited]);
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'invalid');
      await expect(documentStatus(page)).toHaveAttribute('data-document', 'mismatch');
      // A wrong document is said to be one, not read as a forgery.
      await expect(verdict(page)).toHaveText('✗ This document does not match the receipt');
      await expect(page.getByTestId('expected-row')).toBeVisible();
      await expect(page.getByTestId('actual-row')).toBeVisible();
      await expect(page.getByTestId('expected-hash')).toHaveAttribute('data-hash', setup().sha);
      const editedSha = sha256Of(setup().edited);
      await expect(page.getByTestId('actual-hash')).toHaveAttribute('data-hash', editedSha);
      expect(await page.getByTestId('actual-row').locator('mark').count()).toBeGreaterThan(0);
      await expect(page.getByTestId('difference-count')).toHaveText(/^\d+ of 64 characters differ/);
      // Not colour alone: the marks are underlined and bold.
      const style = await page
        .getByTestId('actual-row')
        .locator('mark')
        .first()
        .evaluate((mark) => {
          const computed = getComputedStyle(mark);
          return { line: computed.textDecorationLine, weight: Number(computed.fontWeight) };
        });
      expect(style.line).toContain('underline');
      expect(style.weight).toBeGreaterThanOrEqual(700);
      await expect(page.getByTestId('check-file')).not.toContainText(setup().sha);
      await expect(page.getByTestId('verdict-reason')).not.toContainText(setup().sha);
      await expect(page).toBeAccessible();
      await expect(page).toHaveNoSidewaysScroll();
      // On paper the file is named with its hash, beside the expected one.
      const paper = await printedCertificate(page);
      expect(paper).toContain(
        `Documentdoes not match: contract-edited.pdf (hashed here, SHA-256 ${editedSha})`,
      );

      await page.goto('/app/verify');
      await dropZoneInput(page).setInputFiles(setup().alteredPath);
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'invalid');
      const note = page.getByTestId('service-proof');
      await expect(note).toHaveAttribute('data-service-proof', 'anchored');
      await expect(note).toContainText('Receipt altered');
      await expect(note).toContainText(setup().txid);
      await expect(page).toBeAccessible();
    });

    test('item 5: the shared link carries the SHA-256 and the event, and asks the colleague for the document', async ({
      page,
      context,
    }) => {
      await page.goto('/app/verify');
      await dropZoneInput(page).setInputFiles([setup().receiptPath, setup().contract]);
      await expect(documentStatus(page)).toHaveAttribute('data-document', 'matched');
      await page.getByTestId('details-share').locator('summary').click();
      const shared = (await page.getByTestId('verify-link').getAttribute('data-link'))!;
      const url = new URL(shared);
      expect(url.searchParams.get('sha256')).toBe(setup().sha);
      expect(url.hash).toMatch(/^#e=[A-Za-z0-9_-]+$/);
      expect(shared.length).toBeLessThan(1000);
      await expect(page.getByTestId('share-explained')).toContainText(
        'asked to drop contract.pdf to confirm it is the same document',
      );
      await expect(page.getByTestId('verify-qr').first()).toBeVisible();

      const colleague = await context.newPage();
      const asked: string[] = [];
      colleague.on('request', (request) => asked.push(request.url()));
      await colleague.goto(shared);
      await expect(colleague.getByTestId('shared-link-notice')).toContainText(
        'Drop contract.pdf below to confirm it is the same document',
      );
      await expect(colleague.getByTestId('slot-receipt')).toHaveAttribute('data-filled', 'yes');
      await expect(colleague.getByTestId('verdict')).toHaveAttribute('data-verdict', 'anchored');
      await expect(colleague.getByTestId('document-status')).toHaveAttribute('data-document', 'not-provided');
      await expect(colleague).toBeAccessible();
      await dropZoneInput(colleague).setInputFiles(setup().edited);
      await expect(colleague.getByTestId('document-status')).toHaveAttribute('data-document', 'mismatch');
      await dropZoneInput(colleague).setInputFiles(setup().contract);
      await expect(colleague.getByTestId('document-status')).toHaveAttribute('data-document', 'matched');
      await expect(colleague.getByTestId('verdict-headline')).toHaveText(/^contract\.pdf existed by /);
      // The event in the fragment was never sent to a server.
      const fragment = url.hash.slice('#e='.length, '#e='.length + 40);
      expect(asked.filter((requested) => requested.includes(fragment))).toEqual([]);
      await expect(colleague).toHaveNoSidewaysScroll();
      await colleague.close();
    });
  });
}
