/**
 * `createClient`: a typed method for every endpoint of the ZAP1 interface and of this service's
 * additions (docs/reference-api.md, docs/architecture.md "Endpoints"), each answer checked against
 * the same schemas the web app uses (wire/), each request cancellable with an `AbortSignal`.
 */
import { z } from 'zod';
import { nextBeforeFromLink } from '../protocol/link-header.js';
import { parseChainEvidence, type ChainEvidence } from '../evidence/chain-evidence.js';
import {
  anchorAttemptsSchema,
  anchorConsistencySchema,
  anchorHistorySchema,
  anchorNowSchema,
  anchorPaymentSchema,
  anchorStatusSchema,
  recordedAnchorSchema,
  type AnchorHistoryEntry,
} from '../wire/anchor.js';
import { eventResultSchema, eventsSchema, type EventItem } from '../wire/events.js';
import { chainEvidenceSchema } from '../wire/evidence.js';
import { keyInfoSchema, trialKeySchema } from '../wire/keys.js';
import { lifecycleExportSchema, lifecycleSchema, type LifecycleEvent } from '../wire/lifecycle.js';
import { memoDecodeSchema } from '../wire/memo.js';
import {
  buildInfoSchema,
  healthSchema,
  lookupSchema,
  protocolInfoSchema,
  statsSchema,
} from '../wire/service.js';
import { proofBundleSchema, verifyCheckSchema } from '../wire/verify.js';
import { webhookCreatedSchema, webhookListSchema } from '../wire/webhooks.js';
import { Zap1Error } from './errors.js';
import { eachItem, nextLinkPath } from './paging.js';
import { requester, type CallOptions, type ClientOptions } from './request.js';

export interface EventsQuery {
  /** At most this many events a page (the service clamps it to 200). */
  limit?: number;
  /**
   * Only leaves at 0-based positions below this (a root's `leaf_count` lists that root's leaves):
   * the cursor of the next, older page.
   */
  before?: number;
  /** Only events of this type (a service without the `events-filter` extension ignores it). */
  eventType?: string;
  /** Each item's 0-based `position` in the tree (this service only). */
  includePosition?: boolean;
  /** Each item's `wallet_hash`, the first submitter's (this service only; the operator key is sent and needed). */
  includeWallet?: boolean;
}

export interface Page<T> {
  items: T[];
  /** The cursor (`before`) of the next, older page; null at the end or when the service does not page. */
  nextBefore: number | null;
}

export interface LifecyclePage {
  wallet_hash: string;
  event_count?: number | undefined;
  events: LifecycleEvent[];
  /** The path of the next page, as the service's `Link` header names it; null at the end. */
  nextPath: string | null;
}

/** `?a=1&b=2` of the defined values, or '' when none. */
function query(values: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(values))
    if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

const segment = encodeURIComponent;

/** Statuses that mean "no evidence here": none kept for this txid, or a deployment without the route. */
const NO_EVIDENCE = new Set([400, 404, 405]);

