import { describe, expect, it } from 'vitest';
import { validateEvent } from 'zap1';
import {
  keepWalletPseudonym,
  keptWalletPseudonym,
  newWalletPseudonym,
  readPseudonymRule,
  startingWalletPseudonym,
  writePseudonymRule,
} from './wallet-pseudonym';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

/** Storage that refuses everything, as a browser with storage disabled does. */
const disabledStorage = {
  getItem: (): string | null => {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem: (): void => {
    throw new DOMException('denied', 'SecurityError');
  },
};

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

  it('is new for every document by default, so no two receipts share one', () => {
    const storage = memoryStorage();
    expect(readPseudonymRule(storage)).toBe('fresh');
    const first = startingWalletPseudonym(storage);
    const second = startingWalletPseudonym(storage);
    expect(first).toMatch(/^anon_/);
    expect(second).not.toBe(first);
  });

  it('is the kept one for every document once grouping is chosen, remembered until changed', () => {
    const storage = memoryStorage();
    writePseudonymRule('kept', storage);
    keepWalletPseudonym('my_company', storage);
    expect(readPseudonymRule(storage)).toBe('kept');
    expect(startingWalletPseudonym(storage)).toBe('my_company');
    expect(startingWalletPseudonym(storage)).toBe('my_company');
    writePseudonymRule('fresh', storage);
    expect(startingWalletPseudonym(storage)).not.toBe('my_company');
  });

  it('creates the kept one on first use and keeps it', () => {
    const storage = memoryStorage();
    const kept = keptWalletPseudonym(storage);
    expect(kept).toMatch(/^anon_[0-9a-f]{16}$/);
    expect(keptWalletPseudonym(storage)).toBe(kept);
  });

  it('never keeps, nor starts with, a value that is not a valid identifier', () => {
    const storage = memoryStorage();
    keepWalletPseudonym('has space', storage);
    expect(storage.getItem('zap1.walletPseudonym')).toBeNull();
    storage.setItem('zap1.walletPseudonym', 'not valid!');
    expect(keptWalletPseudonym(storage)).toMatch(/^anon_/);
  });

  it('reads anything but an explicit "kept" rule as the private default', () => {
    const storage = memoryStorage();
    storage.setItem('zap1.pseudonymRule', 'KEPT');
    expect(readPseudonymRule(storage)).toBe('fresh');
  });

  it('still gives a fresh pseudonym with storage disabled', () => {
    expect(readPseudonymRule(disabledStorage)).toBe('fresh');
    expect(startingWalletPseudonym(disabledStorage)).toMatch(/^anon_/);
    expect(keptWalletPseudonym(disabledStorage)).toMatch(/^anon_/);
    expect(() => writePseudonymRule('kept', disabledStorage)).not.toThrow();
  });
});
