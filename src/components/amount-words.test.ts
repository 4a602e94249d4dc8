import { describe, expect, it } from 'vitest';
import { amountUnit, decimalAmount, formatAmount } from './amount-words';

describe('amounts named for their network', () => {
  it('says dev-ZEC on the development chain, where the coins are worth nothing', () => {
    expect(formatAmount(150_000_000, 'devnet')).toBe('1.5 dev-ZEC');
    expect(formatAmount(10_000, 'devnet')).toBe('0.0001 dev-ZEC');
    expect(formatAmount(125_050_000_000, 'devnet')).toBe('1,250.5 dev-ZEC');
  });

  it('says ZEC on mainnet and where the network is unknown, and TAZ on testnet', () => {
    expect(formatAmount(10_000, 'mainnet')).toBe('0.0001 ZEC');
    expect(formatAmount(10_000, 'unknown')).toBe('0.0001 ZEC');
    expect(formatAmount(10_000, 'testnet')).toBe('0.0001 TAZ');
    expect(amountUnit('devnet')).toBe('dev-ZEC');
  });

  it('names the unit of an amount the service wrote in ZEC', () => {
    expect(decimalAmount('0.0001', 'devnet')).toBe('0.0001 dev-ZEC');
  });
});
