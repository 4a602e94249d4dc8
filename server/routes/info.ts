/** GET /protocol/info, /stats and /health. */
import { z } from 'zod';
import {
  EVENT_TYPES,
  EVENT_SPECS,
  SYSTEM_MANAGED_EVENT_TYPES,
  WRITE_API_EVENT_TYPES,
  eventTypeLabel,
} from 'zap1';
import { networkOf, type AppContext } from '../http/context.js';
import { ApiError } from '../http/errors.js';

const NetworkSchema = z.enum(['mainnet', 'testnet', 'devnet']);

/**
 * What this service offers beyond the reference API (which has none of these), listed in
 * `/protocol/info` `extensions` so that a client learns them instead of assuming them:
 * `consistency` (/anchor/consistency), `events-paging` (`/events?before=` with a `Link` to the next
 * page), `events-filter` (`/events?event_type=`), `lifecycle-paging` (`/lifecycle/{wallet}` pages with
 * `Link`), `lifecycle-export` (`/lifecycle/{wallet}/export`), `anchor-now` (`POST /anchor/now`),
 * `anchor-attempts` (`/anchor/attempts`, the attempt log), `anchor-spend` (`/anchor/spend`, the
 * fees anchoring paid per window), `lookup` (`/lookup?q=`, what a search
 * value is, answered 200 either way), `anchor-evidence` (`/anchor/evidence/{txid}`, the chain's own
 * evidence of an anchor; listed only while a checked viewing key is published, as it is served only then).
 */
export const SERVICE_EXTENSIONS = [
  'consistency',
  'events-paging',
  'events-filter',
  'lifecycle-paging',
  'lifecycle-export',
  'anchor-now',
  'manual-anchor',
  'anchor-attempts',
  'anchor-spend',
  'lookup',
  'anchor-evidence',
] as const;

/**
 * The extensions of this instance: `anchor-now` with automatic anchoring, `manual-anchor` without,
 * `anchor-evidence` while a viewing key is published.
 */
export function extensionsOf(
  config: { anchorMode: 'auto' | 'manual' },
  viewingKey: string | null = null,
): (typeof SERVICE_EXTENSIONS)[number][] {
  return SERVICE_EXTENSIONS.filter((e) =>
    e === 'anchor-now'
      ? config.anchorMode === 'auto'
      : e === 'manual-anchor'
        ? config.anchorMode === 'manual'
        : e === 'anchor-evidence'
          ? viewingKey !== null
          : true,
  );
}

export const ProtocolInfoSchema = z
  .object({
    protocol: z.literal('ZAP1'),
    version: z.string(),
    event_types: z.int(),
    event_types_semantics: z.string(),
    deployed_types: z.int(),
    deployed_types_semantics: z.string(),
    reserved_types: z.int(),
    reserved_types_semantics: z.string(),
    defined_types: z.int(),
    defined_event_types: z.array(z.string()),
    write_api_types: z.int(),
    write_api_event_types: z.array(z.string()),
    system_managed_types: z.int(),
    system_managed_event_types: z.array(z.string()),
    hash_function: z.literal('BLAKE2b-256'),
    leaf_personalization: z.literal('NordicShield_'),
    node_personalization: z.literal('NordicShield_MRK'),
    verification_sdk: z.string(),
    verification_sdk_repo: z.string(),
    specification: z.string(),
    network: NetworkSchema.optional().describe('Absent while the node has not said which network it is on'),
    explorer_tx_url: z.string().nullable().describe('Template with {txid}'),
    explorer_block_url: z.string().nullable().describe('Template with {height} or {hash}'),
    anchor_viewing_key: z
      .string()
      .optional()
      .describe('The same key as viewing_key, under its earlier name; absent while there is none'),
    viewing_key: z
      .string()
      .nullable()
      .describe(
        'The unified full viewing key that recovers the anchor memos (checked at start on the latest anchor); null while none is published',
      ),
    extensions: z
      .array(z.enum(SERVICE_EXTENSIONS))
      .describe('What this service offers beyond the reference API, so clients need not guess'),
  })
  .strict();

export const StatsSchema = z
  .object({
    total_leaves: z.int(),
    total_anchors: z.int(),
    total_anchor_records: z.int(),
    total_anchors_semantics: z.string(),
    first_anchor_block: z.int().nullable(),
    last_anchor_block: z.int().nullable(),
    network: NetworkSchema.optional(),
    protocol: z.literal('ZAP1'),
    event_types: z.array(z.string()),
    type_counts: z.record(z.string(), z.int()),
    classified_leaves: z.int(),
    unclassified_leaves: z.int(),
  })
  .strict();

export const HealthSchema = z
  .object({
    last_scanned_height: z.int(),
    chain_tip: z.int(),
    sync_lag: z.int(),
    pending_invoices: z.int(),
    scanner_operational: z.boolean().describe('The anchoring loop is running'),
    network: NetworkSchema.optional(),
    rpc_reachable: z.boolean(),
    store_ok: z.boolean(),
    chain_ok: z.boolean(),
    wallet_balance_zat: z.int().nullable(),
    anchor_cost_zat: z
      .int()
      .describe(
        'What one anchor costs the wallet: the ZIP 317 fee of its two actions (the amount goes back to itself)',
      ),
    last_error: z.string().nullable(),
    store: z.enum(['sqlite', 'postgres']).describe('Where this instance keeps its data'),
    anchorer: z.boolean().describe('This instance holds the anchorer election now'),
    instance_id: z.string().describe("This instance's name (INSTANCE_ID)"),
  })
  .strict();

