/**
 * The one validated environment module (docs/architecture.md "Settings and defaults"). Every setting is read
 * here and nowhere else; a wrong value throws a `ConfigError` naming the variable, so the process
 * stops at start-up instead of misbehaving later.
 */

import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseProxyTrust, type ProxyTrust } from './http/client-address.js';

export type ChainKind = 'dev' | 'zcash';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /**
   * `postgres://…`: the store is this PostgreSQL database, which several instances may share
   * (docs/architecture.md decision 9); null: SQLite in `dataDir`, one process.
   */
  databaseUrl: string | null;
  /** This instance's name in the anchorer election and /health (default: host name, process id and a random part). */
  instanceId: string;
  /** Operator key; null means operator routes answer 403 while trial keys still work. */
  adminApiKey: string | null;
  trialKeyQuota: number;
  trialKeyDays: number;
  trialKeysPerHour: number;
  eventsPerMinute: number;
  /** How far X-Forwarded-For is trusted for the client address (none, a hop count, or proxy addresses). */
  trustProxy: ProxyTrust;
  /** Allowed cross-origin callers; empty means same origin only (no CORS headers). `['*']` allows any. */
  corsOrigins: string[];
  lifecycleRequiresKey: boolean;
  /** `any`: every key may add to any wallet's lifecycle; `first-key`: only the key that first wrote to it (and the operator). */
  walletWrites: 'any' | 'first-key';
  chain: ChainKind;
  devchainBlockMs: number;
  /** null: an ephemeral loopback port. */
  devchainPort: number | null;
  anchorMinLeaves: number;
  anchorMaxAgeS: number;
  anchorTickMs: number;
  anchorConfirmations: number;
  anchorAmountZat: number;
  anchorFromAddress: string | null;
  zcashRpcUrl: string | null;
  zcashRpcUser: string | null;
  zcashRpcPassword: string | null;
  zcashRpcTimeoutMs: number;
  /** Template with `{txid}`, e.g. `https://explorer.example/tx/{txid}`. */
  explorerTxUrl: string | null;
  /** Template with `{height}` or `{hash}`, e.g. `https://explorer.example/block/{height}`. */
  explorerBlockUrl: string | null;
  /**
   * The unified full viewing key published with the chain evidence; null: the one the wallet exports
   * for `anchorFromAddress`. Either is checked at start (server/anchor/viewing-key.ts).
   */
  anchorViewingKey: string | null;
  /**
   * `auto`: the service's wallet sends each anchor. `manual`: it holds no spending key; the operator
   * pays the anchor (QR code, /admin/anchor/qr) and records it (/admin/anchor/record), which is
   * accepted once the node shows the memo at the claimed height.
   */
  anchorMode: 'auto' | 'manual';
  /**
   * Where a manual anchor is paid to (the ZIP-321 recipient); when unset on CHAIN=dev, the embedded
   * chain's wallet (ChainHooks.paymentAddress).
   */
  anchorToAddress: string | null;
  /** Log every request to stdout (5xx answers are logged either way). */
  logRequests: boolean;
  /**
   * Proxy mode: the base URL of another ZAP1 service whose API this process forwards from the
   * app's own origin, with no store, keys or anchoring of its own; null runs the service itself.
   */
  upstreamUrl: string | null;
  /** How long the upstream may take to start answering a forwarded request. */
  upstreamTimeoutMs: number;
  /** The deployed container image (`sha256:` + 64 hex), shown by /build/info; anything else is dropped. */
  deploymentImageId: string | null;
  /** Public link to a revision, `{rev}` replaced by the commit, shown by /build/info. */
  buildSourceUrl: string | null;
  /** The whole request must arrive within this (408 otherwise); headers within headersTimeoutMs. */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** Also deliver webhooks to link-local and cloud metadata addresses (refused by default). */
  webhookAllowPrivate: boolean;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

/** The Zcash maximum supply in zatoshi (21e6 ZEC). */
const MAX_ZAT = 2_100_000_000_000_000;

type Env = Readonly<Record<string, string | undefined>>;

function raw(env: Env, name: string): string | undefined {
  const value = env[name];
  // An empty variable counts as unset, as shells and .env files commonly produce them.
  return value === undefined || value === '' ? undefined : value;
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new ConfigError(name, `must be a whole number, got "${value}"`);
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  }
  return n;
}

function optionalInt(env: Env, name: string, min: number, max: number): number | null {
  return raw(env, name) === undefined ? null : int(env, name, min, min, max);
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new ConfigError(name, `must be true, false, 1 or 0, got "${value}"`);
}

