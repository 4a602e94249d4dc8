/**
 * The Verify page given a folder, against the running service: 20 documents stamped and their
 * receipts completed with the package's command line (`zap1 stamp`, `zap1 upgrade --wait`), then
 * one document changed and one receipt deleted. Dropped together (20 documents, 19 receipts) they
 * make a row per document: 18 anchored, the changed one invalid at the file check, the one
 * without its receipt missing and saying so; the filter and the CSV export work, and a ZIP of the
 * same files gives the same rows.
 */
import { execFile } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { zipSync } from 'fflate';
import { expect, test } from './fixtures';

const run = promisify(execFile);
const COUNT = 20;
const CHANGED = 'contract-03.txt';
const WITHOUT_RECEIPT = 'contract-07.txt';

let folder = '';
let configHome = '';

/** The package's command line, from its sources, with its config (the trial key) in a folder of its own. */
async function zap1(...args: string[]): Promise<void> {
  await run(
    process.execPath,
    ['--conditions=zap1-source', '--import', 'tsx', 'packages/zap1/src/cli/zap1.ts', ...args],
    { env: { ...process.env, XDG_CONFIG_HOME: configHome, NO_COLOR: '1' }, timeout: 180_000 },
  );
}

test.beforeAll(async ({ baseURL }, testInfo) => {
  testInfo.setTimeout(240_000);
  const service = String(baseURL);
  folder = mkdtempSync(path.join(tmpdir(), 'zap1-verify-folder-'));
  configHome = mkdtempSync(path.join(tmpdir(), 'zap1-verify-folder-config-'));
  const stamp = Date.now();
  for (let n = 0; n < COUNT; n++) {
    const name = `contract-${String(n).padStart(2, '0')}.txt`;
    writeFileSync(path.join(folder, name), `Contract ${n} of folder ${stamp}, signed by both parties.\n`);
  }
  await zap1('stamp', folder, '--service', service);
  await zap1('upgrade', folder, '--wait', '--timeout', '120');
  // After anchoring: one document changed, one receipt lost.
  appendFileSync(path.join(folder, CHANGED), 'An extra clause added afterwards.\n');
  rmSync(path.join(folder, `${WITHOUT_RECEIPT}.zap1.json`));
});

test.afterAll(() => {
  for (const dir of [folder, configHome]) if (dir) rmSync(dir, { recursive: true, force: true });
});

const folderFiles = () => readdirSync(folder).map((name) => path.join(folder, name));
const rows = (page: Page) => page.getByTestId('batch-row');
const row = (page: Page, file: string) =>
  rows(page).filter({ has: page.getByRole('rowheader', { name: file }) });

/** Each row's file and verdict, once every document has one. */
async function verdictsByFile(page: Page): Promise<Record<string, string>> {
  await expect(page.getByTestId('batch-summary')).toHaveText(
    `${COUNT} documents: 18 anchored, 1 invalid, 1 missing.`,
  );
  const entries = await rows(page).evaluateAll((elements) =>
    elements.map((element) => [
      element.querySelector('th')?.textContent ?? '',
      element.getAttribute('data-verdict') ?? '',
    ]),
  );
  return Object.fromEntries(entries);
}

test('a folder of 20 documents and 19 receipts: a row per document, the changed one invalid, the one without its receipt named', async ({
  page,
}) => {
  const files = folderFiles();
  expect(files.filter((file) => file.endsWith('.zap1.json'))).toHaveLength(COUNT - 1);
  await page.goto('/app/verify');
  await page.getByLabel(/Choose or drop files/).setInputFiles(files);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify a folder' })).toBeVisible();
  const verdicts = await verdictsByFile(page);
  expect(Object.keys(verdicts)).toHaveLength(COUNT);
  await expect(rows(page)).toHaveCount(COUNT);
  await expect(rows(page).and(page.locator('[data-verdict="anchored"]'))).toHaveCount(18);
  await expect(row(page, CHANGED)).toHaveAttribute('data-verdict', 'invalid');
  await expect(row(page, CHANGED).getByTestId('batch-row-detail')).toContainText('file check:');
  await expect(row(page, WITHOUT_RECEIPT)).toHaveAttribute('data-verdict', 'missing');
  await expect(row(page, WITHOUT_RECEIPT)).toContainText('no receipt for this document');
  await expect(row(page, 'contract-00.txt')).toContainText('existed by');
  await expect(page).toBeAccessible();

  // The filter shows one verdict at a time.
  await page.getByRole('button', { name: 'Invalid (1)' }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toHaveAttribute('data-verdict', 'invalid');
  await page.getByRole('button', { name: 'Missing (1)' }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toHaveAttribute('data-verdict', 'missing');
  await page.getByRole('button', { name: `All (${COUNT})` }).click();
  await expect(rows(page)).toHaveCount(COUNT);

  // The CSV of the table: a header and a line per document.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /^Export CSV/ }).click(),
  ]);
  const csv = readFileSync(await download.path(), 'utf8');
  const lines = csv.split('\r\n').filter((line) => line !== '');
  expect(lines).toHaveLength(COUNT + 1);
  expect(lines[0]).toBe('file,receipt,size,sha256,verdict,date,txid,height,check,detail');
  expect(lines.filter((line) => line.includes(',anchored,'))).toHaveLength(18);

  // A ZIP of the same files gives the same rows.
  const zipPath = path.join(folder, '..', `${path.basename(folder)}.zip`);
  writeFileSync(
    zipPath,
    zipSync(Object.fromEntries(files.map((file) => [path.basename(file), readFileSync(file)]))),
  );
  try {
    await page.getByRole('button', { name: 'Verify other files' }).click();
    await page.getByLabel(/Choose or drop files/).setInputFiles(zipPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Verify a folder' })).toBeVisible();
    expect(await verdictsByFile(page)).toEqual(verdicts);
  } finally {
    rmSync(zipPath, { force: true });
  }
});
