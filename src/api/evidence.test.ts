import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { evidencedBundle } from 'zap1/testing';
import { chainEvidenceQueryOptions, fetchChainEvidence } from './evidence';
import { stubFetch } from './fixtures/fetch-stub';

afterEach(() => {
  vi.unstubAllGlobals();
});

const { evidence } = evidencedBundle();

describe('GET /anchor/evidence/{txid}', () => {
  it('reads the contract shape into chain evidence, asking without a key', async () => {
    const seen = stubFetch({ status: 200, body: evidence });
    const got = await new QueryClient().fetchQuery(
      chainEvidenceQueryOptions('https://zap1.example', evidence.txid),
    );
    expect(got).toEqual(evidence);
    expect(seen[0]?.url).toBe(`https://zap1.example/anchor/evidence/${evidence.txid}`);
    expect(seen[0]?.headers['authorization']).toBeUndefined();
  });

  it.each([404, 400, 405])(
    'is null when the service answers %i (none kept, or no such route)',
    async (status) => {
      stubFetch({ status, body: { error: { code: 'not_found', message: 'no evidence' } } });
      expect(await fetchChainEvidence('', evidence.txid)).toBeNull();
    },
  );

  it('is an error when the service cannot be reached or answers something else', async () => {
    stubFetch({ status: 503, body: { error: { code: 'chain_unavailable', message: 'down' } } });
    await expect(fetchChainEvidence('', evidence.txid)).rejects.toMatchObject({ status: 503 });
    stubFetch({ status: 200, body: { ...evidence, format: 'zap1-chain-evidence/2' } });
    await expect(fetchChainEvidence('', evidence.txid)).rejects.toMatchObject({ code: 'bad_response' });
    // Right shape, wrong values: core's parser has the last word (upper-case hex).
    stubFetch({ status: 200, body: { ...evidence, block_hash: evidence.block_hash.toUpperCase() } });
    await expect(fetchChainEvidence('', evidence.txid)).rejects.toMatchObject({
      code: 'bad_response',
      message: expect.stringContaining('block hash') as unknown,
    });
  });
});
