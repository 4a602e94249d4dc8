/**
 * Test-only: the real service (on the development chain, anchoring as it does in production)
 * listening on a free port of 127.0.0.1, for clients that reach it over HTTP as outsiders do.
 */
import { startHarness, waitFor, type AnchorHarness } from '../../server/anchor/test-helpers.js';
import { ADMIN_KEY, contractEvent } from '../../server/test-helpers.js';

export { ADMIN_KEY, contractEvent, waitFor };

export interface ListeningService {
  harness: AnchorHarness;
  /** Where it listens, e.g. `http://127.0.0.1:40123`. */
  url: string;
  close(): Promise<void>;
}

export async function startListeningService(env: Record<string, string> = {}): Promise<ListeningService> {
  const harness = await startHarness({ TRIAL_KEYS_PER_HOUR: '1000', ...env });
  const url = await harness.app.listen({ host: '127.0.0.1', port: 0 });
  return { harness, url, close: () => harness.close() };
}
