import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { verifyProofBundle } from 'zap1';
import {
  AWAITING_ANCHOR_POLL_MS,
  anchorBlockTime,
  anchoredTxid,
  bundlePollInterval,
  checkPollInterval,
  bundleIsAnchored,
  proofBundleQueryOptions,
  verifyCheckQueryOptions,
  verifyCheckSchema,
} from './verify';
import { fixture, stubFetch } from './fixtures/fetch-stub';
import { readZap1Json } from 'zap1/testing';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LEAF = 'de62554ad3867a59895befa7216686c923fc86245231e8fb6bd709a20e1fd133';

describe('GET /verify/{leaf}/check', () => {
  it('parses the reference shape, anchored and awaiting', () => {
    const anchored = verifyCheckSchema.parse(fixture('reference-verify-check.json'));
    const awaiting = verifyCheckSchema.parse(fixture('reference-verify-check-unanchored.json'));
    expect(anchoredTxid(anchored)).toMatch(/^98e1/);
    expect(anchored.anchor?.height).toBe(3286631);
    expect(anchoredTxid(awaiting)).toBeNull();
    expect(anchorBlockTime(anchored)).toBeNull();
  });

  it('parses the minimal openapi shape', () => {
    const minimal = verifyCheckSchema.parse({
      protocol: 'ZAP1',
      valid: true,
      leaf_hash: LEAF,
      root: 'ab'.repeat(32),
    });
    expect(anchoredTxid(minimal)).toBeNull();
  });

  it('says "no such leaf" for the reference plain-text 404 too', async () => {
    stubFetch({ status: 404, body: 'Leaf not found' });
    await expect(new QueryClient().fetchQuery(verifyCheckQueryOptions('', LEAF))).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
  });

  it('parses check answers recorded from this service, before and after the anchor', () => {
    const awaiting = verifyCheckSchema.parse(fixture('service-verify-check-awaiting.json'));
    const anchored = verifyCheckSchema.parse(fixture('service-verify-check-anchored.json'));
    expect(anchoredTxid(awaiting)).toBeNull();
    expect(anchoredTxid(anchored)).toMatch(/^[0-9a-f]{64}$/);
    expect(anchorBlockTime(anchored)?.getTime()).toBeGreaterThan(Date.UTC(2020, 0, 1));
  });

  it('reads block_time as Unix seconds or a date, at the top or in anchor', () => {
    const base = verifyCheckSchema.parse(fixture('reference-verify-check.json'));
    expect(anchorBlockTime({ ...base, block_time: 1767225600 })?.toISOString()).toBe(
      '2026-01-01T00:00:00.000Z',
    );
    expect(
      anchorBlockTime({
        ...base,
        anchor: { txid: 'a', height: 1, block_time: '2026-01-01T00:00:00Z' },
      })?.toISOString(),
    ).toBe('2026-01-01T00:00:00.000Z');
    expect(anchorBlockTime({ ...base, block_time: 'not a date' })).toBeNull();
  });

  it('rejects a body missing the verdict', () => {
    expect(verifyCheckSchema.safeParse({ protocol: 'ZAP1', leaf_hash: LEAF, root: 'x' }).success).toBe(false);
  });

  it('polls while awaiting an anchor and stops once anchored', () => {
    expect(
      checkPollInterval(verifyCheckSchema.parse(fixture('reference-verify-check-unanchored.json'))),
    ).toBe(AWAITING_ANCHOR_POLL_MS);
    expect(checkPollInterval(verifyCheckSchema.parse(fixture('reference-verify-check.json')))).toBe(false);
    expect(checkPollInterval(undefined)).toBe(false);
    expect(typeof verifyCheckQueryOptions('', LEAF, { pollUntilAnchored: true }).refetchInterval).toBe(
      'function',
    );
    expect(verifyCheckQueryOptions('', LEAF).refetchInterval).toBe(false);
  });

  it('says "no such leaf" as a 404 ApiError', async () => {
    const seen = stubFetch({ status: 404, body: fixture('service-error-not-found.json') });
    const client = new QueryClient();
    await expect(client.fetchQuery(verifyCheckQueryOptions('http://s', LEAF))).rejects.toMatchObject({
      status: 404,
    });
    expect(seen[0]?.url).toBe(`http://s/verify/${LEAF}/check`);
  });
});

describe('GET /verify/{leaf}/proof.json', () => {
  it('hands the bundle over as unknown JSON, exactly as sent', async () => {
    const bundle = readZap1Json('valid_bundle.json');
    const seen = stubFetch({ status: 200, body: bundle });
    const client = new QueryClient();
    const data = await client.fetchQuery(proofBundleQueryOptions('', LEAF));
    expect(data).toEqual(bundle);
    expect(seen[0]?.url).toBe(`/verify/${LEAF}/proof.json`);
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('knows whether a bundle is anchored', () => {
    expect(bundleIsAnchored(readZap1Json('valid_bundle.json'))).toBe(false);
    expect(bundleIsAnchored(readZap1Json('invalid_bundle.json'))).toBe(true);
    expect(bundleIsAnchored(null)).toBe(false);
    expect(bundleIsAnchored({ anchor: null })).toBe(false);
    expect(bundlePollInterval(readZap1Json('valid_bundle.json'))).toBe(AWAITING_ANCHOR_POLL_MS);
    expect(bundlePollInterval(readZap1Json('invalid_bundle.json'))).toBe(false);
  });

  it('keeps polling an unanchored bundle after a failed refetch, and stops once anchored', async () => {
    stubFetch(
      { status: 200, body: fixture('service-proof-awaiting.json') },
      { status: 502, body: 'bad gateway' },
      { status: 200, body: fixture('service-proof-anchored.json') },
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = proofBundleQueryOptions('http://s', LEAF, { pollUntilAnchored: true });
    // What the query's refetchInterval reads: the state's data, which survives a failed refetch.
    const interval = () => bundlePollInterval(client.getQueryState(options.queryKey)?.data);
    await client.fetchQuery(options);
    expect(interval()).toBe(AWAITING_ANCHOR_POLL_MS);
    await expect(client.fetchQuery({ ...options, staleTime: 0 })).rejects.toMatchObject({ status: 502 });
    expect(client.getQueryState(options.queryKey)?.status).toBe('error');
    expect(interval()).toBe(AWAITING_ANCHOR_POLL_MS);
    await client.fetchQuery({ ...options, staleTime: 0 });
    expect(interval()).toBe(false);
  });

  it('recognises bundles recorded from this service', () => {
    expect(bundleIsAnchored(fixture('service-proof-awaiting.json'))).toBe(false);
    expect(bundleIsAnchored(fixture('service-proof-anchored.json'))).toBe(true);
    // And the protocol library accepts them, for the leaf they were fetched for.
    const anchored = verifyProofBundle(fixture('service-proof-anchored.json'), {
      expectedLeafHex: 'cf9a601f4ddb36b7b80ef0de09319eee927112c73d83047b0dd1a86effb85519',
    });
    expect(anchored).toMatchObject({
      valid: true,
      scheme: 'ZAP1_COUNT_BOUND_V2',
      leafCount: 3,
      anchor: { height: 4000014 },
    });
    expect(verifyProofBundle(fixture('service-proof-awaiting.json')).valid).toBe(true);
  });
});
