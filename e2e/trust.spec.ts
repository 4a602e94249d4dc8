/**
 * A verdict rests only on sources the person chose (security review): a forged receipt naming its
 * forger's own "service" is never green, and that service is not contacted until the person agrees
 * (then only quoted); a genuine receipt whose header time was changed and block hash recomputed
 * (backdated) is invalid against the person's own service; a receipt of megabytes, holding more
 * Orchard actions than a block can, leaves the page responsive.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { contractEvent, testReceipt } from 'zap1/testing';
import { evidencedBundle } from 'zap1/testing';
import {
  blockHash,
  parseTransactionV5,
  serializeTransaction,
  toHex,
  transactionId,
  type ChainEvidence,
  type Receipt,
} from 'zap1';
import { anchorContractForSpec, verdict, verifyPasted } from './auditor-support';
import { expect, test } from './fixtures';

test.describe('a forged receipt naming its forger\u2019s service', () => {
  const asked: string[] = [];
  let forger: http.Server;
  let forgerUrl = '';
  const { bundle, evidence } = evidencedBundle();

  test.beforeAll(async () => {
    // The forger's "service" vouches for everything, its block hash included, and lets any page read it.
    forger = http.createServer((req, res) => {
      asked.push(req.url ?? '');
      const root = (bundle['root'] as { hash: string }).hash;
      const history = {
        anchors: [
          {
            root,
            txid: evidence.txid,
            height: evidence.height,
            leaf_count: 5,
            block_hash: evidence.block_hash,
          },
        ],
        total: 1,
      };
      const url = req.url ?? '';
      const body = url.startsWith('/anchor/history')
        ? history
        : url.startsWith('/protocol/info')
          ? {
              protocol: 'ZAP1',
              version: '3.0.0',
              network: 'devnet',
              explorer_block_url: `${forgerUrl}/b/{hash}`,
            }
          : url.endsWith('/proof.json')
            ? bundle
            : { valid: true };
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => forger.listen(0, '127.0.0.1', resolve));
    forgerUrl = `http://127.0.0.1:${(forger.address() as AddressInfo).port}`;
  });
  test.afterAll(async () => {
    await new Promise<void>((resolve) => forger.close(() => resolve()));
  });

  test('is not anchored, its service is asked only with consent, and then only quoted', async ({ page }) => {
    const forged = testReceipt(contractEvent(2), {
      serviceUrl: forgerUrl,
      network: 'devnet',
      proof: bundle,
      chainEvidence: evidence,
      now: new Date(),
    });
    const fromPage: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(forgerUrl)) fromPage.push(request.url());
    });
    await verifyPasted(page, forged);
    await expect(verdict(page)).toHaveAttribute('data-verdict', 'unconfirmed');
    await expect(verdict(page)).not.toHaveText(/Anchored/);
    expect(asked).toEqual([]);
    expect(fromPage).toEqual([]);
    // The explorer link is never the forger's page.
    await expect(page.locator(`a[href^="${forgerUrl}"]`)).toHaveCount(0);
    await expect(page).toBeAccessible();

    await page.getByRole('button', { name: /^Ask 127\.0\.0\.1:\d+ about this receipt\?$/ }).click();
    await expect(page.getByTestId('verdict-reason')).toContainText('named by the receipt,');
    expect(asked.length).toBeGreaterThan(0);
    await expect(verdict(page)).toHaveAttribute('data-verdict', 'unconfirmed');
    await expect(page.locator(`a[href^="${forgerUrl}"]`)).toHaveCount(0);
  });

  test('a verify link naming it asks first, and never shows green on its word', async ({ page }) => {
    const leaf = (bundle['leaf'] as { hash: string }).hash;
    await page.goto(`/app/verify?leaf=${leaf}&service=${encodeURIComponent(forgerUrl)}`);
    const before = asked.length;
    await expect(page.getByTestId('ask-named-service')).toBeVisible();
    expect(asked.length).toBe(before);
    await page.getByRole('button', { name: /about this link\?$/ }).click();
    await expect(verdict(page)).toHaveAttribute('data-verdict', 'unconfirmed');
  });
});

test.describe('a backdated receipt', () => {
  const prepared = anchorContractForSpec(
    {
      text: 'A contract whose receipt someone will try to backdate.\n',
      wallet: 'backdate',
      serialPrefix: 'BACK',
    },
    (anchored) => anchored,
  );

  test('is invalid against the service the person uses, while the genuine one is anchored with its date', async ({
    page,
    request,
  }) => {
    const { receiptOf, proof, txid } = prepared();
    let evidence: ChainEvidence | null = null;
    await expect(async () => {
      const response = await request.get(`/anchor/evidence/${txid}`);
      expect(response.status()).toBe(200);
      evidence = (await response.json()) as ChainEvidence;
    }).toPass({ timeout: 60_000 });
    const genuine: Receipt = { ...receiptOf(proof), chain_evidence: evidence! };
    await verifyPasted(page, genuine);
    await expect(verdict(page)).toHaveAttribute('data-verdict', 'anchored');

    const header = Buffer.from(evidence!.block_header, 'hex');
    header.writeUInt32LE(Date.UTC(2020, 0, 1) / 1000, 100);
    const backdated = {
      ...genuine,
      chain_evidence: { ...evidence!, block_header: header.toString('hex'), block_hash: blockHash(header) },
    };
    await verifyPasted(page, backdated);
    await expect(verdict(page)).toHaveAttribute('data-verdict', 'invalid');
    // The time is part of what the header's Equihash solution was found for: its own bytes say so.
    await expect(page.getByTestId('verdict-reason')).toContainText('The Equihash solution does not hold');
    await expect(page.getByTestId('check-work')).toHaveAttribute('data-status', 'fail');
    await expect(page.getByText(/2020/)).toHaveCount(0);
  });
});

test('a receipt of megabytes, with more Orchard actions than a block holds, leaves the page responsive', async ({
  page,
}) => {
  const { bundle, evidence } = evidencedBundle();
  const tx = parseTransactionV5(evidence.transaction);
  const orchard = tx.orchard!;
  const actions = Array.from({ length: 2200 }, () => orchard.actions[0]!);
  // As the review's: about 3.9 MB of receipt, its proof left short (no block could hold it anyway).
  const huge = toHex(serializeTransaction({ ...tx, orchard: { ...orchard, actions } }));
  const txid = transactionId(huge);
  const receipt = testReceipt(contractEvent(2), {
    serviceUrl: 'https://elsewhere.example',
    network: 'devnet',
    proof: { ...bundle, anchor: { txid, height: evidence.height } },
    chainEvidence: { ...evidence, txid, transaction: huge },
    now: new Date(),
  });
  const text = JSON.stringify(receipt);
  expect(text.length).toBeGreaterThan(3_500_000);
  expect(text.length).toBeLessThan(5 * 1024 * 1024);
  await page.goto('/app/verify');
  // Every task longer than 50 ms on the page's main thread, from here on.
  await page.evaluate(() => {
    const longest = { ms: 0 };
    (window as unknown as { longest: typeof longest }).longest = longest;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longest.ms = Math.max(longest.ms, entry.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
  // From a file on disk, as a person gives it: a buffer would be copied into the page by the test
  // driver itself, on the page's thread, which is no part of the app.
  const dir = mkdtempSync(path.join(tmpdir(), 'zap1-e2e-huge-'));
  const file = path.join(dir, 'huge.zap1.json');
  writeFileSync(file, text);
  try {
    await page.getByLabel(/Choose or drop files/).setInputFiles(file);
    await expect(verdict(page)).toHaveAttribute('data-verdict', 'invalid');
  } finally {
    // The browser reads the file when the page asks for it: removed only once the verdict is in.
    rmSync(dir, { recursive: true, force: true });
  }
  await expect(page.getByTestId('verdict-reason')).toContainText('more than a block can hold');
  const longest = await page.evaluate(() => (window as unknown as { longest: { ms: number } }).longest.ms);
  expect(longest).toBeLessThan(200);
});
