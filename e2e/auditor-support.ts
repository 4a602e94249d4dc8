/**
 * What the auditor specs share: a contract anchored for real on the running service (its file, event,
 * leaf, anchor and a receipt maker), the Verify page's drop zone, verdict and document status, and the
 * printed certificate's text.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { makeReceipt, type Receipt } from 'zap1';
import { expect, postEvent, test, trialKey, uniqueWallet, waitForAnchor } from './fixtures';

export const sha256Of = (file: string): string =>
  createHash('sha256').update(readFileSync(file)).digest('hex');

export interface AnchoredContract {
  /** The contract's file, `contract.pdf` in `dir`. */
  contract: string;
  leaf: string;
  txid: string;
  /** The service's anchored proof bundle of the leaf. */
  proof: { anchor: { txid: string | null; height: number | null } };
  /** A receipt of the contract holding `proof` (null: before the anchor), its hash `contractSha256`. */
  receiptOf(proof: unknown, contractSha256?: string): Receipt;
}

/** What the contract says, and the names its event is filed under. */
export interface ContractNames {
  text: string;
  wallet: string;
  serialPrefix: string;
}

/**
 * Writes `contract.pdf` (holding `text`) into `dir`, submits it as a CONTRACT_ANCHOR with a fresh
 * trial key, and waits until the service serves its anchored proof.
 */
export async function anchorContract(
  request: APIRequestContext,
  baseURL: string,
  dir: string,
  names: ContractNames,
): Promise<AnchoredContract> {
  const contract = path.join(dir, 'contract.pdf');
  writeFileSync(contract, names.text);
  const event = {
    event_type: 'CONTRACT_ANCHOR',
    wallet_hash: uniqueWallet(names.wallet),
    serial_number: `${names.serialPrefix}-${Date.now()}`,
    contract_sha256: sha256Of(contract),
  };
  const leaf = await postEvent(request, await trialKey(request), event);
  const txid = await waitForAnchor(request, leaf);
  let proof: AnchoredContract['proof'] | null = null;
  await expect(async () => {
    const body = (await (await request.get(`/verify/${leaf}/proof.json`)).json()) as typeof proof;
    expect(body?.anchor.txid).toBe(txid);
    proof = body;
  }).toPass({ timeout: 60_000 });
  const receiptOf = (proofBundle: unknown, contractSha256 = event.contract_sha256) =>
    makeReceipt({
      serviceUrl: baseURL,
      network: 'devnet',
      event: { ...event, contract_sha256: contractSha256 },
      leafHex: leaf,
      file: { name: 'contract.pdf', size: readFileSync(contract).length },
      proof: proofBundle,
      now: new Date(),
    });
  return { contract, leaf, txid, proof: proof!, receiptOf };
}

/**
 * Anchors one contract for the whole spec before its tests, in a folder of its own that is removed
 * after them, and lets the spec write the files it needs beside it (`prepare`). Gives what `prepare`
 * made, once the tests run.
 */
export function anchorContractForSpec<T>(
  names: ContractNames,
  prepare: (anchored: AnchoredContract, dir: string) => T,
): () => T {
  let dir: string | null = null;
  let prepared: T | null = null;
  test.beforeAll(async ({ playwright }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL!;
    const request = await playwright.request.newContext({ baseURL });
    try {
      dir = mkdtempSync(path.join(tmpdir(), `zap1-e2e-${names.wallet}-`));
      prepared = prepare(await anchorContract(request, baseURL, dir, names), dir);
    } finally {
      await request.dispose();
    }
  });
  test.afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (prepared === null) throw new Error('The spec ran before its contract was anchored.');
    return prepared;
  };
}

export const dropZoneInput = (page: Page) => page.getByLabel(/Choose or drop files/);
export const verdict = (page: Page) => page.getByTestId('verdict');
export const documentStatus = (page: Page) => page.getByTestId('document-status');

/** The printed certificate's text, read with print media (the screen hides it, and print the verdict). */
export async function printedCertificate(page: Page): Promise<string> {
  await page.emulateMedia({ media: 'print' });
  const certificate = page.getByTestId('certificate');
  await expect(certificate).toBeVisible();
  await expect(verdict(page)).toBeHidden();
  const text = (await certificate.textContent()) ?? '';
  await page.emulateMedia({ media: 'screen' });
  return text;
}

/**
 * Opens the Verify page with nothing held (a reload keeps what the tab's entry held, so it is cleared)
 * and verifies `value` pasted as JSON, under "Other ways".
 */
export async function verifyPasted(page: Page, value: unknown): Promise<void> {
  await page.goto('/app/verify');
  const clear = page.getByRole('button', { name: 'Clear', exact: true });
  const otherWays = page.getByText('Other ways: paste a receipt or bundle');
  // The page is either holding what the entry kept (Clear) or empty (Other ways): wait until it
  // shows one, since asking before it has rendered would see neither and skip the Clear.
  await expect(clear.or(otherWays).first()).toBeVisible();
  if (await clear.isVisible()) await clear.click();
  await otherWays.click();
  await page.getByLabel('Or paste the receipt or bundle JSON').fill(JSON.stringify(value));
  await page.getByRole('button', { name: 'Verify pasted JSON' }).click();
}

/** Opens one of a verification's folded details (its summary), by its test id. */
export async function openDetails(page: Page, testId: string): Promise<void> {
  const details = page.getByTestId(testId);
  if ((await details.getAttribute('open')) === null) await details.locator(':scope > summary').click();
}
