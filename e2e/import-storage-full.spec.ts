// Importing "Your submissions" into a browser whose storage is full: the page says nothing was
// imported and nothing changes (it used to say "Imported 1 submission" after saving nothing).
import type { Page } from '@playwright/test';
import { REVIEW_VIEWPORTS, test, expect } from './fixtures';
import {
  WORKED_EXAMPLE_SUBMISSION,
  submissionsExportText,
} from '../src/features/anchor/worked-example-submission';

const FILLER_KEY = 'e2e.filler';

/** Fills this origin's localStorage up to its quota, as years of other data would. */
async function fillStorage(page: Page): Promise<void> {
  await page.evaluate((key) => {
    let kept = '';
    for (let chunk = 1 << 20; chunk >= 1; chunk = Math.floor(chunk / 2)) {
      const piece = 'x'.repeat(chunk);
      for (;;) {
        try {
          localStorage.setItem(key, kept + piece);
          kept += piece;
        } catch {
          break;
        }
      }
    }
  }, FILLER_KEY);
}

for (const viewport of REVIEW_VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an import into full storage says nothing was imported, and nothing changes', async ({ page }) => {
      await page.goto('/app/anchor');
      await page.evaluate(() => localStorage.removeItem('zap1.submissions'));
      await page.reload();
      await expect(page.getByTestId('saved-submission')).toHaveCount(0);
      await fillStorage(page);

      const importExport = () =>
        page.getByLabel('Import submissions').setInputFiles({
          name: 'zap1-submissions.json',
          mimeType: 'application/json',
          buffer: Buffer.from(submissionsExportText([WORKED_EXAMPLE_SUBMISSION])),
        });
      await importExport();
      const outcome = page.getByTestId('import-outcome');
      await expect(outcome).toHaveText(
        'zap1-submissions.json was not imported, and nothing changed: this browser would not store it (its storage is full or turned off).',
      );
      await expect(outcome).toHaveAttribute('role', 'alert');
      await expect(page.getByTestId('saved-submission')).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('zap1.submissions'))).toBeNull();
      await expect(page).toBeAccessible();

      // With room again, the same file is imported.
      await page.evaluate((key) => localStorage.removeItem(key), FILLER_KEY);
      await importExport();
      await expect(outcome).toHaveText('Imported 1 submission from zap1-submissions.json.');
      await expect(page.getByTestId('saved-submission')).toHaveCount(1);
      await page.evaluate(() => localStorage.removeItem('zap1.submissions'));
    });
  });
}
