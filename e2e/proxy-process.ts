import { spawn } from 'node:child_process';
import { expect } from '@playwright/test';
import { freePort } from '../test/free-port';

/**
 * Another process of the built service on a free port with `env`, once it serves the app; `entry` is
 * the built service's script (a copy of the build elsewhere serves that copy's app).
 */
export async function startServiceProcess(
  env: Record<string, string>,
  entry = 'dist-server/server/index.js',
): Promise<{ base: string; stop: () => void }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [entry], {
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
