/**
 * Seeding a benchmark's database before the service starts: random leaf hashes appended through
 * the store and the ledger, the same commit and tree code as POST /event, in large batches.
 */
import { randomBytes } from 'node:crypto';
import type { Ledger } from '../server/ledger.js';

/** Appends `count` random leaves (system-written, 200 to a wallet) and returns them in order. */
export async function appendRandomLeaves(ledger: Ledger, count: number, batch = 50_000): Promise<string[]> {
  const leaves: string[] = [];
  for (let from = 0; from < count; from += batch) {
    const size = Math.min(batch, count - from);
    const bytes = randomBytes(size * 32);
    for (let i = 0; i < size; i++) {
      const leafHex = bytes.toString('hex', i * 32, i * 32 + 32);
      const position = ledger.size + leaves.length;
      leaves.push(leafHex);
      void ledger.submit({
        leafHex,
        eventType: 0x01,
        walletHash: `seed_wallet_${Math.floor(position / 200)}`,
        serialNumber: `SEED-${position}`,
        timestamp: null,
        trialKeyHash: null,
        keyId: 'operator',
      });
    }
    await ledger.flush();
  }
  return leaves;
}
