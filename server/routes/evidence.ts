/**
 * GET /anchor/evidence/{txid} (extension `anchor-evidence`): the chain's own evidence of an anchor,
 * `zap1-chain-evidence/1` (zap1's evidence/), which a receipt carries so that it can be
 * checked without this service. Read from the node by server/anchor/evidence.ts. Served only with
 * a published viewing key, and only when it passes the checks with that key (checked once per
 * process, and again when the evidence changes), as a proof bundle that would not verify is never
 * served either; evidence kept before it carried the block commitments is served without them.
 */
import { z } from 'zod';
import { CHAIN_EVIDENCE_FORMAT } from 'zap1';
import { failedEvidenceChecks, toChainEvidence } from '../anchor/evidence.js';
import { hex64Param, networkOf, type AppContext } from '../http/context.js';
import { notFound } from '../http/errors.js';

export const EvidenceParamsSchema = z.object({ txid: hex64Param('txid') });

const HEX = /^(?:[0-9a-f]{2})+$/;
const HASH = /^[0-9a-f]{64}$/;

export const ChainEvidenceSchema = z
  .object({
    format: z.literal(CHAIN_EVIDENCE_FORMAT),
    network: z.enum(['mainnet', 'testnet', 'devnet']),
    txid: z.string().regex(HASH).describe('Display order, as RPCs and explorers show it'),
    height: z.int(),
    block_hash: z.string().regex(HASH).describe('Display order'),
    block_header: z.string().regex(HEX).describe('The serialized block header, Equihash solution included'),
    tx_index: z.int().describe("The transaction's index in its block (the coinbase is 0)"),
    merkle_branch: z
      .array(z.string().regex(HASH))
      .describe('Sibling hashes from the txid up to the merkle root, natural byte order'),
    transaction: z.string().regex(HEX).describe('The serialized v5 transaction'),
    viewing_key: z.string().describe('The unified full viewing key that recovers the anchor memo'),
    tx_count: z
      .int()
      .optional()
      .describe("How many transactions the block holds (binds tx_index and the branches' depth)"),
    auth_digest_branch: z
      .array(z.string().regex(HASH))
      .optional()
      .describe(
        "Sibling hashes from the transaction's auth digest up to hashAuthDataRoot (ZIP 244), natural byte order",
      ),
    chain_history_root: z
      .string()
      .regex(HASH)
      .optional()
      .describe(
        "The block's hashChainHistoryRoot, natural byte order: with the auth data root it gives the header's hashBlockCommitments, binding every byte of the transaction",
      ),
  })
  .strict()
  .describe(
    'tx_count, auth_digest_branch and chain_history_root are absent (all three) in evidence read before they were, until it is read again',
  );

/** Evidence checks passed, by viewing key, txid and block: each is checked once per process. */
const MAX_REMEMBERED = 10_000;

export function evidenceRoutes(ctx: AppContext): void {
  const passed = new Set<string>();

  ctx.route({
    method: 'get',
    path: '/anchor/evidence/{txid}',
    summary:
      "The chain's own evidence of an anchor: its transaction, block header, Merkle branch and auth digest branch",
    params: EvidenceParamsSchema,
    responses: {
      200: { description: 'zap1-chain-evidence/1', schema: ChainEvidenceSchema },
      400: { description: 'txid is not 64 lowercase hex' },
      404: {
        description:
          'No anchored root in this transaction, its evidence not read from the node yet, or no viewing key published',
      },
    },
    handler: async ({ request, params: { txid } }) => {
      const viewingKey = ctx.chain?.viewingKey?.() ?? null;
      const network = networkOf(ctx);
      if (viewingKey === null || network === null) {
        throw notFound('This service publishes no checked viewing key now, so it serves no chain evidence.');
      }
      const [stored, root] = await Promise.all([
        ctx.store.evidence.evidenceByTxid(txid),
        ctx.store.anchors.anchoredRootByTxidPrefix(txid),
      ]);
      if (!stored || !root || root.txid !== txid || root.anchorId !== stored.anchorId) {
        throw notFound(
          `No chain evidence of transaction ${txid}: it anchors no root here, or its evidence is not read from the node yet.`,
        );
      }
      const evidence = toChainEvidence(stored, network, viewingKey);
      const id = `${viewingKey} ${txid} ${stored.blockHash} ${stored.commitments?.chainHistoryRoot ?? 'none'}`;
      if (!passed.has(id)) {
        const failed = failedEvidenceChecks(evidence, root);
        if (failed.length > 0) {
          request.log.warn({ txid, failed: failed.map((c) => c.name) }, 'chain evidence not served');
          throw notFound(
            `The chain evidence of transaction ${txid} does not check out with the published viewing key, so it is not served.`,
          );
        }
        if (passed.size >= MAX_REMEMBERED) passed.clear();
        passed.add(id);
      }
      return evidence;
    },
  });
}
