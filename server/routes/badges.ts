/**
 * Status badges as SVG images (docs/reference-api.md 1 and 0.3): the service's anchoring state, one
 * leaf's, and one anchor transaction's, for READMEs and dashboards. Each is `image/svg+xml` with
 * `Cache-Control: max-age=300`; a path value that is not hex is answered 400 with a badge saying
 * so and `no-cache`, an unknown leaf or anchor 404 with a badge, so an embedded image never breaks.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { isHex64 } from 'zap1';
import { networkOf, type AppContext } from '../http/context.js';
import { escapeMarkup } from '../http/markup.js';

const COLORS = {
  good: '#2e7d32',
  waiting: '#a15c00',
  info: '#1565c0',
  unknown: '#616161',
  bad: '#c62828',
} as const;
type Tone = keyof typeof COLORS;

/** The cache header of a badge: five minutes for an answer, none for a refused request. */
export const BADGE_MAX_AGE_S = 300;

/** An approximate width of `text` at 11 px Verdana, enough for the badge to hold it. */
function textWidth(text: string): number {
  return Math.ceil([...text].length * 6.6) + 10;
}

/** A flat two-part badge: `label` on grey, `message` on the tone's colour, with a title for screen readers. */
export function badgeSvg(label: string, message: string, tone: Tone): string {
  const lw = textWidth(label);
  const mw = textWidth(message);
  const width = lw + mw;
  const l = escapeMarkup(label);
  const m = escapeMarkup(message);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${l}: ${m}">`,
    `<title>${l}: ${m}</title>`,
    `<rect width="${lw}" height="20" fill="#555"/>`,
    `<rect x="${lw}" width="${mw}" height="20" fill="${COLORS[tone]}"/>`,
    `<g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">`,
    `<text x="${lw / 2}" y="14">${l}</text>`,
    `<text x="${lw + mw / 2}" y="14">${m}</text>`,
    '</g></svg>',
  ].join('');
}

function sendBadge(reply: FastifyReply, status: number, label: string, message: string, tone: Tone) {
  return reply
    .code(status)
    .type('image/svg+xml')
    .header('cache-control', status >= 400 && status !== 404 ? 'no-cache' : `max-age=${BADGE_MAX_AGE_S}`)
    .send(badgeSvg(label, message, tone));
}

const SVG_RESPONSES = {
  200: { description: 'SVG badge (image/svg+xml)' },
  400: { description: 'SVG badge saying the path value is not valid' },
  404: { description: 'SVG badge saying nothing is known of it' },
};

export function badgeRoutes(ctx: AppContext): void {
  ctx.route({
    method: 'get',
    path: '/badge/status.svg',
    summary: "Badge of the service's anchoring state",
    responses: { 200: SVG_RESPONSES[200] },
    handler: async ({ reply }) => {
      const network = networkOf(ctx);
      const label = network ? `ZAP1 ${network}` : 'ZAP1';
      const size = ctx.ledger.size;
      const [anchoredCount, inFlight] = await Promise.all([
        ctx.store.anchors.anchoredLeafCount(),
        ctx.store.anchors.inFlightAnchor(),
      ]);
      if (size === 0) return sendBadge(reply, 200, label, 'no leaves yet', 'unknown');
      const unanchored = Math.max(0, size - anchoredCount);
      if (unanchored === 0) return sendBadge(reply, 200, label, `${size} leaves anchored`, 'good');
      if (inFlight) return sendBadge(reply, 200, label, `anchor in flight, ${unanchored} waiting`, 'info');
      return sendBadge(reply, 200, label, `${unanchored} awaiting anchor`, 'waiting');
    },
  });

  ctx.route({
    method: 'get',
    path: '/badge/leaf/{leaf}',
    summary: "Badge of one leaf's anchor state",
    // Checked in the handler: a bad value is answered with a badge, not the JSON error.
    params: z.object({ leaf: z.string().describe('64 lowercase hex') }),
    responses: SVG_RESPONSES,
    handler: async ({ params, reply }) => {
      const leafHex = params.leaf;
      if (!isHex64(leafHex)) return sendBadge(reply, 400, 'ZAP1 leaf', 'not a leaf hash', 'bad');
      const leaf = await ctx.store.leaves.leafByHash(leafHex);
      if (!leaf) return sendBadge(reply, 404, 'ZAP1 leaf', 'not found', 'unknown');
      await ctx.ledger.ensureApplied(leaf.position);
      const anchored = await ctx.store.anchors.firstAnchoredRootCovering(leaf.position);
      if (anchored) return sendBadge(reply, 200, 'ZAP1 leaf', `anchored at ${anchored.height}`, 'good');
      const inFlight = await ctx.store.anchors.inFlightAnchor();
      if (inFlight?.txid && inFlight.leafCount >= leaf.position)
        return sendBadge(reply, 200, 'ZAP1 leaf', 'recorded (unconfirmed)', 'info');
      return sendBadge(reply, 200, 'ZAP1 leaf', 'awaiting anchor', 'waiting');
    },
  });

  ctx.route({
    method: 'get',
    path: '/badge/anchor/{txid_prefix}',
    summary: 'Badge of one anchor transaction, named by the first 8-16 hex characters of its txid',
    params: z.object({ txid_prefix: z.string().describe('8-16 hex characters') }),
    responses: SVG_RESPONSES,
    handler: async ({ params, reply }) => {
      const raw = params.txid_prefix;
      if (!/^[0-9a-fA-F]{8,16}$/.test(raw))
        return sendBadge(reply, 400, 'ZAP1 anchor', 'prefix must be 8-16 hex', 'bad');
      const prefix = raw.toLowerCase();
      const anchored = await ctx.store.anchors.anchoredRootByTxidPrefix(prefix);
      if (anchored) return sendBadge(reply, 200, 'ZAP1 anchor', `confirmed at ${anchored.height}`, 'good');
      const inFlight = await ctx.store.anchors.inFlightAnchor();
      if (inFlight?.txid?.startsWith(prefix))
        return sendBadge(reply, 200, 'ZAP1 anchor', 'recorded (unconfirmed)', 'info');
      return sendBadge(reply, 404, 'ZAP1 anchor', 'not found', 'unknown');
    },
  });
}