export function createClient(options: ClientOptions) {
  const send = requester(options);
  const get = <S extends z.ZodType>(path: string, schema: S, call: CallOptions = {}, keyed = false) =>
    send(path, { schema, keyed, ...call });

  async function eventsPage(params: EventsQuery = {}, call: CallOptions = {}): Promise<Page<EventItem>> {
    const path = `/events${query({
      limit: params.limit,
      before: params.before,
      event_type: params.eventType || undefined,
      include:
        [params.includePosition && 'position', params.includeWallet && 'wallet'].filter(Boolean).join(',') ||
        undefined,
    })}`;
    // The public feed never names a wallet: only the operator's key may ask, so only then is it sent.
    const answer = await get(path, eventsSchema, call, params.includeWallet === true);
    return { items: answer.data.events, nextBefore: nextBeforeFromLink(answer.headers.get('Link')) };
  }

  async function anchorHistoryPage(
    params: { limit?: number; before?: number } = {},
    call: CallOptions = {},
  ): Promise<Page<AnchorHistoryEntry>> {
    const answer = await get(`/anchor/history${query(params)}`, anchorHistorySchema, call);
    // Newest first, whatever order the service lists them in (the reference lists oldest first).
    const items = [...answer.data.anchors].sort((a, b) => (b.height ?? 0) - (a.height ?? 0));
    return { items, nextBefore: nextBeforeFromLink(answer.headers.get('Link')) };
  }

  async function lifecyclePage(
    wallet: string,
    params: { limit?: number; after?: number } = {},
    call: CallOptions = {},
  ): Promise<LifecyclePage> {
    return lifecycleAt(`/lifecycle/${segment(wallet)}${query(params)}`, call);
  }

  async function lifecycleAt(path: string, call: CallOptions): Promise<LifecyclePage> {
    const answer = await get(path, lifecycleSchema, call, true);
    return { ...answer.data, nextPath: nextLinkPath(answer.headers.get('Link')) };
  }

  return {
    /** `POST /trial-key`: a trial key (shown once) with its tier, quota and expiry. No key needed. */
    async trialKey(call: CallOptions = {}) {
      return (await send('/trial-key', { schema: trialKeySchema, method: 'POST', ...call })).data;
    },
    /** `GET /key`: what the client's key is, and how much of its quota is left. */
    async keyInfo(call: CallOptions = {}) {
      return (await get('/key', keyInfoSchema, call, true)).data;
    },
    /**
     * `POST /event` with the client's key: records one event as a Merkle leaf. `status` is
     * `created` for a new leaf and `exists` when the same leaf was recorded before.
     */
    async submitEvent(event: Readonly<Record<string, unknown>>, call: CallOptions = {}) {
      const answer = await send('/event', {
        schema: eventResultSchema,
        method: 'POST',
        json: event,
        keyed: true,
        ...call,
      });
      return answer.data;
    },
    /** `GET /events`: one page, newest first. */
    eventsPage,
    /** Every event, newest first, page after page (`for await (const event of client.allEvents())`). */
    allEvents(params: Omit<EventsQuery, 'before'> = {}, call: CallOptions = {}): AsyncGenerator<EventItem> {
      return eachItem<EventItem, number | undefined>(undefined, async (before) => {
        const page = await eventsPage({ ...params, ...(before !== undefined ? { before } : {}) }, call);
        return { items: page.items, next: page.nextBefore ?? null };
      });
    },
    /** `GET /verify/{leaf}/check`: the service's own verdict on a leaf and the anchor that covers it. */
    async check(leafHash: string, call: CallOptions = {}) {
      return (await get(`/verify/${segment(leafHash)}/check`, verifyCheckSchema, call)).data;
    },
    /**
     * `GET /verify/{leaf}/proof.json`: the proof bundle, as sent. Judge it with `verifyProofBundle`,
     * which never trusts the service's word.
     */
    async proof(leafHash: string, call: CallOptions = {}): Promise<unknown> {
      return (await get(`/verify/${segment(leafHash)}/proof.json`, proofBundleSchema, call)).data;
    },
    /** `GET /protocol/info`: the protocol version, event types, network and extensions the service offers. */
    async protocolInfo(call: CallOptions = {}) {
      return (await get('/protocol/info', protocolInfoSchema, call)).data;
    },
    /** `GET /stats`: leaf and anchor totals. */
    async stats(call: CallOptions = {}) {
      return (await get('/stats', statsSchema, call)).data;
    },
    /** `GET /health`: the chain connection and the store. */
    async health(call: CallOptions = {}) {
      return (await get('/health', healthSchema, call)).data;
    },
    /** `GET /build/info`: what build of the service answers. */
    async buildInfo(call: CallOptions = {}) {
      return (await get('/build/info', buildInfoSchema, call)).data;
    },
    /** `GET /anchor/status`: the current root, unanchored leaves and the anchor in flight. */
    async anchorStatus(call: CallOptions = {}) {
      return (await get('/anchor/status', anchorStatusSchema, call)).data;
    },
    /** `GET /anchor/history`: one page of anchored roots, newest first. */
    anchorHistoryPage,
    /** Every anchored root, newest first, page after page. */
    allAnchors(params: { limit?: number } = {}, call: CallOptions = {}): AsyncGenerator<AnchorHistoryEntry> {
      return eachItem<AnchorHistoryEntry, number | undefined>(undefined, async (before) => {
        const page = await anchorHistoryPage(
          { ...params, ...(before !== undefined ? { before } : {}) },
          call,
        );
        return { items: page.items, next: page.nextBefore ?? null };
      });
    },
    /** `GET /anchor/attempts`: the newest anchoring attempts with each change (extension `anchor-attempts`). */
    async anchorAttempts(params: { limit?: number } = {}, call: CallOptions = {}) {
      return (await get(`/anchor/attempts${query(params)}`, anchorAttemptsSchema, call)).data.attempts;
    },
    /** `GET /anchor/consistency`: the proof that the tree of `from` leaves is a prefix of the tree of `to` (`verifyConsistency`). */
    async anchorConsistency(from: number, to: number, call: CallOptions = {}) {
      return (await get(`/anchor/consistency${query({ from, to })}`, anchorConsistencySchema, call)).data;
    },
    /**
     * `GET /anchor/evidence/{txid}`: the chain's own evidence of an anchor, checked value by value;
     * null when the service keeps none for it (or offers none).
     */
    async anchorEvidence(txid: string, call: CallOptions = {}): Promise<ChainEvidence | null> {
      let body: unknown;
      try {
        body = (await get(`/anchor/evidence/${segment(txid)}`, chainEvidenceSchema, call)).data;
      } catch (error) {
        if (error instanceof Zap1Error && NO_EVIDENCE.has(error.status)) return null;
        throw error;
      }
      const parsed = parseChainEvidence(body);
      if (!parsed.ok) {
        throw new Zap1Error({
          status: 200,
          code: 'bad_response',
          message: `The service answered /anchor/evidence with ${parsed.error}.`,
        });
      }
      return parsed.evidence;
    },
    /** `POST /anchor/now` (operator key): anchor the current root now; 409 `conflict` while one is in flight. */
    async anchorNow(call: CallOptions = {}) {
      return (await send('/anchor/now', { schema: anchorNowSchema, method: 'POST', keyed: true, ...call }))
        .data;
    },
    /** `GET /admin/anchor/qr` (operator key, manual anchoring): the payment that anchors the current root. */
    async anchorPayment(call: CallOptions = {}) {
      return (await get('/admin/anchor/qr', anchorPaymentSchema, call, true)).data;
    },
    /** `POST /admin/anchor/record` (operator key, manual anchoring): records the transaction the operator paid. */
    async recordAnchor(anchor: { root: string; txid: string; height: number }, call: CallOptions = {}) {
      const answer = await send('/admin/anchor/record', {
        schema: recordedAnchorSchema,
        method: 'POST',
        json: anchor,
        keyed: true,
        ...call,
      });
      return answer.data;
    },
    /** `GET /lifecycle/{wallet}`: one page of a wallet's events, oldest first (404 `not_found` for a wallet without events). */
    lifecyclePage,
    /** Every event of a wallet, oldest first, page after page. */
    allLifecycleEvents(
      wallet: string,
      params: { limit?: number } = {},
      call: CallOptions = {},
    ): AsyncGenerator<LifecycleEvent> {
      return eachItem<LifecycleEvent, string>(
        `/lifecycle/${segment(wallet)}${query(params)}`,
        async (path) => {
          const page = await lifecycleAt(path, call);
          return { items: page.events, next: page.nextPath };
        },
      );
    },
    /** `GET /lifecycle/{wallet}/export`: an export package with a proof of every event (`verifyExport`). */
    async lifecycleExport(wallet: string, call: CallOptions = {}) {
      return (await get(`/lifecycle/${segment(wallet)}/export`, lifecycleExportSchema, call, true)).data;
    },
    /** `POST /memo/decode`: the service's reading of a memo given as hex (`decodeMemo` reads one locally). */
    async decodeMemo(memoHex: string, call: CallOptions = {}) {
      return (
        await send('/memo/decode', { schema: memoDecodeSchema, method: 'POST', text: memoHex, ...call })
      ).data;
    },
    /** `GET /lookup?q=`: whether a value is a known leaf hash or a wallet with events (extension `lookup`). */
    async lookup(value: string, call: CallOptions = {}) {
      return (await get(`/lookup${query({ q: value })}`, lookupSchema, call, true)).data;
    },
    /** `GET /webhooks` (operator key). */
    async webhooks(call: CallOptions = {}) {
      return (await get('/webhooks', webhookListSchema, call, true)).data;
    },
    /** `POST /webhooks/register` (operator key): deliveries of `leaf_created` and `anchor_confirmed`; the secret is shown once. */
    async registerWebhook(url: string, call: CallOptions = {}) {
      return (
        await send('/webhooks/register', {
          schema: webhookCreatedSchema,
          method: 'POST',
          json: { url },
          keyed: true,
          ...call,
        })
      ).data;
    },
    /** `DELETE /webhooks/{id}` (operator key): nothing more is delivered to it; 404 `not_found` for an unknown id. */
    async deleteWebhook(id: string, call: CallOptions = {}): Promise<void> {
      await send(`/webhooks/${segment(id)}`, { schema: z.unknown(), method: 'DELETE', keyed: true, ...call });
    },
  };
}

export type Zap1Client = ReturnType<typeof createClient>;