/** ZIP 317: 5,000 zatoshi per logical action, at least two; an anchor is one output and its change. */
export const ANCHOR_FEE_ZAT = 10_000;

export function infoRoutes(ctx: AppContext): void {
  ctx.route({
    method: 'get',
    path: '/protocol/info',
    summary: 'Protocol metadata, network and extensions',
    responses: { 200: { description: 'Protocol metadata', schema: ProtocolInfoSchema } },
    handler: async () => {
      const network = networkOf(ctx);
      const viewingKey = ctx.chain?.viewingKey?.() ?? null;
      const body: z.infer<typeof ProtocolInfoSchema> = {
        protocol: 'ZAP1',
        version: '3.0.0',
        event_types: EVENT_TYPES.length,
        event_types_semantics: 'deprecated alias for defined_types',
        deployed_types: WRITE_API_EVENT_TYPES.length,
        deployed_types_semantics: 'deprecated alias for write_api_types',
        reserved_types: SYSTEM_MANAGED_EVENT_TYPES.length,
        reserved_types_semantics:
          'deprecated legacy count; these are system-managed defined types, not reserved or unallocated codes',
        defined_types: EVENT_TYPES.length,
        defined_event_types: [...EVENT_TYPES],
        write_api_types: WRITE_API_EVENT_TYPES.length,
        write_api_event_types: [...WRITE_API_EVENT_TYPES],
        system_managed_types: SYSTEM_MANAGED_EVENT_TYPES.length,
        system_managed_event_types: [...SYSTEM_MANAGED_EVENT_TYPES],
        hash_function: 'BLAKE2b-256',
        leaf_personalization: 'NordicShield_',
        node_personalization: 'NordicShield_MRK',
        verification_sdk: 'zap1-verify',
        verification_sdk_repo: 'https://github.com/Frontier-Compute/zap1',
        specification: 'ZAP1 protocol, count-bound Merkle scheme ZAP1_COUNT_BOUND_V2',
        ...(network ? { network } : {}),
        explorer_tx_url: ctx.config.explorerTxUrl,
        explorer_block_url: ctx.config.explorerBlockUrl,
        ...(viewingKey !== null ? { anchor_viewing_key: viewingKey } : {}),
        viewing_key: viewingKey,
        extensions: extensionsOf(ctx.config, viewingKey),
      };
      return body;
    },
  });

  ctx.route({
    method: 'get',
    path: '/stats',
    summary: 'Leaf and anchor counts (anchored roots only)',
    responses: { 200: { description: 'Statistics', schema: StatsSchema } },
    handler: async () => {
      const counts = ctx.ledger.typeCounts();
      const typeCounts: Record<string, number> = {};
      for (const t of EVENT_TYPES) typeCounts[t] = counts.get(EVENT_SPECS[t].byte) ?? 0;
      let unknown = 0;
      for (const [byte, n] of counts) if (eventTypeLabel(byte) === 'UNKNOWN') unknown += n;
      if (unknown > 0) typeCounts['OTHER_UNKNOWN'] = unknown;
      // One aggregate query: reading every root per request (and spreading the heights into
      // Math.min) would overflow the stack at ~150k anchors.
      const anchors = await ctx.store.anchors.anchoredRootStats();
      const total = ctx.ledger.size;
      const network = networkOf(ctx);
      const body: z.infer<typeof StatsSchema> = {
        total_leaves: total,
        total_anchors: anchors.count,
        total_anchor_records: anchors.count,
        total_anchors_semantics: 'roots anchored on chain: confirmed and their memo read back',
        first_anchor_block: anchors.firstHeight,
        last_anchor_block: anchors.lastHeight,
        ...(network ? { network } : {}),
        protocol: 'ZAP1',
        event_types: [...EVENT_TYPES],
        type_counts: typeCounts,
        classified_leaves: total - unknown,
        unclassified_leaves: unknown,
      };
      return body;
    },
  });

  ctx.route({
    method: 'get',
    path: '/health',
    summary: 'Store and chain health',
    responses: {
      200: { description: 'The store works', schema: HealthSchema },
      503: { description: 'The store fails (store_unavailable)' },
    },
    handler: async ({ reply }) => {
      try {
        await ctx.store.ping();
      } catch {
        throw new ApiError(503, 'store_unavailable', 'The database cannot be read.');
      }
      const h = ctx.chain?.health();
      const tip = h?.chainTip ?? 0;
      const scanned = h?.lastScannedHeight ?? tip;
      const network = networkOf(ctx);
      const body: z.infer<typeof HealthSchema> = {
        last_scanned_height: scanned,
        chain_tip: tip,
        sync_lag: Math.max(tip - scanned, 0),
        pending_invoices: 0,
        scanner_operational: h?.loopRunning ?? false,
        ...(network ? { network } : {}),
        rpc_reachable: h?.rpcReachable ?? false,
        store_ok: true,
        chain_ok: h?.rpcReachable ?? false,
        wallet_balance_zat: h?.walletBalanceZat ?? null,
        // The loop sends each anchor to the wallet itself: only the fee leaves it.
        anchor_cost_zat: ANCHOR_FEE_ZAT,
        last_error: h?.lastError ?? (ctx.chain ? null : 'the anchoring loop is not running'),
        store: ctx.store.kind,
        anchorer: ctx.chain !== null && (h?.anchorer ?? true),
        instance_id: ctx.config.instanceId,
      };
      return reply.header('cache-control', 'no-store').send(body);
    },
  });
}
