/**
 * Browser-kept settings: the service base URL and the API key kept for each base URL
 * (docs/architecture.md "The app, details": keys are stored per base URL). A tiny external store so that
 * React components and the request function read the same values.
 */
import { useSyncExternalStore } from 'react';

const BASE_URL_KEY = 'zap1.baseUrl';
const KEYS_KEY = 'zap1.keys';
const EXPLORER_KEY = 'zap1.blockExplorer';

type Listener = () => void;
const listeners = new Set<Listener>();

function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null; // storage can be disabled (private mode, policies); fall back to defaults
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Not persisting is better than failing the action the user asked for.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === BASE_URL_KEY || event.key === KEYS_KEY || event.key === EXPLORER_KEY) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

/**
 * Normalises a base URL as typed by a user: trims spaces and trailing slashes, and assumes https://
 * when no scheme is given ("zap1.example.org"); '' means same origin.
 */
export function normaliseBaseUrl(input: string): string {
  const trimmed = input.trim().replace(/\/+$/, '');
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return trimmed;
  return `https://${trimmed}`;
}

/** Whether `input` names no scheme, so saving it assumes https://. */
export function assumesHttps(input: string): boolean {
  const trimmed = input.trim();
  return trimmed !== '' && normaliseBaseUrl(trimmed) !== trimmed.replace(/\/+$/, '');
}

/** Returns an error message for a base URL a user typed, or null when it is usable. */
export function baseUrlProblem(input: string): string | null {
  const value = normaliseBaseUrl(input);
  if (value === '') return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return 'The URL must start with http:// or https://';
    if (url.search || url.hash) return 'The URL must not carry a query or fragment';
    return null;
  } catch {
    return 'This is not a URL. Example: https://zap1.example.org';
  }
}

/**
 * In proxy mode (`UPSTREAM_URL`), the ZAP1 deployment this site forwards its API to, as the server
 * names it in the page; null when this site is the service itself.
 */
export function proxiedUpstream(): string | null {
  const meta = globalThis.document?.querySelector('meta[name="zap1-upstream"]');
  return meta?.getAttribute('content') || null;
}

/** How a person knows the service at `baseUrl`: its URL, or this site (and what it forwards to). */
export function serviceName(baseUrl: string): string {
  if (baseUrl !== '') return baseUrl;
  const upstream = proxiedUpstream();
  return upstream === null ? 'this site' : `${upstream} (through this site)`;
}

/** Whether requests to `baseUrl` leave this page's origin, so the browser applies CORS to them. */
export function isCrossOrigin(baseUrl: string): boolean {
  if (baseUrl === '') return false;
  try {
    return new URL(baseUrl).origin !== globalThis.location?.origin;
  } catch {
    return false;
  }
}

/** The configured service base URL; '' means the app's own origin. */
export function getBaseUrl(): string {
  return readStorage(BASE_URL_KEY) ?? '';
}

export function setBaseUrl(url: string): void {
  const value = normaliseBaseUrl(url);
  writeStorage(BASE_URL_KEY, value === '' ? null : value);
}

function readKeys(): Record<string, string> {
  const raw = readStorage(KEYS_KEY);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string') out[k] = v;
    return out;
  } catch {
    return {};
  }
}

/** The API key kept for the given base URL (default: the current one), or null. */
export function getApiKey(baseUrl: string = getBaseUrl()): string | null {
  return readKeys()[baseUrl] ?? null;
}

/** Keeps (or, with null, forgets) the API key for the current base URL. */
export function setApiKey(key: string | null, baseUrl: string = getBaseUrl()): void {
  const keys = readKeys();
  if (key === null) delete keys[baseUrl];
  else keys[baseUrl] = key;
  writeStorage(KEYS_KEY, JSON.stringify(keys));
}

/** React view of the base URL. */
export function useBaseUrl(): string {
  return useSyncExternalStore(subscribe, getBaseUrl, () => '');
}

/** React view of the key kept for the current base URL. */
export function useApiKey(): string | null {
  const baseUrl = useBaseUrl();
  return useSyncExternalStore(
    subscribe,
    () => getApiKey(baseUrl),
    () => null,
  );
}

/**
 * The person's own block explorer, a URL template with `{height}` or `{hash}` in it; null when they
 * set none (the Verify page then uses the library's known explorer of the evidence's network). Never
 * taken from a receipt or from a service a receipt names.
 */
export function getBlockExplorer(): string | null {
  return readStorage(EXPLORER_KEY);
}

export function setBlockExplorer(template: string | null): void {
  const value = template?.trim() ?? '';
  writeStorage(EXPLORER_KEY, value === '' ? null : value);
}

/** React view of the person's block explorer template. */
export function useBlockExplorer(): string | null {
  return useSyncExternalStore(subscribe, getBlockExplorer, () => null);
}
