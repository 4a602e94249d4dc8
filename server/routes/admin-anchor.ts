/**
 * Manual anchoring for the operator (ANCHOR_MODE=manual, docs/reference-api.md 5.4): the payment
 * that anchors the current root (ZIP-321 URI and QR code), and the record of that payment, accepted
 * once the node confirms it. Both answer HTML (the reference's pages) or JSON (the app's Status page)
 * as the request's Accept header asks; the key is read from the header only and never echoed.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import { zecAmount } from 'zap1';
import { ManualRecordError, anchorPaymentUri } from '../anchor/manual-anchor.js';
import { RpcUnavailableError } from 'zap1/node-rpc';
import { requireOperator } from '../http/auth.js';
import { parseJsonRequest, type AppContext } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import { escapeMarkup } from '../http/markup.js';
import { StoreConflictError } from '../store/store.js';

const hex64 = (label: string) =>
  z.string().regex(/^[0-9a-fA-F]{64}$/, `${label} must be exactly 64 hexadecimal characters`);

export const RecordAnchorSchema = z
  .object({
    root: hex64('root'),
    txid: hex64('txid'),
    height: z
      .int('height must be a whole block height')
      .min(1, 'height must be a block height above 0')
      .max(0xffff_ffff, 'height must fit 4 bytes'),
  })
  .strict();

export const AnchorPaymentSchema = z
  .object({
    root: z.string(),
    leaf_count: z.int(),
    unanchored_leaves: z.int(),
    send_enabled: z.boolean().describe('Whether an anchor payment is needed now'),
    memo: z.string(),
    to_address: z.string().nullable(),
    amount_zec: z.string(),
    payment_uri: z.string().nullable().describe('ZIP-321 URI; null when nothing needs anchoring'),
    qr_svg: z.string().nullable(),
    record_path: z.literal('/admin/anchor/record'),
  })
  .strict();

export const RecordedAnchorSchema = z
  .object({
    status: z.literal('anchored'),
    root: z.string(),
    txid: z.string(),
    height: z.int(),
    leaf_count: z.int(),
  })
  .strict();

const OPERATOR_ERRORS = {
  401: { description: 'Missing or unknown key' },
  403: { description: 'Not the operator key' },
};

/** HTML (the reference's pages) unless the client asks for JSON, as the app does. */
function wantsHtml(request: FastifyRequest): boolean {
  return !(request.headers.accept ?? '').includes('application/json');
}

