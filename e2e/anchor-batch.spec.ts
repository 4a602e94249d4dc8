/**
 * Anchoring many documents at once on the Anchor page: twelve files in one batch (a row each, one
 * press, a trial key asked for on the way), anchored, and one ZIP of their final receipts with the
 * manifest, which the package's own `zap1 verify` accepts with the documents; and a reload while
 * the batch is sent, which resumes it without recording any document twice.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';

let tempDir = '';
test.beforeAll(() => {
  tempDir = mkdtempSync(path.join(tmpdir(), 'zap1-e2e-batch-'));
});
test.afterAll(() => {
  rmSync(tempDir, { recursive: true, force: true });
});

/** `n` documents of distinct contents, as Playwright hands files to an input. */
function documents(n: number, tag: string) {
  const run = randomBytes(6).toString('hex');
  return Array.from({ length: n }, (_, i) => ({
    name: `${tag}-${String(i + 1).padStart(2, '0')}.pdf`,
    mimeType: 'application/pdf',
    buffer: Buffer.from(`%PDF ${tag} ${run} document ${i + 1}\n`),
  }));
}

async function totalLeaves(request: APIRequestContext): Promise<number> {
  return ((await (await request.get('/stats')).json()) as { total_leaves: number }).total_leaves;
}

const rows = (page: Page) => page.getByTestId('batch-row');

test('twelve documents anchored in one batch, and one ZIP of their receipts with the manifest', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const files = documents(12, 'binder');
  await page.goto('/app/anchor');
  await page.getByLabel('Contract file').setInputFiles(files);
  await expect(rows(page)).toHaveCount(12);
  await expect(page.locator('[data-testid="batch-row"][data-status="ready"]')).toHaveCount(12);
  await expect(page).toBeAccessible();
  const before = await totalLeaves(request);

  // No key is kept: the one press gets a trial key, then sends all twelve.
  await page.getByRole('button', { name: 'Get a trial key and anchor 12 documents' }).click();
  await expect(page.locator('[data-testid="batch-row"][data-status="anchored"]')).toHaveCount(12, {
    timeout: 90_000,
  });
  expect(await totalLeaves(request)).toBe(before + 12);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download all receipts (final)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^zap1-receipts-final-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = unzipSync(readFileSync(await download.path()));
  const names = Object.keys(entries).sort();
  expect(names).toEqual([...files.map((f) => `${f.name}.zap1.json`), 'manifest.csv'].sort());
  const manifest = strFromU8(entries['manifest.csv']!).trim().split('\r\n');
  expect(manifest[0]).toBe('file,size,sha256,leaf,status,transaction,height');
  expect(manifest).toHaveLength(13);
  expect(manifest.slice(1).every((line) => /,anchored,[0-9a-f]{64},\d+$/.test(line))).toBe(true);

  // The documents and their receipts, checked by the package's command line against the service.
  const folder = path.join(tempDir, 'binder');
  mkdirSync(folder);
  for (const file of files) writeFileSync(path.join(folder, file.name), file.buffer);
  for (const [name, bytes] of Object.entries(entries)) writeFileSync(path.join(folder, name), bytes);
  const receipt = JSON.parse(strFromU8(entries[`${files[0]!.name}.zap1.json`]!)) as Record<string, unknown>;
  expect(receipt).toMatchObject({
    file: { name: files[0]!.name },
    proof: { anchor: { txid: expect.any(String) } },
  });
  expect(receipt['chain_evidence']).toBeTruthy();
  const verify = spawnSync(
    process.execPath,
    [
      '--conditions=zap1-source',
      '--import',
      'tsx',
      'packages/zap1/src/cli/zap1.ts',
      'verify',
      folder,
      '--service',
      new URL(page.url()).origin,
      '--json',
    ],
    { encoding: 'utf8', env: { ...process.env, XDG_CONFIG_HOME: path.join(tempDir, 'config') } },
  );
  expect(verify.status, verify.stdout + verify.stderr).toBe(0);
  const verdicts = (JSON.parse(verify.stdout) as Array<{ verdict: string }>).map((row) => row.verdict);
  expect(verdicts).toEqual(Array(12).fill('anchored'));
});

test('a reload while the batch is sent resumes it, and no document is recorded twice', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const files = documents(5, 'resume');
  await page.goto('/app/anchor');
  await page.getByLabel('Contract file').setInputFiles(files);
  await expect(page.locator('[data-testid="batch-row"][data-status="ready"]')).toHaveCount(5);
  const before = await totalLeaves(request);

  // The third event reaches the service, but its answer never reaches the page: the reload comes first.
  let events = 0;
  let third: () => void = () => undefined;
  const thirdRecorded = new Promise<void>((resolve) => (third = resolve));
  await page.route('**/event', async (route) => {
    events++;
    if (events !== 3) return route.continue();
    await route.fetch();
    third();
  });
  await page.getByRole('button', { name: 'Get a trial key and anchor 5 documents' }).click();
  await thirdRecorded;
  // Three or more are recorded (events are sent a few at a time); the third's answer is lost.
  expect(await totalLeaves(request)).toBeGreaterThanOrEqual(before + 3);
  // Reloaded with the third request still waiting for its answer (the handler lets every later one through).
  await page.reload();

  // The batch is back, goes on sending by itself, and the third event is answered "exists".
  await expect(rows(page)).toHaveCount(5);
  await expect(page.locator('[data-testid="batch-row"][data-status="anchored"]')).toHaveCount(5, {
    timeout: 90_000,
  });
  expect(await totalLeaves(request)).toBe(before + 5);
  await expect(page.getByTestId('batch-summary')).toHaveText('5 anchored.');
});
