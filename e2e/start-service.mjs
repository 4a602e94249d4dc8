// Starts the built service for the e2e run: one fresh DATA_DIR, fast blocks on the development
// chain, raised rate limits and a known operator key (docs/architecture.md "Tests, details").
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'zap1-e2e-'));
const child = spawn(process.execPath, ['dist-server/server/index.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: process.env.E2E_PORT ?? '8181',
    DATA_DIR: dataDir,
    ADMIN_API_KEY: 'e2e-operator-key-0123456789abcdef',
    TRIAL_KEYS_PER_HOUR: '10000',
    EVENTS_PER_MINUTE: '100000',
    TRIAL_KEY_QUOTA: '1000',
    DEVCHAIN_BLOCK_MS: '500',
    ANCHOR_TICK_MS: '200',
    // Anchor 4 s after the oldest unanchored leaf rather than at once, so an operator spec can
    // start an anchor itself with "Anchor now" before the loop does.
    ANCHOR_MIN_LEAVES: '1000',
    ANCHOR_MAX_AGE_S: '4',
    EXPLORER_TX_URL: 'https://explorer.example/tx/{txid}',
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
