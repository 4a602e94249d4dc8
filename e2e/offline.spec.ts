/**
 * The installable app offline: once visited, the Verify page reloads with no network at all (its
 * files from the service worker's precache) and still verifies a receipt from its own bytes, as
 * `zap1-verify --offline` does: with chain evidence, `unconfirmed`, naming the block hash to compare
 * at its height. The worker never answers for the API: an API request offline fails, and nothing
 * but the app's own files is in its caches.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { heightWords } from 'zap1';
import { anchorContractForSpec, dropZoneInput, verdict, type AnchoredContract } from './auditor-support';
import { expect, test } from './fixtures';
import { startServiceProcess } from './proxy-process';

interface Prepared {
  anchored: AnchoredContract;
  receiptPath: string;
}

const prepared = anchorContractForSpec<Prepared>(
  { text: 'A lease checked on a train with no signal.\n', wallet: 'offline', serialPrefix: 'OFFLINE' },
  (anchored, dir) => ({ anchored, receiptPath: path.join(dir, 'contract.pdf.zap1.json') }),
);

interface Evidence {
  height: number;
  block_hash: string;
}

/** The anchor's chain evidence, once the service has read it from the chain (it does so in the background). */
async function chainEvidence(request: APIRequestContext, txid: string): Promise<Evidence & object> {
  let evidence: (Evidence & object) | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/anchor/evidence/${txid}`);
        if (response.status() === 200) evidence = (await response.json()) as Evidence & object;
        return response.status();
      },
      { timeout: 60_000, intervals: [250, 500, 1000] },
    )
    .toBe(200);
  return evidence!;
}

/**
 * Opens the Verify page and waits until the service worker has precached the app and controls the
 * page: installed and active (`ready`), then a reload, which the active worker serves.
 */
async function openUnderServiceWorker(page: Page, base = ''): Promise<void> {
  await page.goto(`${base}/app/verify`);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/app/');
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** What a request from the page gets: its status, or `failed` when nothing answered. */
const fetchFromPage = (page: Page, url: string) =>
  page.evaluate(async (address) => {
    try {
      return String((await fetch(address, { headers: { accept: 'application/json' } })).status);
    } catch {
      return 'failed';
    }
  }, url);

test('the Verify page reloaded offline still verifies: a receipt with chain evidence is unconfirmed, naming the block to compare', async ({
  page,
  context,
  request,
}) => {
  const { anchored, receiptPath } = prepared();
  const evidence = await chainEvidence(request, anchored.txid);
  writeFileSync(
    receiptPath,
    JSON.stringify({ ...anchored.receiptOf(anchored.proof), chain_evidence: evidence }),
  );

  await openUnderServiceWorker(page);
  await context.setOffline(true);
  try {
    await test.step('reloaded with no network, the page comes from the precache', async () => {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Verify a receipt' })).toBeVisible();
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);
      // The header says the service cannot be asked, rather than checking for ever.
      await expect(page.getByTestId('network-badge')).toHaveText('service unreachable');
    });

    await test.step('the dropped receipt and file: unconfirmed, with the block hash at its height', async () => {
      await dropZoneInput(page).setInputFiles([receiptPath, anchored.contract]);
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'unconfirmed');
      await expect(page.getByTestId('check-file')).toHaveAttribute('data-status', 'pass');
      await expect(page.getByTestId('checked-without-service')).toContainText('Checked without the service:');
      await expect(page.getByTestId('verdict-reason')).toContainText(
        `Look up the block at height ${heightWords(evidence.height)}`,
      );
      await expect(page.getByTestId('verdict-reason')).toContainText(
        `its hash must be ${evidence.block_hash}`,
      );
      await expect(page.getByTestId('block-to-compare')).toHaveText(evidence.block_hash);
      for (const check of ['transaction', 'memo', 'branch', 'header', 'work'])
        await expect(page.getByTestId(`check-${check}`)).toHaveAttribute('data-status', 'pass');
      await expect(page).toBeAccessible();
    });

    await test.step('the block hash the person read makes it anchored, still offline', async () => {
      await page.getByLabel(/^Block hash at height/).fill(evidence.block_hash);
      await page.getByRole('button', { name: 'Compare the block' }).click();
      await expect(verdict(page)).toHaveAttribute('data-verdict', 'anchored');
    });

    await test.step('API requests are never answered from a cache', async () => {
      for (const url of ['/protocol/info', '/health', `/verify/${anchored.leaf}/check`])
        expect(await fetchFromPage(page, url), url).toBe('failed');
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys())
          for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
        return urls.map((url) => new URL(url).pathname);
      });
      expect(cached.filter((pathname) => !pathname.startsWith('/app/'))).toEqual([]);
      // The verify worker's code is among the app's files kept for offline use.
      expect(cached.some((pathname) => /^\/app\/assets\/verify-worker-[^/]+\.js$/.test(pathname))).toBe(true);
    });
  } finally {
    await context.setOffline(false);
  }

  await test.step('online again, the API and its addresses are the service’s, not the app’s', async () => {
    expect(await fetchFromPage(page, '/health')).toBe('200');
    const health = await page.goto('/health');
    expect(health?.headers()['content-type']).toMatch(/^application\/json/);
    const sw = await request.get('/app/sw.js');
    expect(sw.headers()['content-type']).toMatch(/^application\/javascript/);
    expect(sw.headers()['cache-control']).toBe('no-cache');
    const manifest = await request.get('/app/manifest.webmanifest');
    expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    expect(await manifest.json()).toMatchObject({
      start_url: '/app/',
      scope: '/app/',
      display: 'standalone',
    });
  });
});

/**
 * A deployment of its own: a copy of the built service and app in a folder (the service serves the
 * app found beside it), in proxy mode to the e2e service. `deployAgain` changes its service worker's
 * bytes on disk, as the next build's would be.
 */
async function ownDeployment(upstream: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'zap1-e2e-offline-'));
  cpSync('dist-server', path.join(dir, 'dist-server'), { recursive: true });
  cpSync('dist/app', path.join(dir, 'dist', 'app'), { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
  const service = await startServiceProcess(
    { UPSTREAM_URL: upstream },
    path.join(dir, 'dist-server', 'server', 'index.js'),
  );
  const worker = path.join(dir, 'dist', 'app', 'sw.js');
  return {
    base: service.base,
    deployAgain: () => writeFileSync(worker, `${readFileSync(worker, 'utf8')}\n// the next deployment\n`),
    stop: () => {
      service.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test('a newer version waits until the person presses Reload, then the page reloads under it', async ({
  page,
  baseURL,
}) => {
  const deployment = await ownDeployment(baseURL!);
  try {
    await openUnderServiceWorker(page, deployment.base);
    // Marks this load of the page: a reload clears it.
    await page.evaluate(() => ((window as unknown as { sameLoad: boolean }).sameLoad = true));
    deployment.deployAgain();
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());

    const notice = page.getByTestId('update-notice');
    await expect(notice).toHaveText(/A newer version of this app is ready\./);
    await expect(page).toBeAccessible();
    // Nothing swapped under the person: the same load of the page, the new version waiting.
    expect(await page.evaluate(() => (window as unknown as { sameLoad?: boolean }).sameLoad)).toBe(true);
    const waiting = () =>
      page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting !== null);
    expect(await waiting()).toBe(true);

    await notice.getByRole('button', { name: 'Reload' }).click();
    await page.waitForFunction(() => (window as unknown as { sameLoad?: boolean }).sameLoad === undefined);
    await expect(page.getByRole('heading', { level: 1, name: 'Verify a receipt' })).toBeVisible();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await waiting()).toBe(false);
    await expect(notice).toHaveText('');
  } finally {
    deployment.stop();
  }
});
