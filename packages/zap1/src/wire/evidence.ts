/** Wire shape of `GET /anchor/evidence/{txid}` (`zap1-chain-evidence/1`). */
import { z } from 'zod';

/** The wire shape; `parseChainEvidence` (evidence/) then checks every value (hex, sizes) before use. */
export const chainEvidenceSchema = z.looseObject({
  format: z.literal('zap1-chain-evidence/1'),
  network: z.string(),
  txid: z.string(),
  height: z.number().int(),
  block_hash: z.string(),
  block_header: z.string(),
  tx_index: z.number().int(),
  merkle_branch: z.array(z.string()),
  transaction: z.string(),
  viewing_key: z.string(),
});
