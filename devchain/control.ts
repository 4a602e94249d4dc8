/**
 * The development chain's own methods, which no real node has: `dev_mine` makes blocks now and
 * `dev_reorg` takes the last ones back. Tests and demos call them through the same JSON-RPC client
 * the service anchors with; the library's client knows nothing of them.
 */
import { z } from 'zod';
import { RpcUnavailableError, type ZcashRpcClient } from 'zap1/node-rpc';

const devReorgResultSchema = z.object({
  removed_blocks: z.number().int().nonnegative(),
  dropped_txids: z.array(z.string()),
  height: z.number().int().nonnegative(),
});
export type DevReorgResult = z.infer<typeof devReorgResultSchema>;

/** Mines `n` blocks now; resolves to their hashes. */
export async function devMine(rpc: ZcashRpcClient, n = 1): Promise<string[]> {
  const parsed = z.array(z.string()).safeParse(await rpc.call('dev_mine', [n], { retry: false }));
  if (!parsed.success)
    throw new RpcUnavailableError('dev_mine: unexpected result shape', 'shape', 'dev_mine');
  return parsed.data;
}

/** Drops the last `k` blocks and their transactions. */
export async function devReorg(rpc: ZcashRpcClient, k = 1): Promise<DevReorgResult> {
  const parsed = devReorgResultSchema.safeParse(await rpc.call('dev_reorg', [k], { retry: false }));
  if (!parsed.success)
    throw new RpcUnavailableError('dev_reorg: unexpected result shape', 'shape', 'dev_reorg');
  return parsed.data;
}
