import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, uniqueWallet } from './fixtures';
import { startProxy } from './proxy-process';

/**
 * Proxy mode: a second process (`UPSTREAM_URL`) serves the app and forwards the API to the e2e
 * service, which stands in for a ZAP1 deployment on another origin.
 */
let proxy: { base: string; stop: () => void } | null = null;
let proxyBase = '';

test.beforeAll(async ({ baseURL }) => {
  proxy = await startProxy(baseURL ?? '');
  proxyBase = proxy.base;
});

test.afterAll(() => proxy?.stop());

test('the app in proxy mode names the upstream, shows its data and anchors through it', async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto(`${proxyBase}/app/`);
  await expect(page.getByTestId('service-url')).toHaveText(`Service: ${baseURL} (through this site)`);
  await expect(page.getByTestId('network-badge')).toHaveText('devnet');

  // A trial key and an event through the proxy: the upstream records them, the key as the user sent it.
  const issued = await request.post(`${proxyBase}/trial-key`);
  expect(issued.status()).toBe(201);
  expect(issued.headers()['x-zap1-upstream']).toBe(baseURL);
  const { key } = (await issued.json()) as { key: string };
  const serial = `proxy-${Date.now()}`;
  const written = await request.post(`${proxyBase}/event`, {
    headers: { Authorization: `Bearer ${key}` },
    data: {
      event_type: 'CONTRACT_ANCHOR',
      wallet_hash: uniqueWallet('proxy'),
      serial_number: serial,
      contract_sha256: 'ab'.repeat(32),
    },
  });
  expect(written.status()).toBe(201);
  const { leaf_hash: leaf } = (await written.json()) as { leaf_hash: string };
  // The upstream itself has the leaf written through the proxy.
  expect((await request.get(`/verify/${leaf}/check`)).status()).toBe(200);
  // The same leaf is read through the proxy, as the upstream has it.
  await page.goto(`${proxyBase}/app/leaf/${leaf}`);
  await expect(page.getByTestId('leaf-state')).toHaveText('Anchored', { timeout: 60_000 });
  await page.goto(`${proxyBase}/app/verify?leaf=${leaf}`);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'anchored');
  await page.goto(`${proxyBase}/app/events`);
  await expect(page.locator(`[data-leaf="${leaf}"]`)).toBeVisible();
});

test('a service on another origin that does not allow this site is named as a CORS refusal, with proxy mode as the way', async ({
  page,
}) => {
  // A stand-in for a deployment that allows browser calls only from its own site.
  const foreign = http.createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json',
      'access-control-allow-origin': 'https://reference.example',
    });
    res.end(JSON.stringify({ protocol: 'ZAP1', version: '2.2.0' }));
  });
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  const foreignUrl = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
  try {
    await page.goto('/app/settings');
    await page.getByLabel('Service base URL').fill(foreignUrl);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Explore' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stats' }).click();
    const main = page.getByRole('main');
    await expect(main.getByText(/\(CORS\)/).first()).toBeVisible({ timeout: 15_000 });
    await expect(main.getByText(`UPSTREAM_URL=${foreignUrl} npm start`).first()).toBeVisible();
  } finally {
    await page.goto('/app/settings');
    await page.getByRole('button', { name: 'Use this site' }).click();
    await new Promise<void>((resolve) => foreign.close(() => resolve()));
  }
});