function str(env: Env, name: string): string | null {
  const value = raw(env, name);
  if (value === undefined) return null;
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f))
    throw new ConfigError(name, 'must not contain control characters');
  return value;
}

function httpUrl(env: Env, name: string): string | null {
  const value = str(env, name);
  if (value === null) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, `must be an http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(name, `must be an http(s) URL, got "${value}"`);
  }
  return value;
}

function anchorMode(env: Env): 'auto' | 'manual' {
  const value = str(env, 'ANCHOR_MODE') ?? 'auto';
  if (value !== 'auto' && value !== 'manual')
    throw new ConfigError('ANCHOR_MODE', `must be auto or manual, got "${value}"`);
  return value;
}

/** UPSTREAM_URL without a trailing slash, so API paths append to it; no query or fragment. */
function upstreamUrl(env: Env): string | null {
  const value = httpUrl(env, 'UPSTREAM_URL');
  if (value === null) return null;
  const url = new URL(value);
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new ConfigError(
      'UPSTREAM_URL',
      `must be the service's base URL without credentials, query or fragment, got "${value}"`,
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function corsOrigins(env: Env): string[] {
  const value = str(env, 'CORS_ORIGINS');
  if (value === null) return [];
  const origins = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const origin of origins) {
    if (origin === '*') continue;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      throw new ConfigError('CORS_ORIGINS', `"${origin}" is not an origin like https://app.example`);
    }
    // An origin has no path; a trailing slash or path would never match a browser's Origin header.
    if (url.origin !== origin) {
      throw new ConfigError('CORS_ORIGINS', `"${origin}" is not an origin like ${url.origin}`);
    }
  }
  return origins;
}

function proxyTrust(env: Env): ProxyTrust {
  const parsed = parseProxyTrust(str(env, 'TRUST_PROXY'));
  if ('error' in parsed) throw new ConfigError('TRUST_PROXY', parsed.error);
  return parsed;
}

function databaseUrl(env: Env): string | null {
  const value = str(env, 'DATABASE_URL');
  if (value === null) return null;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')) {
    // The value may hold a password: name the expected form, never echo it.
    throw new ConfigError('DATABASE_URL', 'must be a postgres:// or postgresql:// URL');
  }
  return value;
}

