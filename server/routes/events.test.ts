/**
 * GET /events items against the reference's own schema (test/conformance/vendor/api_schemas.json,
 * the file its API checker validates with): exactly its fields by default, `position` on request.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REPO_ROOT } from '../../test/repo-root.js';
import { contractEvent, makeTestApp, operator, submitContractEvent, type TestApp } from '../test-helpers.js';
import { EventsResponseSchema } from './events.js';

const schemas = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'test', 'conformance', 'vendor', 'api_schemas.json'), 'utf8'),
) as { schemas: Record<string, z.core.JSONSchema.JSONSchema> };
const referenceEventsSchema = schemas.schemas['/events'];
if (!referenceEventsSchema) throw new Error('api_schemas.json has no /events schema');
/** The reference's /events body, strict as its checker is (`additionalProperties: false`). */
const ReferenceEvents = z.fromJSONSchema(referenceEventsSchema);

let t: TestApp;
const leaves: string[] = [];

beforeAll(async () => {
  t = await makeTestApp();
  for (let i = 0; i < 3; i++) leaves.push(await submitContractEvent(t, i));
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ url });

describe('GET /events and the reference schema', () => {
  it('the reference schema refuses an item with a field of its own (as its checker does)', () => {
    const item = {
      leaf_hash: 'a'.repeat(64),
      event_type: 'CONTRACT_ANCHOR',
      event_type_authentication: 'unverified_server_metadata_without_disclosed_witness',
      description: 'x',
      created_at: 'x',
      preimage_disclosure: 'withheld from the public event feed',
      verify_url: 'x',
      proof_url: 'x',
      badge_url: 'x',
    };
    const body = { protocol: 'ZAP1', total_returned: 1, events: [item] };
    expect(ReferenceEvents.safeParse(body).success).toBe(true);
    const extra = { ...body, events: [{ ...item, position: 0 }] };
    expect(ReferenceEvents.safeParse(extra).error?.issues[0]).toMatchObject({
      code: 'unrecognized_keys',
      keys: ['position'],
    });
  });

  it.each(['/events', '/events?limit=2', '/events?limit=2&before=2', '/events?event_type=CONTRACT_ANCHOR'])(
    'answers %s with exactly the reference fields',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(ReferenceEvents.safeParse(res.json()).error?.issues).toBeUndefined();
    },
  );

  it('answers the events newest first, without their positions, by default', async () => {
    const body = EventsResponseSchema.parse((await get('/events')).json());
    expect(body.events.map((e) => e.leaf_hash)).toEqual([...leaves].reverse());
    expect(body.events.every((e) => !('position' in e))).toBe(true);
  });

  it('adds each leaf position with ?include=position, kept in the next-page link', async () => {
    const first = await get('/events?limit=2&include=position');
    const body = EventsResponseSchema.parse(first.json());
    expect(body.events.map((e) => [e.leaf_hash, e.position])).toEqual([
      [leaves[2], 2],
      [leaves[1], 1],
    ]);
    // The next page starts below the oldest position shown.
    expect(first.headers['link']).toBe('</events?limit=2&before=1&include=position>; rel="next"');
    const second = EventsResponseSchema.parse(
      (await get('/events?limit=2&before=1&include=position')).json(),
    );
    expect(second.events.map((e) => e.position)).toEqual([0]);
    // Only the one added field: the rest is the reference's item.
    const { position: _position, ...rest } = body.events[0]!;
    expect(ReferenceEvents.safeParse({ ...body, events: [rest] }).success).toBe(true);
  });

  it('adds the wallet that first submitted each leaf with ?include=wallet, for the operator only', async () => {
    const asOperator = (url: string) => t.app.inject({ url, headers: operator });
    const walletOnly = EventsResponseSchema.parse(
      (await asOperator('/events?limit=1&include=wallet')).json(),
    );
    expect(walletOnly.events.map((e) => [e.leaf_hash, e.wallet_hash, 'position' in e])).toEqual([
      [leaves[2], contractEvent(2).wallet_hash, false],
    ]);
    for (const include of ['position,wallet', 'wallet,position']) {
      const res = await asOperator(`/events?limit=2&include=${include}`);
      const body = EventsResponseSchema.parse(res.json());
      expect(body.events.map((e) => [e.position, e.wallet_hash])).toEqual([
        [2, contractEvent(2).wallet_hash],
        [1, contractEvent(1).wallet_hash],
      ]);
      expect(res.headers['link']).toBe(
        `</events?limit=2&before=1&include=${encodeURIComponent(include)}>; rel="next"`,
      );
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('names no wallet to anyone but the operator: 401 without a key, 403 with a trial key', async () => {
    expect((await get('/events?include=wallet')).json().error.code).toBe('unauthorized');
    const trial = (await t.app.inject({ method: 'POST', url: '/trial-key' })).json().key as string;
    const res = await t.app.inject({
      url: '/events?include=position,wallet',
      headers: { authorization: `Bearer ${trial}` },
    });
    expect([res.statusCode, res.json().error.code]).toEqual([403, 'forbidden']);
    // The public feed is unchanged: no wallet in any item.
    const open = await get('/events?include=position');
    expect(open.headers['cache-control']).not.toBe('no-store');
    const body = open.json() as { events: object[] };
    expect(body.events.every((e) => !('wallet_hash' in e))).toBe(true);
  });

  it.each(['wallet_hash', '', 'position,x', 'wallet,wallet'])(
    'refuses include=%s with a 400 naming the include, like any bad value of a known key',
    async (include) => {
      const res = await get(`/events?include=${include}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: [{ field: 'include' }] });
    },
  );

  it('documents the include parameter in the OpenAPI description', async () => {
    const doc = (await get('/openapi.json')).json();
    const include = doc.paths['/events'].get.parameters.find((p: { name: string }) => p.name === 'include');
    expect(include).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'string', enum: ['position', 'wallet', 'position,wallet', 'wallet,position'] },
    });
    expect(include.schema.description ?? include.description).toMatch(/position.*wallet/);
  });
});
