// Issue 29 item 6: searching a file's SHA-256 (what `sha256sum` prints). It is never a leaf by
// itself, so the search says why and offers to compute the contract anchor's leaf from that hash
// (or the file, hashed in the browser) and its serial number, then looks the leaf up. At a phone's
// width and a laptop's.
import { createHash } from 'node:crypto';
import { REVIEW_VIEWPORTS, expect, postEvent, test, trialKey, uniqueWallet } from './fixtures';

const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

for (const viewport of REVIEW_VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a searched file SHA-256 is explained, and its leaf is computed from it and its serial and found', async ({
      page,
      request,
    }) => {
      const contract = Buffer.from(`contract ${uniqueWallet('file')}\n`);
      const fileSha256 = sha256Hex(contract);
      const serial = `SN ${uniqueWallet('search')}`;
      const leaf = await postEvent(request, await trialKey(request), {
        event_type: 'CONTRACT_ANCHOR',
        wallet_hash: uniqueWallet('search'),
        serial_number: serial,
        contract_sha256: fileSha256,
      });

      // What sha256sum prints, searched from the header's box.
      await page.goto('/app/');
      const quick = page.getByLabel('Leaf hash, transaction id or wallet', { exact: true });
      await quick.fill(fileSha256);
      await quick.press('Enter');
      const main = page.getByRole('main');
      await expect(main.getByText(/No leaf, anchor transaction, anchored root or wallet/)).toBeVisible();
      await expect(main.getByText(/never a leaf by itself/)).toContainText('serial number');
      await expect(main.getByText(/never a leaf by itself/)).toContainText('event type');
      await expect(page.getByTestId('leaf-from-file-sha256')).toHaveText(fileSha256);
      await expect(page.getByTestId('leaf-from-file-source')).toHaveText('The value you searched for.');
      await expect(page).toBeAccessible();
      await expect(page).toHaveNoSidewaysScroll({ tolerancePx: 0 });

      // A serial is asked for before anything is computed.
      await page.getByRole('button', { name: 'Compute the leaf and look it up' }).click();
      await expect(main.getByText(/Enter the serial number the contract was anchored with/)).toBeVisible();
      await expect(page.getByLabel('Serial number')).toBeFocused();

      // Another serial is another leaf: not on the service, and the page says which leaf it tried.
      await page.getByLabel('Serial number').fill(`${serial}-2`);
      await page.getByRole('button', { name: 'Compute the leaf and look it up' }).click();
      await expect(page.getByTestId('computed-leaf-missing')).toContainText(
        `No contract anchor of this file under serial number “${serial}-2”`,
      );
      await expect(page).toBeAccessible();

      // The serial it was anchored with finds the leaf the service recorded.
      await page.getByLabel('Serial number').fill(serial);
      await page.getByRole('button', { name: 'Compute the leaf and look it up' }).click();
      const found = page.getByTestId('computed-leaf-found');
      await expect(found).toContainText(`under serial number “${serial}” is recorded on this service`);
      await expect(found).toContainText(leaf);
      await expect(page).toBeAccessible();
      await expect(page).toBeAccessibleInDark();
      await expect(page).toHaveNoSidewaysScroll({ tolerancePx: 0 });
      await found.getByRole('link', { name: /Open the leaf/ }).click();
      await expect(page).toHaveURL(new RegExp(`/app/leaf/${leaf}$`));
      await expect(page.getByTestId('leaf-state')).toBeVisible();
    });

    test('the file itself, hashed in the browser, stands in for the searched value; Verify is one link away', async ({
      page,
      request,
    }) => {
      const contract = Buffer.from(`signed contract ${uniqueWallet('file')}\n`);
      const serial = uniqueWallet('SN');
      const leaf = await postEvent(request, await trialKey(request), {
        event_type: 'CONTRACT_ANCHOR',
        wallet_hash: uniqueWallet('search'),
        serial_number: serial,
        contract_sha256: sha256Hex(contract),
      });
      // A hash of some other version of the document: nothing has it.
      const otherSha256 = sha256Hex(Buffer.from(`draft ${serial}`));
      await page.goto(`/app/search?q=${otherSha256}`);
      await page
        .getByLabel('Or use the file itself')
        .setInputFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: contract });
      await expect(page.getByTestId('leaf-from-file-sha256')).toHaveText(sha256Hex(contract));
      await expect(page.getByTestId('leaf-from-file-source')).toHaveText(
        'Of contract.pdf, hashed in this browser.',
      );
      await expect(page.getByText('This file’s SHA-256 is not the value you searched for.')).toBeVisible();
      await page.getByLabel('Serial number').fill(serial);
      await page.getByRole('button', { name: 'Compute the leaf and look it up' }).click();
      await expect(page.getByTestId('computed-leaf-found')).toContainText(
        `contract.pdf under serial number “${serial}” is recorded`,
      );
      await expect(page.getByTestId('computed-leaf-found')).toContainText(leaf);
      await expect(page).toBeAccessible();
      await expect(page).toHaveNoSidewaysScroll({ tolerancePx: 0 });

      // Back to the searched value, then to the Verify page.
      await page.getByRole('button', { name: 'Use the searched value instead' }).click();
      await expect(page.getByTestId('leaf-from-file-sha256')).toHaveText(otherSha256);
      await expect(page.getByTestId('computed-leaf-found')).toHaveCount(0);
      await page
        .getByRole('main')
        .getByRole('link', { name: 'drop the file and its receipt on the Verify page' })
        .click();
      await expect(page).toHaveURL(/\/app\/verify$/);
    });
  });
}
