/**
 * GET /anchor/spend (extension `anchor-spend`): what anchoring has cost the operator's wallet, as
 * the fees of the anchored roots summed over today, this week, the last 7 days and in total
 * (docs/architecture.md "Endpoints, beyond the reference shapes"). The last 7 days are the window an
 * operator's runway is estimated over: a fixed span moves only as anchors enter and leave it, where
 * a pace measured between the last few anchors swings with every burst and lull.
 */
import { z } from 'zod';
import type { AppContext } from '../http/context.js';
import type { AnchorSpend } from '../store/store.js';

const DAY_S = 86_400;
/** The span the runway is estimated over. */
export const RATE_WINDOW_DAYS = 7;

const SpendWindowSchema = z
  .object({
    since: z
      .string()
      .nullable()
      .describe('RFC 3339 start of the window, included; null for every anchor ever recorded'),
    fee_zat: z.int().describe('Sum of the known fees of the anchors in the window, in zatoshi'),
    anchors: z.int().describe('Anchored roots whose fee was paid in the window'),
    unpriced_anchors: z
      .int()
      .describe(
        'Of those, the anchors whose fee is unknown (recorded before fees were kept, or paid by hand)',
      ),
    first_anchor_at: z
      .string()
      .nullable()
      .describe('RFC 3339 time of the earliest anchor in the window; null when there is none'),
  })
  .strict();

export const SpendResponseSchema = z
  .object({
    now: z.string().describe("RFC 3339: the service's clock, which the windows are measured from"),
    today: SpendWindowSchema.describe('Since 00:00 UTC today'),
    this_week: SpendWindowSchema.describe('Since Monday 00:00 UTC'),
    last_7_days: SpendWindowSchema.describe('The last 7 × 24 hours: the window a runway is estimated over'),
    total: SpendWindowSchema,
    semantics: z.string(),
  })
  .strict();

/** Starts of the windows at `now` (Unix seconds): 00:00 UTC today, Monday 00:00 UTC, 7 days ago. */
export function spendWindowStarts(now: Date): { today: number; thisWeek: number; last7Days: number } {
  const nowS = Math.floor(now.getTime() / 1000);
  const today = Math.floor(nowS / DAY_S) * DAY_S;
  // getUTCDay: 0 is Sunday; a week starts on Monday (ISO 8601).
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  return { today, thisWeek: today - sinceMonday * DAY_S, last7Days: nowS - RATE_WINDOW_DAYS * DAY_S };
}

const iso = (unixS: number): string => new Date(unixS * 1000).toISOString();

function windowBody(since: number | null, spend: AnchorSpend): z.infer<typeof SpendWindowSchema> {
  return {
    since: since === null ? null : iso(since),
    fee_zat: spend.feeZat,
    anchors: spend.anchors,
    unpriced_anchors: spend.unpriced,
    first_anchor_at: spend.firstAt === null ? null : iso(spend.firstAt),
  };
}

export function anchorSpendRoutes(ctx: AppContext): void {
  ctx.route({
    method: 'get',
    path: '/anchor/spend',
    summary:
      'What anchoring cost: the fees of anchored roots today, this week, in the last 7 days and in total',
    responses: { 200: { description: 'Fees per window', schema: SpendResponseSchema } },
    handler: async ({ reply }) => {
      const now = ctx.now();
      const starts = spendWindowStarts(now);
      const anchors = ctx.store.anchors;
      const [today, thisWeek, last7Days, total] = await Promise.all([
        anchors.anchorSpend(starts.today),
        anchors.anchorSpend(starts.thisWeek),
        anchors.anchorSpend(starts.last7Days),
        anchors.anchorSpend(null),
      ]);
      const body: z.infer<typeof SpendResponseSchema> = {
        now: now.toISOString(),
        today: windowBody(starts.today, today),
        this_week: windowBody(starts.thisWeek, thisWeek),
        last_7_days: windowBody(starts.last7Days, last7Days),
        total: windowBody(null, total),
        semantics:
          "fees of anchored roots as the wallet reported them when each was anchored, placed at the anchor's block time; an anchor whose fee is unknown is counted in unpriced_anchors and not in fee_zat",
      };
      return reply.header('cache-control', 'no-store').send(body);
    },
  });
}
