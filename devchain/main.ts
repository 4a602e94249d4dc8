/**
 * Runs the development chain as its own process. Prints one JSON line on stdout once it listens:
 * `{"url", "user", "password"?, "chain", "height", "wallet_address"}` (`password` only when it was
 * generated here). Settings: `DATA_DIR` (./data), `DEVCHAIN_PORT` (0 = ephemeral), `DEVCHAIN_HOST`
 * (127.0.0.1; `0.0.0.0` lets service instances in other containers reach it),
 * `DEVCHAIN_BLOCK_MS` (2000), `ZCASH_RPC_USER` (zap1dev), `ZCASH_RPC_PASSWORD` (random when unset).
 */
import { randomBytes } from 'node:crypto';
import { DevChain } from './devchain.js';

function intFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    process.stderr.write(`${name} must be an integer from ${min} to ${max}, got "${raw}"\n`);
    process.exit(1);
  }
  return value;
}

async function main(): Promise<void> {
  const dataDir = process.env.DATA_DIR || './data';
  const port = intFromEnv('DEVCHAIN_PORT', 0, 0, 65_535);
  const blockMs = intFromEnv('DEVCHAIN_BLOCK_MS', 2000, 0, 3_600_000);
  const user = process.env.ZCASH_RPC_USER || 'zap1dev';
  const givenPassword = process.env.ZCASH_RPC_PASSWORD;
  const password = givenPassword || randomBytes(18).toString('base64url');

  const host = process.env.DEVCHAIN_HOST || '127.0.0.1';
  const chain = await DevChain.start({ dataDir, port, blockMs, user, password, host });
  process.stdout.write(
    JSON.stringify({
      url: chain.url,
      user,
      ...(givenPassword ? {} : { password }),
      chain: 'dev',
      height: chain.height,
      wallet_address: chain.walletAddress,
    }) + '\n',
  );

  let stopping = false;
  const shutdown = (): void => {
    if (stopping) return;
    stopping = true;
    chain.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`devchain: stop failed: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((err: unknown) => {
  process.stderr.write(`devchain: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
