import { describe, expect, it } from 'vitest';
import { maskKey, summariseKeyInfo } from './key-display';

const NOW = new Date('2026-01-10T00:00:00Z');

describe('key display', () => {
  it('masks keys', () => {
    expect(maskKey('zap1_trial_3f1c9a0b7d2e4f6a8b0c1d2e3f4a5b6c')).toBe('zap1_trial_3f1c…');
    expect(maskKey('e2e-operator-key-0123456789abcdef')).toBe('e2e-…');
    expect(maskKey('abc')).toBe('•••');
  });

  it('says what is left of a trial key', () => {
    const s = summariseKeyInfo(
      { tier: 'trial', quota: 50, used: 3, expires_at: '2026-02-01T00:00:00Z' },
      NOW,
    );
    expect(s.tierLabel).toBe('Trial key');
    expect(s.quotaLine).toBe('3 of 50 events used, 47 left.');
    expect(s.expiryLine).toBe('Expires');
    expect(s.expiresAt).toBeInstanceOf(Date);
    expect(s.spent).toBe(false);
  });

  it('flags a used-up or expired key', () => {
    expect(
      summariseKeyInfo({ tier: 'trial', quota: 5, used: 5, expires_at: '2026-02-01T00:00:00Z' }, NOW).spent,
    ).toBe(true);
    const expired = summariseKeyInfo(
      { tier: 'trial', quota: 5, used: 0, expires_at: '2026-01-01T00:00:00Z' },
      NOW,
    );
    expect(expired.spent).toBe(true);
    expect(expired.expiryLine).toBe('Expired');
  });

  it('describes an operator key without quota or expiry', () => {
    const s = summariseKeyInfo({ tier: 'operator', quota: null, used: null, expires_at: null }, NOW);
    expect(s).toEqual({
      tierLabel: 'Operator key',
      quotaLine: 'No event quota.',
      expiryLine: 'Does not expire.',
      expiresAt: null,
      spent: false,
    });
  });
});

describe('a tier this page does not know', () => {
  it('is named with its hidden characters visible', () => {
    expect(
      summariseKeyInfo({ tier: 'gold\u202E', quota: null, used: null, expires_at: null }).tierLabel,
    ).toBe('gold<U+202E> key');
  });
});
