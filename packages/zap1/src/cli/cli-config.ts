/**
 * What `zap1` keeps between runs, in `$XDG_CONFIG_HOME/zap1/config.json` (else
 * `~/.config/zap1/config.json`), readable by its owner alone (mode 0600, its folder 0700):
 *
 * - per service a person stamped with, the trial key it gave (a key is a secret: it writes events
 *   and spends their quota) and that the person chose it, so `upgrade` and `verify` may ask it
 *   about receipts it recorded without `--service` (a service only a receipt names is never asked);
 * - one random secret from which each document's default reference and pseudonym are derived
 *   (`defaultIdentity`): private, yet the same for the same document on every run, so a run that
 *   was interrupted after the service recorded an event sends the very same event again, which the
 *   service answers `exists` instead of recording a second leaf.
 *
 * Written whole to a temporary file and renamed over the old one, so a crash leaves one or the other.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isRecord } from '../index.js';
import { UsageError, reasonOf } from './cli-common.js';

export interface KeptService {
  /** A trial key the service gave `zap1 stamp`; absent when a key was always given. */
  key?: string;
  /** When the key expires, as the service said. */
  key_expires_at?: string | null;
}

export interface CliConfig {
  /** 64 hex digits: the key of the default references and pseudonyms. */
  secret: string;
  /** By service address (`serviceAddress`). */
  services: Record<string, KeptService>;
}

/** The config file's path under the person's configuration folder. */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env['XDG_CONFIG_HOME'] || path.join(env['HOME'] || os.homedir(), '.config');
  return path.join(base, 'zap1', 'config.json');
}

function parseConfig(text: string, file: string): CliConfig {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file} is not JSON (${reasonOf(error)}); fix or remove it`);
  }
  if (!isRecord(value) || typeof value['secret'] !== 'string' || !/^[0-9a-f]{64}$/.test(value['secret'])) {
    throw new UsageError(`${file} is not a zap1 config file (it has no "secret"); fix or remove it`);
  }
  const services: Record<string, KeptService> = {};
  if (isRecord(value['services'])) {
    for (const [url, kept] of Object.entries(value['services'])) {
      if (!isRecord(kept)) continue;
      services[url] = {
        ...(typeof kept['key'] === 'string' ? { key: kept['key'] } : {}),
        ...(typeof kept['key_expires_at'] === 'string' ? { key_expires_at: kept['key_expires_at'] } : {}),
      };
    }
  }
  return { secret: value['secret'], services };
}

/** The config as kept, or a new one (not yet written) when there is none. */
export async function readConfig(file = configPath()): Promise<CliConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { secret: randomBytes(32).toString('hex'), services: {} };
    throw new UsageError(`cannot read ${file}: ${reasonOf(error)}`);
  }
  return parseConfig(text, file);
}

export async function writeConfig(config: CliConfig, file = configPath()): Promise<void> {
  const folder = path.dirname(file);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const temporary = path.join(folder, `.config.${randomBytes(8).toString('hex')}.tmp`);
  try {
    const handle = await open(temporary, 'wx', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(config, null, 2)}\n`, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
    await chmod(file, 0o600);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw new UsageError(`cannot write ${file}: ${reasonOf(error)}`);
  }
}

const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * A document's default reference (`REF-` and 12 characters) and wallet pseudonym (`anon_` and 16
 * hex digits), keyed by the config's secret: nobody without it can tell two documents of one
 * person apart from two people's, or test a guessed document against a reference.
 */
export function defaultIdentity(
  secret: string,
  contractSha256: string,
): { reference: string; wallet: string } {
  const mac = (label: string) =>
    createHmac('sha256', Buffer.from(secret, 'hex')).update(`${label}:${contractSha256}`).digest();
  const referenceBytes = mac('reference');
  const reference = Array.from(referenceBytes.subarray(0, 12), (b) => REFERENCE_ALPHABET[b % 32]).join('');
  return { reference: `REF-${reference}`, wallet: `anon_${mac('wallet').subarray(0, 8).toString('hex')}` };
}
