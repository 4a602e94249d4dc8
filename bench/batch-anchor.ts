/**
 * A batch of 1,000 documents of 100 KB on the Anchor page, in headless Chromium against the built
 * service (run by `npm run bench:app`, bench/app-hash.bench.ts, which writes these figures into
 * its section): the time from choosing the files to every row hashed, from the one press to every
 * row recorded by the service (a trial key asked for first), to the ZIP of the 1,000 receipts with
 * the manifest, and from giving the documents and that ZIP to the Verify page to every row's
 * verdict; and the page's long tasks throughout (the limit: none over
 * 200 ms), from Chromium's Long Tasks API.
 */
import { randomFillSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { ResultTable } from './report.js';

const FILES = 1000;
const FILE_BYTES = 100 * 1000;
const LONG_TASK_LIMIT_MS = 200;

/** Long tasks seen since `since` (ms on the page's clock): how many, and the longest. */
async function longTasks(page: Page, since: number): Promise<{ count: number; longestMs: number }> {
  return page.evaluate((from) => {
    const seen = (Reflect.get(window, 'benchLongTasks') as Array<{ start: number; duration: number }>) ?? [];
    const after = seen.filter((task) => task.start >= from);
    return { count: after.length, longestMs: Math.max(0, ...after.map((task) => task.duration)) };
  }, since);
}

/** Collects the page's long tasks in `window.benchLongTasks` (once per document). */
function watchLongTasks(): void {
  if (Reflect.has(window, 'benchLongTasks')) return;
  const seen: Array<{ start: number; duration: number }> = [];
  Reflect.set(window, 'benchLongTasks', seen);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

const pageNow = (page: Page): Promise<number> => page.evaluate(() => performance.now());

export async function measureBatchAnchor(browser: Browser, base: string, work: string): Promise<string[]> {
  const folder = path.join(work, 'batch');
  mkdirSync(folder, { recursive: true });
  const files: string[] = [];
  const bytes = Buffer.alloc(FILE_BYTES);
  for (let i = 0; i < FILES; i++) {
    randomFillSync(bytes);
    const file = path.join(folder, `document-${String(i).padStart(4, '0')}.pdf`);
    writeFileSync(file, bytes);
    files.push(file);
  }
  const context = await browser.newContext({ acceptDownloads: true });
  await context.addInitScript(watchLongTasks);
  const page = await context.newPage();
  try {
    // The browser's own part: the same files given to a bare file input on a blank page.
    await page.setContent('<input type="file" multiple>');
    await page.evaluate(watchLongTasks);
    const bareAt = await pageNow(page);
    await page.locator('input').setInputFiles(files);
    await page.waitForFunction(() => document.querySelector('input')?.files?.length === 1000);
    const bare = await longTasks(page, bareAt);

    await page.goto(`${base}/app/anchor`);
    await page.getByLabel('Contract file').waitFor({ timeout: 120_000 });

    const chooseAt = await pageNow(page);
    const t0 = Date.now();
    await page.getByLabel('Contract file').setInputFiles(files);
    await page
      .getByTestId('batch-summary')
      .filter({ hasText: `${FILES} ready to send.` })
      .waitFor({ timeout: 600_000 });
    const hashedS = (Date.now() - t0) / 1000;
    const hashing = await longTasks(page, chooseAt);

    const sendAt = await pageNow(page);
    const t1 = Date.now();
    await page.getByRole('button', { name: `Get a trial key and anchor ${FILES} documents` }).click();
    // Every row recorded: none left to hash, ready or failed (the rows listed are the first 100 only).
    await page
      .getByTestId('batch-summary')
      .filter({ hasNotText: /hashing|ready to send|failed/ })
      .waitFor({ timeout: 600_000 });
    const recordedS = (Date.now() - t1) / 1000;
    const sending = await longTasks(page, sendAt);

    const zipAt = await pageNow(page);
    const t2 = Date.now();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 600_000 }),
      page.getByTestId('batch-download').click(),
    ]);
    const zipPath = path.join(work, 'batch-receipts.zip');
    await download.saveAs(zipPath);
    const zipS = (Date.now() - t2) / 1000;
    const zipping = await longTasks(page, zipAt);

    // The same documents and the ZIP of their receipts, given back to the Verify page as a folder.
    await page.goto(`${base}/app/verify`);
    const verifyInput = page.getByLabel(/Choose or drop files/);
    await verifyInput.waitFor({ timeout: 120_000 });
    const verifyAt = await pageNow(page);
    const t3 = Date.now();
    await verifyInput.setInputFiles([...files, zipPath]);
    await page
      .getByTestId('batch-summary')
      // The table's words write 1,000 with its thousands separator.
      .filter({ hasText: `${FILES.toLocaleString('en')} documents:` })
      .waitFor({ timeout: 600_000 });
    await page.getByTestId('batch-progress').waitFor({ state: 'detached', timeout: 600_000 });
    const verifiedS = (Date.now() - t3) / 1000;
    const verifying = await longTasks(page, verifyAt);
    const verdicts = (await page.getByTestId('batch-summary').textContent()) ?? '';

    const table = new ResultTable();
    const within = (tasks: { longestMs: number }) => tasks.longestMs <= LONG_TASK_LIMIT_MS;
    const taskWords = (tasks: { count: number; longestMs: number }) =>
      tasks.count === 0
        ? 'no long task'
        : `${tasks.count} long tasks, the longest ${tasks.longestMs.toFixed(0)} ms`;
    table.row(
      `The same ${FILES} files given to a bare file input on a blank page (the browser's own part)`,
      taskWords(bare),
      '',
      null,
    );
    table.row(`${FILES} files of 100 KB chosen → every row hashed`, `${hashedS.toFixed(1)} s`, '', null);
    table.row(
      '… the page meanwhile',
      taskWords(hashing),
      `none over ${LONG_TASK_LIMIT_MS} ms`,
      within(hashing),
    );
    table.row(
      `One press → all ${FILES} recorded by the service (a trial key first)`,
      `${recordedS.toFixed(1)} s`,
      '',
      null,
    );
    table.row(
      '… the page meanwhile',
      taskWords(sending),
      `none over ${LONG_TASK_LIMIT_MS} ms`,
      within(sending),
    );
    table.row(
      `"Download all receipts": a ZIP of the ${FILES} receipts and the manifest (final where the row was anchored by then)`,
      `${zipS.toFixed(1)} s`,
      '',
      null,
    );
    table.row(
      '… the page meanwhile',
      taskWords(zipping),
      `none over ${LONG_TASK_LIMIT_MS} ms`,
      within(zipping),
    );
    table.row(
      `The ${FILES} documents and that ZIP given to the Verify page → every row's verdict (${verdicts.trim()})`,
      `${verifiedS.toFixed(1)} s`,
      '',
      null,
    );
    table.row(
      '… the page meanwhile',
      taskWords(verifying),
      `none over ${LONG_TASK_LIMIT_MS} ms`,
      within(verifying),
    );
    return [
      `A batch on the Anchor page: ${FILES} generated files of 100 KB chosen at once, hashed in the page's hash workers, sent with one press, and their receipts written to one ZIP. Long tasks are the page's main-thread tasks over 50 ms (Long Tasks API).`,
      '',
      ...table.markdown(),
    ];
  } finally {
    await context.close();
  }
}
