import { describe, expect, it } from 'vitest';
import { validateEvent } from 'zap1';
import { keptWalletPseudonym, newWalletPseudonym, replaceWalletPseudonym } from './wallet-pseudonym';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

describe('wallet pseudonym', () => {
  it('is a valid wallet_hash and random', () => {
    const a = newWalletPseudonym();
    expect(a).toMatch(/^anon_[0-9a-f]{16}$/);
    expect(
      validateEvent({
        event_type: 'CONTRACT_ANCHOR',
        wallet_hash: a,
        serial_number: 's',
        contract_sha256: 'a'.repeat(64),
      }),
    ).toEqual([]);
    expect(newWalletPseudonym()).not.toBe(a);
  });

  it('is kept across visits until replaced', () => {
    const storage = memoryStorage();
    const first = keptWalletPseudonym(storage);
    expect(keptWalletPseudonym(storage)).toBe(first);
    const second = replaceWalletPseudonym(storage);
    expect(second).not.toBe(first);
    expect(keptWalletPseudonym(storage)).toBe(second);
  });

  it('replaces a kept value that is not a valid identifier', () => {
    const storage = memoryStorage();
    storage.setItem('zap1.walletPseudonym', 'not valid!');
    expect(keptWalletPseudonym(storage)).toMatch(/^anon_/);
  });
});
