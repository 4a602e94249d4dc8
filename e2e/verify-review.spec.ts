/**
 * The Verify page as an auditor reads it (design review, items 4 to 11): the verdict, the date and
 * the document on the first screen at 1280×800 and 390×844, the details folded; a short share link
 * verified in a fresh browser; a wrong document said to be one; an invalid receipt asking nothing
 * more; devnet named on the printed certificate.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  anchorContractForSpec,
  documentStatus,
  dropZoneInput,
  openDetails,
  printedCertificate,
  verdict,
  type AnchoredContract,
} from './auditor-support';
import { expect, test } from './fixtures';

interface Prepared {
  anchored: AnchoredContract;
  receiptPath: string;
  otherPath: string;
}

const prepared = anchorContractForSpec<Prepared>(
  { text: 'A lease an auditor reads on one screen.\n', wallet: 'firstscreen', serialPrefix: 'FIRST' },
  (anchored, dir) => {
    const receiptPath = path.join(dir, 'contract.pdf.zap1.json');
    writeFileSync(receiptPath, JSON.stringify(anchored.receiptOf(anchored.proof)));
    const otherPath = path.join(dir, 'contract-v2.pdf');
    writeFileSync(otherPath, 'Not the lease that was anchored.\n');
    return { anchored, receiptPath, otherPath };
  },
);

/** Whether the element is wholly inside the viewport as the page first shows it (no scrolling). */
async function onFirstScreen(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((element) => {
    window.scrollTo(0, 0);
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width}×${viewport.height} the verdict, its date and the document fit the first screen`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const { receiptPath, anchored } = prepared();
    await page.goto('/app/verify');
    await dropZoneInput(page).setInputFiles([receiptPath, anchored.contract]);
    await expect(verdict(page)).toHaveAttribute('data-verdict', 'anchored');
    await expect(documentStatus(page)).toHaveAttribute('data-document', 'matched');
    await expect(page.getByTestId('verdict-headline')).toHaveText(
      /^contract\.pdf existed by .+ UTC \(block [\d,]+\)$/,
    );
    for (const testId of ['verdict', 'verdict-headline', 'document-status']) {
      expect(await onFirstScreen(page, testId), `${testId} on the first screen`).toBe(true);
    }
    // The details are there once each, folded until opened.
    for (const testId of [
      'details-checks',
      'details-receipt',
      'details-path',
      'details-chain',
      'details-share',
    ]) {
      await expect(page.getByTestId(testId)).toHaveCount(1);
      await expect(page.getByTestId(testId)).not.toHaveAttribute('open', '');
    }
    await expect(page).toHaveNoSidewaysScroll();
    await expect(page).toBeAccessible();
  });
}

test('a share link of a few hundred characters verifies in a fresh browser', async ({ page, browser }) => {
  const { receiptPath, anchored } = prepared();
  await page.goto('/app/verify');
  await dropZoneInput(page).setInputFiles([receiptPath, anchored.contract]);
  await expect(verdict(page)).toHaveAttribute('data-verdict', 'anchored');
  await page.getByTestId('details-share').locator('summary').click();
  const link = (await page.getByTestId('verify-link').getAttribute('data-link'))!;
  expect(link.length).toBeLessThan(1000);
  expect(link).not.toContain('#receipt=');

  // Another browser, with nothing kept: it fetches the proof and the chain evidence and checks them.
  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    await other.goto(link);
    await expect(other.getByTestId('shared-link-notice')).toContainText('Drop contract.pdf below');
    await expect(verdict(other)).toHaveAttribute('data-verdict', 'anchored');
    await dropZoneInput(other).setInputFiles(anchored.contract);
    await expect(documentStatus(other)).toHaveAttribute('data-document', 'matched');
  } finally {
    await fresh.close();
  }
});

test('a wrong document reads as one, not as a forgery, and the certificate names it with its hash', async ({
  page,
}) => {
  const { receiptPath, otherPath } = prepared();
  await page.goto('/app/verify');
  await dropZoneInput(page).setInputFiles([receiptPath, otherPath]);
  await expect(verdict(page)).toHaveText('✗ This document does not match the receipt');
  await expect(page.getByTestId('verdict-next')).toContainText('The receipt itself may be fine');
  await expect(page.getByTestId('expected-hash')).toBeVisible();
  const certificate = await printedCertificate(page);
  expect(certificate).toContain('contract-v2.pdf');
  expect(certificate).toMatch(/SHA-256 [0-9a-f]{64}\) is not the expected document/);
});

test('an invalid receipt asks nothing more: no block hash field, no block time', async ({ page }) => {
  const { anchored } = prepared();
  const edited = anchored.receiptOf({ ...anchored.proof, anchor: { ...anchored.proof.anchor, height: 1 } });
  await page.goto('/app/verify');
  await page.getByText('Other ways: paste a receipt or bundle').click();
  await page.getByLabel('Or paste the receipt or bundle JSON').fill(JSON.stringify(edited));
  await page.getByRole('button', { name: 'Verify pasted JSON' }).click();
  await expect(verdict(page)).toHaveAttribute('data-verdict', 'invalid');
  await expect(page.getByTestId('block-hash-form')).toHaveCount(0);
  await expect(page.getByTestId('block-time')).toHaveCount(0);
  // What failed is open; nothing to share or print.
  await expect(page.getByTestId('details-checks')).toHaveAttribute('open', '');
  await expect(page.getByRole('button', { name: 'Print certificate' })).toHaveCount(0);
});

test('devnet is named on the verdict and on the printed certificate', async ({ page }) => {
  const { receiptPath, anchored } = prepared();
  await page.goto('/app/verify');
  await dropZoneInput(page).setInputFiles([receiptPath, anchored.contract]);
  await expect(verdict(page)).toHaveAttribute('data-verdict', 'anchored');
  await expect(page.getByTestId('network-meaning')).toHaveText(
    '(development chain: not a public blockchain)',
  );
  expect(await printedCertificate(page)).toContain('development chain: not a public blockchain');
});

test("a receipt with chain evidence lists the header's proof of work, and prints it on the certificate", async ({
  page,
  request,
}) => {
  const { receiptPath, anchored } = prepared();
  const evidence = await (await request.get(`/anchor/evidence/${anchored.txid}`)).json();
  writeFileSync(
    receiptPath,
    JSON.stringify({ ...anchored.receiptOf(anchored.proof), chain_evidence: evidence }),
  );
  await page.goto('/app/verify');
  await dropZoneInput(page).setInputFiles([receiptPath, anchored.contract]);
  await expect(verdict(page)).toHaveAttribute('data-verdict', 'anchored');
  await openDetails(page, 'details-checks');
  await expect(page.getByTestId('check-work')).toHaveAttribute('data-status', 'pass');
  await expect(page.getByTestId('check-work')).toContainText('The Equihash (48, 5) solution holds');
  expect(await printedCertificate(page)).toContain('Proof of workholds: The Equihash (48, 5) solution holds');
});

test('with the service down, the verdict says it was checked without it, and comparing a block asks nothing', async ({
  page,
  context,
  request,
}) => {
  const { receiptPath, anchored } = prepared();
  // The receipt with its chain evidence, as the Anchor page offers it once anchored.
  const evidence = await (await request.get(`/anchor/evidence/${anchored.txid}`)).json();
  const withEvidence = { ...anchored.receiptOf(anchored.proof), chain_evidence: evidence };
  writeFileSync(receiptPath, JSON.stringify(withEvidence));
  await page.goto('/app/verify');
  // From here the service does not answer (the app's files still load): every API request fails.
  const asked: string[] = [];
  await context.route(/\/(anchor|verify|protocol)\//, (route) => {
    asked.push(route.request().url());
    return route.abort('connectionrefused');
  });
  await dropZoneInput(page).setInputFiles([receiptPath, anchored.contract]);
  await expect(verdict(page)).toHaveAttribute('data-verdict', 'unconfirmed');
  await expect(page.getByTestId('checked-without-service')).toContainText('Checked without the service:');
  const before = asked.length;
  expect(before).toBeGreaterThan(0);
  await page.getByLabel(/^Block hash at height/).fill(evidence.block_hash);
  await page.getByRole('button', { name: 'Compare the block' }).click();
  await expect(verdict(page)).toHaveAttribute('data-verdict', 'anchored');
  // The comparison needed no network: the service was not asked again. (The page's header asks
  // /protocol/info again on its own, retrying a failed answer; that is not the verification's.)
  expect(asked.slice(before).filter((url) => !url.includes('/protocol/info'))).toEqual([]);
});

test('a receipt reads as a document: a summary, the command with the service, and a guide to its fields', async ({
  page,
  baseURL,
}) => {
  const { receiptPath, anchored } = prepared();
  // As the Anchor page writes it when the event is accepted: no proof yet.
  const pendingPath = receiptPath.replace(/contract\.pdf\.zap1\.json$/, 'contract.pdf.pending.zap1.json');
  writeFileSync(pendingPath, JSON.stringify(anchored.receiptOf(null)));
  const receipt = JSON.parse(readFileSync(pendingPath, 'utf8')) as Record<string, unknown>;
  expect(Object.keys(receipt).slice(0, 3)).toEqual(['format', 'summary', 'verify_command']);
  const service = baseURL!.replace(/\./g, '\\.');
  expect(receipt['summary']).toMatch(
    new RegExp(
      `^contract\\.pdf \\(SHA-256 [0-9a-f]{64}\\) was recorded by ${service} on devnet \\(a development chain, not a public blockchain\\).* It was not anchored yet`,
    ),
  );
  expect(receipt['verify_command']).toBe(
    `npx -p zap1 zap1-verify contract.pdf.pending.zap1.json contract.pdf --service ${baseURL}`,
  );
  expect((receipt['about'] as Record<string, string>)['proof']).toContain("not the protocol's");
  // Completed on the Verify page, it says when and where it was anchored.
  await page.goto('/app/verify');
  await dropZoneInput(page).setInputFiles(pendingPath);
  await expect(verdict(page)).toHaveAttribute('data-verdict', 'anchored');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the completed receipt' }).click();
  const completed = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as Record<
    string,
    unknown
  >;
  expect(completed['summary']).toMatch(
    /Its root was anchored in Zcash transaction [0-9a-f]{64} in block [\d,]+, mined .+ UTC\./,
  );
  expect(completed['verify_command']).toBe(
    `npx -p zap1 zap1-verify contract.pdf.zap1.json contract.pdf --service ${baseURL}`,
  );
});
