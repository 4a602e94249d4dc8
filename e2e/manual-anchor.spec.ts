import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, keepKeyInBrowser, test, uniqueWallet } from './fixtures';
import { freePort } from '../test/free-port';
import { startServiceProcess } from './proxy-process';

/**
 * Manual anchoring end to end: a service with ANCHOR_MODE=manual on its own dev chain; the operator
 * sees the payment on the Status page, pays it from the dev chain's wallet (standing in for their
 * own wallet) and records it there; a payment with another memo is refused.
 */
const OPERATOR = 'manual-e2e-operator-key-0123456789';
const RPC_AUTH = 'Basic ' + Buffer.from('manual:manual-e2e-password').toString('base64');
let service: { base: string; stop: () => void } | null = null;
let rpcUrl = '';
let dataDir = '';

async function rpc(method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { authorization: RPC_AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '1.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result: unknown; error: { message: string } | null };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/** Pays the memo `memoText` from the dev wallet to itself and waits until mined: txid and height. */
async function pay(memoText: string): Promise<{ txid: string; height: number }> {
  const wallet = 'udev1zap1devchainwallet0000000000000000000000000000000000000000';
  const memo = Buffer.from(memoText, 'ascii').toString('hex');
  const opid = (await rpc('z_sendmany', [wallet, [{ address: wallet, amount: 0.00001, memo }]])) as string;
  const [op] = (await rpc('z_getoperationstatus', [[opid]])) as { result?: { txid: string } }[];
  const txid = op!.result!.txid;
  let height = 0;
  await expect
    .poll(async () => {
      const raw = (await rpc('getrawtransaction', [txid, 1])) as { height?: number };
      height = raw.height ?? 0;
      return height;
    })
    .toBeGreaterThan(0);
  return { txid, height };
}

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'zap1-e2e-manual-'));
  const devPort = await freePort();
  rpcUrl = `http://127.0.0.1:${devPort}/`;
  service = await startServiceProcess({
    DATA_DIR: dataDir,
    ANCHOR_MODE: 'manual',
    ADMIN_API_KEY: OPERATOR,
    DEVCHAIN_PORT: String(devPort),
    DEVCHAIN_BLOCK_MS: '300',
    ZCASH_RPC_USER: 'manual',
    ZCASH_RPC_PASSWORD: 'manual-e2e-password',
  });
});

test.afterAll(() => {
  service?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('the operator pays the anchor shown on the Status page and records it; another memo is refused', async ({
  page,
  request,
}) => {
  const base = service!.base;
  const write = async (serial: string) => {
    const res = await request.post(`${base}/event`, {
      headers: { Authorization: `Bearer ${OPERATOR}` },
      data: {
        event_type: 'CONTRACT_ANCHOR',
        wallet_hash: uniqueWallet('manual'),
        serial_number: serial,
        contract_sha256: 'cd'.repeat(32),
      },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { leaf_hash: string }).leaf_hash;
  };
  const leaf = await write('MANUAL-1');
  // The operator key kept by this browser for this site.
  await keepKeyInBrowser(page, OPERATOR);

  await page.goto(`${base}/app/status`);
  await expect(page.getByRole('button', { name: 'Anchor now' })).toHaveCount(0);
  const manual = page.getByTestId('manual-anchor');
  await expect(manual.getByTestId('anchor-qr')).toBeVisible();
  const uri = (await manual.getByTestId('anchor-uri').textContent()) ?? '';
  expect(uri).toMatch(/^zcash:udev1\w+\?amount=0\.00001&memo=[\w-]+$/);
  const memoText = Buffer.from(uri.split('memo=')[1]!, 'base64url').toString('ascii');
  expect(memoText).toMatch(/^ZAP1:09:[0-9a-f]{64}$/);

  // A payment with another root's memo is refused, and nothing is anchored.
  const wrong = await pay(`ZAP1:09:${'e'.repeat(64)}`);
  await manual.getByLabel('Transaction id').fill(wrong.txid);
  await manual.getByLabel('Block height').fill(String(wrong.height));
  await manual.getByRole('button', { name: 'Record the anchor' }).click();
  await expect(manual.getByRole('alert')).toContainText(`is not ${memoText}`);

  // The right payment is recorded and anchors the leaf.
  const paid = await pay(memoText);
  await manual.getByLabel('Transaction id').fill(paid.txid);
  await manual.getByLabel('Block height').fill(String(paid.height));
  await manual.getByRole('button', { name: 'Record the anchor' }).click();
  await expect(page.getByTestId('manual-anchor')).toHaveText('Every leaf is anchored: nothing to pay.');
  await page.goto(`${base}/app/leaf/${leaf}`);
  await expect(page.getByTestId('leaf-state')).toHaveText('Anchored');
  await expect(page.getByText(paid.txid)).toBeVisible();
});
