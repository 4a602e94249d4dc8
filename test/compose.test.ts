/**
 * compose.yaml cannot be run here (no container engine on these machines), so what can go wrong
 * in it without running it is checked: every instance's settings pass the service's own
 * validation, they share one database and chain, the wallet is the dev chain's, the commands name
 * files the build produces, and the load balancer forwards to every instance.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEVCHAIN_WALLET_ADDRESS } from '../devchain/ledger-db.js';
import { loadConfig } from '../server/config.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface ComposeService {
  command?: string[];
  environment?: Record<string, string>;
}

function composeServices(): Record<string, ComposeService> {
  // `merge: true` applies the `<<:` keys, as compose does.
  const doc = parse(fs.readFileSync(path.join(repoRoot, 'compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
  return doc.services;
}

describe('compose.yaml', () => {
  const services = composeServices();
  const instances = ['api1', 'api2', 'api3'].map((name) => services[name]);

  it('runs three instances whose settings the service accepts, on one database and one chain', () => {
    const configs = instances.map((service) => loadConfig(service?.environment ?? {}));
    expect(new Set(configs.map((c) => c.instanceId)).size).toBe(3);
    for (const config of configs) {
      expect(config.databaseUrl).toBe(configs[0]?.databaseUrl);
      expect(config.databaseUrl).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
      expect(config.chain).toBe('zcash');
      expect(config.zcashRpcUrl).toMatch(/^http:\/\/devchain:18232\/?$/);
      expect(config.anchorFromAddress).toBe(DEVCHAIN_WALLET_ADDRESS);
    }
  });

  it('opens the dev chain to the instances with the credentials they use', () => {
    const devchain = services['devchain'];
    const env = devchain?.environment ?? {};
    expect(env['DEVCHAIN_HOST']).toBe('0.0.0.0');
    expect(env['DEVCHAIN_PORT']).toBe('18232');
    expect(env['ZCASH_RPC_PASSWORD']).toBe(instances[0]?.environment?.['ZCASH_RPC_PASSWORD']);
    expect(env['ZCASH_RPC_USER']).toBe(instances[0]?.environment?.['ZCASH_RPC_USER']);
    // The built file the command runs comes from this source file (tsconfig.server.json).
    const built = devchain?.command?.find((part) => part.endsWith('.js')) ?? '';
    expect(built).toBe('dist-server/devchain/main.js');
    expect(fs.existsSync(path.join(repoRoot, 'devchain/main.ts'))).toBe(true);
  });

  it('balances over every instance', () => {
    const nginx = fs.readFileSync(path.join(repoRoot, 'deploy/nginx.conf'), 'utf8');
    for (const name of ['api1', 'api2', 'api3']) expect(nginx).toContain(`server ${name}:8080`);
  });
});
