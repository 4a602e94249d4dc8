/**
 * Receipts that outlive the service: a file anchored on a service of its own (a second process on
 * the development chain), its receipt downloaded with the anchor's chain evidence, the service
 * stopped, and the receipt and file checked on the Verify page of a fresh start of the app with no
 * service behind it (proxy mode to a closed port): unconfirmed, naming the block to compare; the
 * block hash the chain has at that height makes it anchored, another one invalid.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { freePort } from '../test/free-port';
import { heightWords, leafHash } from 'zap1';
import { expect, test } from './fixtures';
import { startProxy, startServiceProcess } from './proxy-process';

/** The fields of `GET /anchor/evidence/{txid}`, exactly. */
const EVIDENCE_FIELDS = [
  'auth_digest_branch',
  'block_hash',
  'block_header',
  'chain_history_root',
  'format',
  'height',
  'merkle_branch',
  'network',
  'transaction',
  'tx_count',
  'tx_index',
  'txid',
  'viewing_key',
];

interface Evidence {
  format: string;
  network: string;
  txid: string;
  height: number;
  block_hash: string;
  viewing_key: string;
}

const RPC_USER = 'e2e-evidence';
const RPC_PASSWORD = `pw-${Date.now()}`;

/** The development chain's own answer (JSON-RPC, as a node gives it), asked as an auditor would. */
async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${RPC_USER}:${RPC_PASSWORD}`).toString('base64')}`,
    },
    body: JSON.stringify({ jsonrpc: '1.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result: unknown; error: unknown };
  if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  return body.result;
}

/** Waits until `base` names the anchor transaction of `leaf`, then until it serves its evidence. */
async function anchoredEvidence(request: APIRequestContext, base: string, leaf: string): Promise<Evidence> {
  let txid = '';
  await expect
    .poll(
      async () => {
        const check = (await (await request.get(`${base}/verify/${leaf}/check`)).json()) as {
          anchor?: { txid?: string | null } | null;
        };
        txid = check.anchor?.txid ?? '';
        return txid;
      },
      { timeout: 60_000, intervals: [250, 500, 1000] },
    )
    .not.toBe('');
  let evidence: Evidence | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${base}/anchor/evidence/${txid}`);
        if (response.status() === 200) evidence = (await response.json()) as Evidence;
        return response.status();
      },
      { timeout: 60_000, intervals: [250, 500, 1000] },
    )
    .toBe(200);
  return evidence!;
}

async function downloadReceipt(page: Page): Promise<Record<string, unknown>> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download receipt' }).first().click();
  return JSON.parse(readFileSync(await (await download).path(), 'utf8')) as Record<string, unknown>;
}

/** Resolves once nothing answers at `base` any more. */
async function gone(base: string): Promise<void> {
  await expect
    .poll(
      async () => {
        try {
          await fetch(`${base}/health`);
          return 'answering';
        } catch {
          return 'gone';
        }
      },
      { timeout: 30_000 },
    )
    .toBe('gone');
}

test('a receipt is checked on the chain’s bytes after its service is gone: unconfirmed, then anchored or invalid by the block hash', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'zap1-e2e-evidence-'));
  const rpcPort = await freePort();
  const service = await startServiceProcess({
    DATA_DIR: path.join(dir, 'data'),
    DEVCHAIN_PORT: String(rpcPort),
    ZCASH_RPC_USER: RPC_USER,
    ZCASH_RPC_PASSWORD: RPC_PASSWORD,
    DEVCHAIN_BLOCK_MS: '500',
    ANCHOR_TICK_MS: '200',
    ANCHOR_MIN_LEAVES: '1',
    TRIAL_KEYS_PER_HOUR: '100',
  });
  // What to stop at the end, whatever happens: the service (until it is stopped on purpose), the fresh app.
  const running = new Set<() => void>([service.stop]);
  try {
    const contractPath = path.join(dir, 'lease.txt');
    writeFileSync(contractPath, `Lease agreement ${Date.now()} ${Math.random()}\n`);
    const sha = createHash('sha256').update(readFileSync(contractPath)).digest('hex');
    const serial = `EV-${Date.now()}`;
    // A contract anchor's leaf commits to its serial number and the file's hash, not the wallet.
    const leaf = leafHash({ event_type: 'CONTRACT_ANCHOR', serial_number: serial, contract_sha256: sha });

    const { receipt, blockHash, evidence } =
      await test.step('anchor the file and download its receipt, with the chain evidence', async () => {
        await page.goto(`${service.base}/app/keys`);
        await page.getByRole('button', { name: 'Get a trial key' }).click();
        await expect(page.getByTestId('issued-key')).toBeVisible();
        await page.goto(`${service.base}/app/anchor`);
        await page.getByLabel('Contract file').setInputFiles(contractPath);
        await expect(page.getByTestId('contract-sha256')).toHaveText(sha);
        await page.getByLabel('Serial number').fill(serial);
        await page.getByRole('button', { name: 'Submit for anchoring' }).click();
        await expect(page.getByTestId('submit-status')).toContainText('Recorded');

        const served = await anchoredEvidence(request, service.base, leaf);
        expect(Object.keys(served).sort()).toEqual(EVIDENCE_FIELDS);
        expect(served).toMatchObject({ format: 'zap1-chain-evidence/1', network: 'devnet' });
        const fromAnchorPage = await downloadReceipt(page);
        expect(fromAnchorPage['chain_evidence']).toEqual(served);
        expect(fromAnchorPage['proof']).toMatchObject({
          anchor: { txid: served.txid, height: served.height },
        });

        // The Leaf page's download carries it too.
        await page.goto(`${service.base}/app/leaf/${leaf}`);
        await expect(page.getByTestId('leaf-state')).toHaveText('Anchored', { timeout: 30_000 });
        const fromLeafPage = await downloadReceipt(page);
        expect(fromLeafPage['chain_evidence']).toEqual(served);

        // What an explorer or the person's own node says is at that height: the chain's word, not the service's.
        const chainHash = (await rpc(`http://127.0.0.1:${rpcPort}`, 'getblockhash', [
          served.height,
        ])) as string;
        return { receipt: fromAnchorPage, blockHash: chainHash, evidence: served };
      });
    expect(blockHash).toBe(evidence.block_hash);

    const receiptPath = path.join(dir, 'receipt.json');
    writeFileSync(receiptPath, JSON.stringify(receipt));

    const app =
      await test.step('stop the service, and start the app afresh with no service behind it', async () => {
        service.stop();
        running.delete(service.stop);
        await gone(service.base);
        // Proxy mode to a closed port: the built app is served, and every API call fails.
        const fresh = await startProxy(`http://127.0.0.1:${await freePort()}`);
        running.add(fresh.stop);
        return fresh.base;
      });

    const verdict = page.getByTestId('verdict');
    const blockField = page.getByLabel(
      `Block hash at height ${heightWords(evidence.height)}, from an explorer or your node`,
    );

    await test.step('receipt and file: unconfirmed, naming the block hash to look up at its height', async () => {
      await page.goto(`${app}/app/verify`);
      await page.getByLabel(/Choose or drop files/).setInputFiles([receiptPath, contractPath]);
      await expect(page.getByTestId('check-file')).toHaveAttribute('data-status', 'pass');
      await expect(verdict).toHaveAttribute('data-verdict', 'unconfirmed');
      await expect(page.getByTestId('verdict-reason')).toContainText(
        `Look up the block at height ${heightWords(evidence.height)}`,
      );
      await expect(page.getByTestId('verdict-reason')).toContainText(
        `its hash must be ${evidence.block_hash}`,
      );
      for (const check of ['transaction', 'memo', 'branch', 'header', 'work'])
        await expect(page.getByTestId(`check-${check}`)).toHaveAttribute('data-status', 'pass');
      await expect(page.getByTestId('check-block')).toHaveAttribute('data-status', 'unknown');
      const rootHex = (receipt['proof'] as { root: { hash: string } }).root.hash;
      await expect(page.getByTestId('recovered-memo')).toHaveText(`ZAP1:09:${rootHex}`);
      await expect(page.getByTestId('block-to-compare')).toHaveText(evidence.block_hash);
      await expect(page.getByTestId('block-height')).toHaveText(heightWords(evidence.height));
      await expect(blockField).toBeVisible();
      await expect(page).toBeAccessible();
    });

    await test.step('the block hash the chain has at that height: anchored, naming where it came from', async () => {
      await blockField.fill(blockHash);
      await page.getByRole('button', { name: 'Compare the block' }).click();
      await expect(verdict).toHaveAttribute('data-verdict', 'anchored');
      await expect(verdict).toHaveText('✓ Anchored');
      await expect(page.getByTestId('check-block')).toHaveAttribute('data-status', 'pass');
      await expect(page.getByTestId('check-block')).toContainText('The block hash you read');
      await expect(page.getByTestId('check-file')).toHaveAttribute('data-status', 'pass');
    });

    await test.step('another block hash: invalid, naming the block check', async () => {
      await page.goto(`${app}/app/verify`);
      await page.getByLabel(/Choose or drop files/).setInputFiles([receiptPath, contractPath]);
      await expect(verdict).toHaveAttribute('data-verdict', 'unconfirmed');
      const wrong = (blockHash[0] === '0' ? '1' : '0') + blockHash.slice(1);
      await blockField.fill(wrong);
      await page.getByRole('button', { name: 'Compare the block' }).click();
      await expect(verdict).toHaveAttribute('data-verdict', 'invalid');
      await expect(page.getByTestId('check-block')).toHaveAttribute('data-status', 'fail');
      await expect(page.getByTestId('verdict-reason')).toContainText(`not the evidence's block ${blockHash}`);
    });
  } finally {
    for (const stop of running) stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