function instanceId(env: Env): string {
  const value = str(env, 'INSTANCE_ID');
  if (value === null) return `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  if (!/^[A-Za-z0-9._:-]{1,100}$/.test(value)) {
    throw new ConfigError('INSTANCE_ID', 'must be 1-100 characters of letters, digits and . _ : -');
  }
  return value;
}

function walletWrites(env: Env): 'any' | 'first-key' {
  const value = raw(env, 'WALLET_WRITES') ?? 'any';
  if (value !== 'any' && value !== 'first-key') {
    throw new ConfigError('WALLET_WRITES', `must be "any" or "first-key", got "${value}"`);
  }
  return value;
}

/** Parses and validates every setting; throws `ConfigError` naming the first wrong variable. */
export function loadConfig(env: Env = process.env): Config {
  const chainValue = raw(env, 'CHAIN') ?? 'dev';
  if (chainValue !== 'dev' && chainValue !== 'zcash') {
    throw new ConfigError('CHAIN', `must be "dev" or "zcash", got "${chainValue}"`);
  }
  const chain: ChainKind = chainValue;
  const dev = chain === 'dev';

  const host = str(env, 'HOST') ?? '127.0.0.1';
  const explorerTxUrl = str(env, 'EXPLORER_TX_URL');
  if (explorerTxUrl !== null && !explorerTxUrl.includes('{txid}')) {
    throw new ConfigError('EXPLORER_TX_URL', 'must contain the placeholder {txid}');
  }
  const explorerBlockUrl = str(env, 'EXPLORER_BLOCK_URL');
  if (explorerBlockUrl !== null && !/\{(?:height|hash)\}/.test(explorerBlockUrl)) {
    throw new ConfigError('EXPLORER_BLOCK_URL', 'must contain the placeholder {height} or {hash}');
  }

  const config: Config = {
    host,
    port: int(env, 'PORT', 8080, 0, 65535),
    dataDir: str(env, 'DATA_DIR') ?? './data',
    databaseUrl: databaseUrl(env),
    instanceId: instanceId(env),
    adminApiKey: str(env, 'ADMIN_API_KEY'),
    trialKeyQuota: int(env, 'TRIAL_KEY_QUOTA', 50, 1, 1_000_000_000),
    trialKeyDays: int(env, 'TRIAL_KEY_DAYS', 30, 1, 36_500),
    trialKeysPerHour: int(env, 'TRIAL_KEYS_PER_HOUR', 5, 1, 1_000_000_000),
    eventsPerMinute: int(env, 'EVENTS_PER_MINUTE', 60, 1, 1_000_000_000),
    trustProxy: proxyTrust(env),
    corsOrigins: corsOrigins(env),
    lifecycleRequiresKey: bool(env, 'LIFECYCLE_REQUIRES_KEY', false),
    walletWrites: walletWrites(env),
    chain,
    devchainBlockMs: int(env, 'DEVCHAIN_BLOCK_MS', 2000, 10, 3_600_000),
    devchainPort: optionalInt(env, 'DEVCHAIN_PORT', 1, 65535),
    anchorMinLeaves: int(env, 'ANCHOR_MIN_LEAVES', dev ? 1 : 10, 1, 1_000_000_000),
    anchorMaxAgeS: int(env, 'ANCHOR_MAX_AGE_S', dev ? 10 : 3600, 1, 31_536_000),
    anchorTickMs: int(env, 'ANCHOR_TICK_MS', dev ? 500 : 15_000, 10, 3_600_000),
    anchorConfirmations: int(env, 'ANCHOR_CONFIRMATIONS', 1, 1, 1000),
    anchorAmountZat: int(env, 'ANCHOR_AMOUNT_ZAT', 1000, 1, MAX_ZAT),
    anchorFromAddress: str(env, 'ANCHOR_FROM_ADDRESS'),
    zcashRpcUrl: httpUrl(env, 'ZCASH_RPC_URL'),
    zcashRpcUser: str(env, 'ZCASH_RPC_USER'),
    zcashRpcPassword: str(env, 'ZCASH_RPC_PASSWORD'),
    zcashRpcTimeoutMs: int(env, 'ZCASH_RPC_TIMEOUT_MS', 15_000, 100, 600_000),
    explorerTxUrl,
    explorerBlockUrl,
    anchorViewingKey: str(env, 'ANCHOR_VIEWING_KEY'),
    anchorMode: anchorMode(env),
    anchorToAddress: str(env, 'ANCHOR_TO_ADDRESS'),
    logRequests: bool(env, 'LOG_REQUESTS', false),
    upstreamUrl: upstreamUrl(env),
    upstreamTimeoutMs: int(env, 'UPSTREAM_TIMEOUT_MS', 15_000, 100, 600_000),
    deploymentImageId: str(env, 'ZAP1_DEPLOYMENT_IMAGE_ID'),
    buildSourceUrl: str(env, 'BUILD_SOURCE_URL'),
    requestTimeoutMs: int(env, 'REQUEST_TIMEOUT_MS', 15_000, 1000, 600_000),
    headersTimeoutMs: int(env, 'HEADERS_TIMEOUT_MS', 10_000, 1000, 600_000),
    keepAliveTimeoutMs: int(env, 'KEEP_ALIVE_TIMEOUT_MS', 5000, 1000, 600_000),
    webhookAllowPrivate: bool(env, 'WEBHOOK_ALLOW_PRIVATE', false),
  };

  if (config.adminApiKey !== null && config.adminApiKey.length < 16) {
    // A short operator key can be guessed; it writes without quota and reads operator data.
    throw new ConfigError('ADMIN_API_KEY', 'must be at least 16 characters');
  }
  if (config.adminApiKey !== null && /\s/.test(config.adminApiKey)) {
    // bearerToken (http/auth.ts) refuses tokens with whitespace, so such a key could never authenticate.
    throw new ConfigError('ADMIN_API_KEY', 'must not contain whitespace (a Bearer token cannot carry it)');
  }
  if (config.headersTimeoutMs > config.requestTimeoutMs) {
    // Node refuses a header deadline past the whole request's.
    throw new ConfigError('HEADERS_TIMEOUT_MS', 'must not be longer than REQUEST_TIMEOUT_MS');
  }
  if (chain === 'zcash') {
    // A real node cannot be guessed: without these the anchoring loop could never send.
    if (config.zcashRpcUrl === null) throw new ConfigError('ZCASH_RPC_URL', 'is required when CHAIN=zcash');
    if (config.anchorFromAddress === null) {
      throw new ConfigError('ANCHOR_FROM_ADDRESS', 'is required when CHAIN=zcash');
    }
  }
  return config;
}
