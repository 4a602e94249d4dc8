import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';

export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Another process of the built service on a free port with `env`, once it serves the app. */
export async function startServiceProcess(
  env: Record<string, string>,
): Promise<{ base: string; stop: () => void }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist-server/server/index.js'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${base}/app/`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 30_000 },
    )
    .toBe(200);
  return { base, stop: () => child.kill('SIGTERM') };
}

/** The built service started in proxy mode (`UPSTREAM_URL`). */
export function startProxy(upstreamUrl: string): Promise<{ base: string; stop: () => void }> {
  return startServiceProcess({ UPSTREAM_URL: upstreamUrl });
}
