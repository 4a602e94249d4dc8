/**
 * What the command-line tools share: the mistake that exits 2 with the usage, the URL options, a
 * file's SHA-256 read as a stream (a document of gigabytes never sits in memory), and the node
 * a person names with `--rpc` as the verdict's sources.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { ChainCheck } from '../index.js';
import { ZcashRpcClient } from '../node-rpc/zcash-rpc.js';
import { nodeBlockAt, nodeChainCheck } from './node-check.js';

/** A mistake in how a command was called or what it was given: exit code 2. */
export class UsageError extends Error {}

export const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** An http(s) URL given as `option`, or a UsageError that says what is wrong with it. */
export function httpUrl(value: string, option: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${option} must be a URL such as https://zap1.example, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${option} must be an http or https URL, got "${value}"`);
  }
  return url;
}

/** A service's base address as the config file and receipts name it: origin and path, no trailing slash. */
export function serviceAddress(value: string, option = '--service'): string {
  const url = httpUrl(value, option);
  if (url.search || url.hash)
    throw new UsageError(`${option} must have no query or fragment, got "${value}"`);
  if (url.username || url.password) throw new UsageError(`${option} must carry no credentials`);
  return url.href.replace(/\/+$/, '');
}

/** A file's SHA-256 (hex) and size, read as a stream; `onBytes` hears the bytes read so far. */
export async function sha256File(
  path: string,
  onBytes?: (read: number) => void,
): Promise<{ sha256Hex: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  try {
    for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
      onBytes?.(size);
    }
  } catch (error) {
    throw new UsageError(`cannot read the file ${path}: ${reasonOf(error)}`);
  }
  return { sha256Hex: hash.digest('hex'), size };
}

export const BLOCK_HASH = /^[0-9a-fA-F]{64}$/;

/**
 * The node a person trusts (`--rpc http://user:password@host:port`): its look at the anchor
 * transaction and its block at a height. The credentials go to the client, never into the URL
 * the verdict names.
 */
export function nodeSources(rpcUrl: string): {
  chainCheck: ChainCheck;
  blockAt: ReturnType<typeof nodeBlockAt>;
} {
  const url = httpUrl(rpcUrl, '--rpc');
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  const rpc = new ZcashRpcClient({ url: url.href, user, password, timeoutMs: 15_000 });
  return { chainCheck: nodeChainCheck(rpc), blockAt: nodeBlockAt(rpc, url.href) };
}

/** Waits `ms`, or less when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
