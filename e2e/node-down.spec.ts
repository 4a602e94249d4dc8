import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { startServiceProcess } from './proxy-process';

/**
 * An operator whose Zcash node is down: a second process of the built service on CHAIN=zcash, its
 * RPC URL a local port that accepts connections and closes them at once (no node can run here).
 * The Status page must lead with "Needs attention" and say why, while the rest still answers.
 */
let service: { base: string; stop: () => void } | null = null;
let closedNode: Server | null = null;
let dataDir = '';

test.beforeAll(async () => {
  closedNode = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => closedNode!.listen(0, '127.0.0.1', resolve));
  const { port } = closedNode.address() as { port: number };
  dataDir = mkdtempSync(path.join(tmpdir(), 'zap1-e2e-node-down-'));
  service = await startServiceProcess({
    CHAIN: 'zcash',
    ZCASH_RPC_URL: `http://127.0.0.1:${port}`,
    ZCASH_RPC_TIMEOUT_MS: '1000',
    ANCHOR_FROM_ADDRESS: 'u1operatoraddressfortest',
    DATA_DIR: dataDir,
  });
});

test.afterAll(async () => {
  service?.stop();
  await new Promise((resolve) => closedNode?.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

test('the Status page of a service whose node is down leads with Needs attention and says why', async ({
  page,
}) => {
  await page.goto(`${service!.base}/app/status`);
  const banner = page.getByTestId('status-banner');
  await expect(banner).toHaveAttribute('data-health', 'unhealthy', { timeout: 15_000 });
  await expect(banner.getByTestId('health-verdict')).toHaveText('Needs attention');
  await expect(banner.getByTestId('health-problems')).toContainText('The node is unreachable');
  await expect(page).toBeAccessible();
  // The service itself still answers: what does not need the node keeps working.
  await page.goto(`${service!.base}/app/`);
  await expect(page.getByTestId('network-badge')).toBeVisible();
});
