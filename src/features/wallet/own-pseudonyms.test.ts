import { describe, expect, it } from 'vitest';
import type { SavedSubmission } from '../anchor/submissions-store';
import { ownPseudonyms } from './own-pseudonyms';

const HERE = 'http://127.0.0.1:8080';

const saved = (walletHash: string, submittedAt: string, baseUrl = HERE): SavedSubmission => ({
  baseUrl,
  fileName: 'contract.pdf',
  contractSha256: 'ab'.repeat(32),
  serialNumber: 'SN-1',
  walletHash,
  leafHex: 'cd'.repeat(32),
  rootHex: null,
  status: 'created',
  submittedAt,
});

describe('this browser’s own pseudonyms', () => {
  it('lists each pseudonym once, latest used first, with how many submissions and the latest time', () => {
    const list = [
      saved('anon_b', '2026-11-26T05:00:00Z'),
      saved('anon_a', '2026-11-25T05:00:00Z'),
      saved('anon_b', '2026-11-24T05:00:00Z'),
    ];
    expect(ownPseudonyms(list, HERE)).toEqual([
      { wallet: 'anon_b', submissions: 2, latestAt: '2026-11-26T05:00:00Z' },
      { wallet: 'anon_a', submissions: 1, latestAt: '2026-11-25T05:00:00Z' },
    ]);
  });

  it('counts only submissions to this service', () => {
    const list = [
      saved('anon_elsewhere', '2026-11-26T05:00:00Z', 'https://other.example'),
      saved('anon_a', '2026-11-25T05:00:00Z'),
    ];
    expect(ownPseudonyms(list, HERE).map((p) => p.wallet)).toEqual(['anon_a']);
    expect(ownPseudonyms([], HERE)).toEqual([]);
  });
});
