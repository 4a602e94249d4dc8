/**
 * The command-line verifier (a real process) given `--service` a hostile service (security
 * review: a huge /protocol/info once took it to 1.66 GB and 23 s): each answer it reads is cut at
 * its limit, the verdict says why the service could not be asked, and the process lets the
 * connection go long before the 100 MB could be sent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test/cli-run.js';
import { contractEvent, genuineBundle, testReceipt } from '../../test/bundles.js';
import { HUGE_BYTES, startHostileServer, type HostileServer, type Route } from '../../test/hostile-server.js';
import { tempDir } from '../../test/cli-run.js';

const INFO = { protocol: 'ZAP1', version: '3', network: 'devnet' };

let dir: string;
let server: HostileServer | undefined;
beforeAll(() => {
  dir = tempDir();
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const write = (name: string, value: unknown): string => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(value));
  return file;
};

/** A service answering `huge` with 100 MB streamed, /protocol/info honestly, and 404 elsewhere. */
async function hostileAt(huge: string, how: Route = { kind: 'stream' }): Promise<HostileServer> {
  server = await startHostileServer((_, asked) =>
    asked === huge ? how : asked === '/protocol/info' ? { kind: 'json', body: INFO } : undefined,
  );
  return server;
}

describe('zap1-verify --service with a hostile service', () => {
  const made = contractEvent(1);
  const cases = [
    {
      // A receipt names its network, so the service's is asked first.
      input: () => write('receipt.json', testReceipt(made)),
      huge: '/protocol/info',
      said: "answered /protocol/info with more than 64 KB; a ZAP1 service's info is a few KB, so it is not read.",
    },
    {
      // A bundle still awaiting its anchor: the service is asked for a newer proof.
      input: () => write('pending.json', genuineBundle(0, 3, { txid: null, height: null })),
      huge: `/verify/${contractEvent(0).leafHex}/proof.json`,
      said: `answered /verify/${contractEvent(0).leafHex}/proof.json with more than 1 MB; a proof bundle is a few KB, so it is not read.`,
    },
    {
      // An anchored bundle: the service's history is read to find its root.
      input: () => write('anchored.json', genuineBundle(1, 3)),
      huge: '/anchor/history',
      said: 'answered /anchor/history with more than 8 MB; a history of 20,000 anchors is smaller, so it is not read.',
    },
  ];

  it.each(cases)('cuts $huge and says why the service could not be asked', async ({ input, huge, said }) => {
    const service = await hostileAt(huge);
    const run = await runCli([input(), '--service', service.origin, '--json']);
    expect(run.stdout).toContain(`${service.origin} ${said}`);
    expect(run.code).toBe(3); // not confirmed: the service could not be asked
    expect(await service.served(huge).closed).toEqual({ early: true });
    expect(service.served(huge).bytes).toBeLessThan(HUGE_BYTES / 4);
  });

  it('refuses a Content-Length over the limit without reading the answer', async () => {
    const service = await hostileAt('/anchor/history', { kind: 'declared' });
    const run = await runCli([write('anchored.json', genuineBundle(1, 3)), '--service', service.origin]);
    expect(run.stdout).toContain('answered /anchor/history with 100 MB (its Content-Length), more than 8 MB');
    expect(run.code).toBe(3);
    expect(await service.served('/anchor/history').closed).toEqual({ early: true });
  });
});
