// Type-checked inside a fresh project where only the packed zap1 is installed: the declarations of
// every entry resolve through the exports map and describe the API (strict, libraries checked too).
import { Zap1Error, createClient, verifyProofBundle, type Zap1Client } from 'zap1';
import { parseChainEvidence } from 'zap1/chain';
import { decodeMemo } from 'zap1/verify';

const client: Zap1Client = createClient({ baseUrl: 'https://zap1.example' });

export async function newestLeaf(): Promise<string | undefined> {
  for await (const event of client.allEvents({ limit: 1 })) return event.leaf_hash;
  return undefined;
}

export const valid: boolean = verifyProofBundle({}).valid;
export const memoFormat: string = decodeMemo('ff00').format;
export const evidenceParsed: boolean = parseChainEvidence({}).ok;
export const statusOf = (error: unknown): number | null => (error instanceof Zap1Error ? error.status : null);

// @ts-expect-error a leaf hash is a string
void client.check(42);
