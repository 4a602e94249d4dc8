import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { makeTestApp } from './test-helpers.js';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    expect(loadConfig({})).toEqual({
      host: '127.0.0.1',
      port: 8080,
      dataDir: './data',
      databaseUrl: null,
      instanceId: expect.stringMatching(/^.+-\d+-[0-9a-f]{6}$/),
      adminApiKey: null,
      trialKeyQuota: 50,
      trialKeyDays: 30,
      trialKeysPerHour: 5,
      eventsPerMinute: 60,
      trustProxy: { kind: 'none' },
      corsOrigins: [],
      lifecycleRequiresKey: false,
      chain: 'dev',
      devchainBlockMs: 2000,
      devchainPort: null,
      anchorMinLeaves: 1,
      anchorMaxAgeS: 10,
      anchorTickMs: 500,
      anchorConfirmations: 1,
      anchorAmountZat: 1000,
      anchorFromAddress: null,
      zcashRpcUrl: null,
      zcashRpcUser: null,
      zcashRpcPassword: null,
      zcashRpcTimeoutMs: 15000,
      explorerTxUrl: null,
      explorerBlockUrl: null,
      anchorViewingKey: null,
      logRequests: false,
      walletWrites: 'any',
      requestTimeoutMs: 15000,
      headersTimeoutMs: 10000,
      keepAliveTimeoutMs: 5000,
      webhookAllowPrivate: false,
      upstreamUrl: null,
      upstreamTimeoutMs: 15_000,
      deploymentImageId: null,
      buildSourceUrl: null,
      anchorMode: 'auto',
      // On CHAIN=dev the embedded chain's wallet is the recipient (server/anchor/runtime.ts).
      anchorToAddress: null,
    });
  });

  it('refuses a header timeout longer than the request timeout', () => {
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '6000' })).toThrow(
      /HEADERS_TIMEOUT_MS/,
    );
  });

  it('uses the real-chain anchoring defaults with CHAIN=zcash', () => {
    const config = loadConfig({
      CHAIN: 'zcash',
      ZCASH_RPC_URL: 'http://127.0.0.1:8232',
      ANCHOR_FROM_ADDRESS: 'u1abc',
    });
    expect(config).toMatchObject({ anchorMinLeaves: 10, anchorMaxAgeS: 3600, anchorTickMs: 15000 });
  });

  it('parses every kind of value', () => {
    const config = loadConfig({
      PORT: '0',
      TRUST_PROXY: '1',
      LIFECYCLE_REQUIRES_KEY: 'true',
      CORS_ORIGINS: 'https://a.example, http://localhost:5173',
      DEVCHAIN_PORT: '18232',
      ADMIN_API_KEY: 'x'.repeat(16),
      EXPLORER_TX_URL: 'https://explorer.example/tx/{txid}',
      EXPLORER_BLOCK_URL: 'https://explorer.example/block/{hash}',
      WEBHOOK_ALLOW_PRIVATE: 'true',
    });
    expect(config).toMatchObject({
      port: 0,
      trustProxy: { kind: 'hops', hops: 1 },
      lifecycleRequiresKey: true,
      corsOrigins: ['https://a.example', 'http://localhost:5173'],
      devchainPort: 18232,
      adminApiKey: 'x'.repeat(16),
      explorerBlockUrl: 'https://explorer.example/block/{hash}',
      webhookAllowPrivate: true,
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['TRIAL_KEY_QUOTA', '0'],
    ['TRIAL_KEY_DAYS', 'ten'],
    ['TRIAL_KEYS_PER_HOUR', '1e3'],
    ['EVENTS_PER_MINUTE', ' 60'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '11'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1,proxy.local'],
    ['LIFECYCLE_REQUIRES_KEY', 'TRUE'],
    ['WEBHOOK_ALLOW_PRIVATE', 'yes'],
    ['CHAIN', 'mainnet'],
    ['DEVCHAIN_BLOCK_MS', '0'],
    ['DEVCHAIN_PORT', '0'],
    ['ANCHOR_MIN_LEAVES', '0'],
    ['ANCHOR_CONFIRMATIONS', 'x'],
    ['ANCHOR_AMOUNT_ZAT', '2100000000000001'],
    ['ZCASH_RPC_URL', 'ftp://node'],
    ['ZCASH_RPC_URL', 'not a url'],
    ['ZCASH_RPC_TIMEOUT_MS', '5'],
    ['CORS_ORIGINS', 'https://a.example/'],
    ['CORS_ORIGINS', 'a.example'],
    ['EXPLORER_TX_URL', 'https://explorer.example/tx/'],
    ['EXPLORER_BLOCK_URL', 'https://explorer.example/block/'],
    ['EXPLORER_BLOCK_URL', 'https://explorer.example/block/{txid}'],
    ['ADMIN_API_KEY', 'short'],
    ['ADMIN_API_KEY', 'key-with-newline\n-0123456789'],
    ['ADMIN_API_KEY', 'key with a space 0123456789'],
    ['ADMIN_API_KEY', 'key-with-tab\t-0123456789'],
    ['ADMIN_API_KEY', ' leading-space-0123456789'],
    ['ADMIN_API_KEY', 'trailing-space-0123456789 '],
    ['ADMIN_API_KEY', 'no-break\u00a0space-0123456789'],
  ])('%s=%j stops start-up with an error naming it', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error).toMatchObject({ variable: name, message: expect.stringContaining(name) });
  });

  it('takes a PostgreSQL URL and an instance id, and refuses others without echoing the URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://zap1:pw@db:5432/zap1', INSTANCE_ID: 'api-2' });
    expect(config.databaseUrl).toBe('postgres://zap1:pw@db:5432/zap1');
    expect(config.instanceId).toBe('api-2');
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u:secret@db/zap1' })).toThrow(
      /^DATABASE_URL: .*postgres/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u:secret@db/zap1' })).not.toThrow(/secret/);
    expect(() => loadConfig({ INSTANCE_ID: 'two words' })).toThrow(/INSTANCE_ID/);
  });

  it('requires the node settings with CHAIN=zcash', () => {
    expect(() => loadConfig({ CHAIN: 'zcash' })).toThrow(/ZCASH_RPC_URL/);
    expect(() => loadConfig({ CHAIN: 'zcash', ZCASH_RPC_URL: 'http://n:8232' })).toThrow(
      /ANCHOR_FROM_ADDRESS/,
    );
  });
});

describe('ADMIN_API_KEY accepted at start-up', () => {
  it('authenticates as the operator (no key passes start-up that bearerToken would refuse)', async () => {
    const key = 'op-key_with.symbols+/=~!0123456789';
    const t = await makeTestApp({ ADMIN_API_KEY: key });
    try {
      const res = await t.app.inject({ url: '/key', headers: { authorization: `Bearer ${key}` } });
      expect(res.statusCode).toBe(200);
      expect(res.json().tier).toBe('operator');
    } finally {
      await t.close();
    }
  });
});