function page(reply: FastifyReply, title: string, body: string, refresh?: string) {
  return reply
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeMarkup(title)}</title>` +
        (refresh ? `<meta http-equiv="refresh" content="2; url=${refresh}">` : '') +
        `</head><body><h1>${escapeMarkup(title)}</h1>${body}</body></html>`,
    );
}

async function payment(ctx: AppContext): Promise<z.infer<typeof AnchorPaymentSchema>> {
  const size = ctx.ledger.size;
  if (size === 0) throw new ApiError(400, 'validation_failed', 'no Merkle root yet');
  const root = ctx.ledger.tree.root(size);
  const unanchored = Math.max(0, size - (await ctx.store.anchors.anchoredLeafCount()));
  const sendEnabled = unanchored > 0;
  const to = ctx.chain?.paymentAddress?.() ?? ctx.config.anchorToAddress;
  if (sendEnabled && to === null)
    throw new ApiError(400, 'validation_failed', 'ANCHOR_TO_ADDRESS not configured');
  const uri = sendEnabled && to !== null ? anchorPaymentUri(to, ctx.config.anchorAmountZat, root) : null;
  return {
    root,
    leaf_count: size,
    unanchored_leaves: unanchored,
    send_enabled: sendEnabled,
    memo: `ZAP1:09:${root}`,
    to_address: to,
    amount_zec: zecAmount(ctx.config.anchorAmountZat),
    payment_uri: uri,
    qr_svg:
      uri === null ? null : await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
    record_path: '/admin/anchor/record',
  };
}

export function adminAnchorRoutes(ctx: AppContext): void {
  ctx.route({
    method: 'get',
    path: '/admin/anchor/qr',
    summary:
      'The payment that anchors the current root: ZIP-321 URI and QR code (operator key; HTML or JSON)',
    auth: 'bearer',
    responses: {
      200: { description: 'The anchor payment', schema: AnchorPaymentSchema },
      400: { description: 'No leaves yet, or ANCHOR_TO_ADDRESS not configured' },
      ...OPERATOR_ERRORS,
    },
    authorize: (request) => requireOperator(ctx, request),
    handler: async ({ request, reply }) => {
      const p = await payment(ctx);
      if (!wantsHtml(request)) return p;
      const send = p.send_enabled && p.payment_uri !== null && p.qr_svg !== null;
      return page(
        reply,
        'Manual anchor',
        `<p>Root: ${p.root}</p><p>Leaves: ${p.leaf_count} (${p.unanchored_leaves} unanchored)</p>` +
          `<div data-anchor-send-enabled="${send}">` +
          (send
            ? `<p>Scan with a Zcash wallet to pay the anchor:</p>${p.qr_svg}<p>Memo: ${p.memo}</p>` +
              `<p>${escapeMarkup(p.payment_uri!)}</p><p>Then record the transaction:</p>` +
              `<pre>curl -X POST "\${ZAP1_API_BASE%/}/admin/anchor/record" -H "Authorization: Bearer $ZAP1_API_KEY" ` +
              `-H 'Content-Type: application/json' -d '{"root":"${p.root}","txid":"&lt;txid&gt;","height":&lt;height&gt;}'</pre>`
            : '<p>Every leaf is anchored: nothing to pay.</p>') +
          '</div>',
      );
    },
  });

  ctx.route({
    method: 'get',
    path: '/admin/anchor/record',
    summary: 'Not a page: an anchor is recorded with POST (405, after the operator key is checked)',
    auth: 'bearer',
    responses: { 405: { description: 'Use POST' }, ...OPERATOR_ERRORS },
    authorize: (request) => requireOperator(ctx, request),
    handler: async () => {
      throw new ApiError(
        405,
        'method_not_allowed',
        'Record an anchor with POST and a JSON body {root, txid, height}.',
        undefined,
        {
          allow: 'POST',
        },
      );
    },
  });

  ctx.route({
    method: 'post',
    path: '/admin/anchor/record',
    summary:
      'Record a manually paid anchor, once the node shows it mined at that height with the ZAP1 memo (operator key)',
    auth: 'bearer',
    body: [{ contentType: 'application/json', schema: RecordAnchorSchema }],
    responses: {
      200: { description: 'Anchored', schema: RecordedAnchorSchema },
      400: { description: 'Malformed, or the height or memo contradicts the node' },
      409: { description: 'The root is not awaiting an anchor, or the transaction anchors something else' },
      502: {
        description: 'The node does not show the transaction mined with the required confirmations yet',
      },
      503: { description: 'The node is unreachable' },
      415: { description: 'Not application/json' },
      ...OPERATOR_ERRORS,
    },
    authorize: (request) => requireOperator(ctx, request),
    handler: async ({ request, reply }) => {
      const input = parseJsonRequest(RecordAnchorSchema, request);
      const record = ctx.chain?.recordManualAnchor;
      if (ctx.config.anchorMode !== 'manual' || !record) {
        throw new ApiError(
          409,
          'conflict',
          'This service anchors automatically (ANCHOR_MODE=auto): there is nothing to record.',
        );
      }
      let anchored;
      try {
        anchored = await record(input);
      } catch (error) {
        if (error instanceof ManualRecordError) {
          throw error.kind === 'invalid'
            ? new ApiError(400, 'validation_failed', error.message)
            : new ApiError(502, 'not_confirmed', error.message);
        }
        if (error instanceof StoreConflictError) throw new ApiError(409, 'conflict', error.message);
        if (error instanceof RpcUnavailableError) throw new ApiError(503, 'chain_unavailable', error.message);
        throw error;
      }
      const body = {
        status: 'anchored' as const,
        root: anchored.rootHex,
        txid: anchored.txid,
        height: anchored.height,
        leaf_count: anchored.leafCount,
      };
      if (!wantsHtml(request)) return body;
      return page(
        reply,
        'Anchor recorded',
        `<p>Root ${body.root} is anchored in ${body.txid} at height ${body.height}.</p>`,
        '/admin/anchor/qr',
      );
    },
  });
}
