/**
 * Test-only: the service on the development chain for the command-line verifier to ask (the CLI
 * itself is run by `runCli` of `zap1/testing`, from the package's sources).
 */
import { MANUAL_BLOCKS, startHarness, type AnchorHarness } from '../server/anchor/test-helpers.js';

/**
 * The service on the development chain for the CLI to ask: listening on a port, anchoring one leaf
 * at a time, with blocks only when a test mines one. `node` is the chain's node with the
 * credentials of an auditor allowed to read it (what `--rpc` is given).
 */
export async function startListeningService(
  env: Record<string, string> = {},
): Promise<{ h: AnchorHarness; service: string; node: string }> {
  const h = await startHarness({
    DEVCHAIN_BLOCK_MS: MANUAL_BLOCKS,
    ANCHOR_MIN_LEAVES: '1',
    ZCASH_RPC_USER: 'auditor',
    ZCASH_RPC_PASSWORD: 'auditor-password',
    ...env,
  });
  const service = new URL(await h.app.listen({ host: '127.0.0.1', port: 0 })).origin;
  const node = new URL(h.devChain.url);
  node.username = 'auditor';
  node.password = 'auditor-password';
  return { h, service, node: node.href };
}
