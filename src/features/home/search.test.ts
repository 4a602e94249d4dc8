import { describe, expect, it } from 'vitest';
import { isWalletPseudonym, resolveSearch, type SearchProbes, type WalletProbe } from './search';

const LEAF = 'a'.repeat(64);
const TXID = 'b'.repeat(64);
const ROOT = 'c'.repeat(64);

function probes(
  over: { leaves?: string[]; txids?: Record<string, string>; wallets?: Record<string, WalletProbe> } = {},
): SearchProbes & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    isLeaf: async (x) => (calls.push(`leaf:${x}`), (over.leaves ?? []).includes(x)),
    rootOfTxid: async (x) => (calls.push(`txid:${x}`), over.txids?.[x] ?? null),
    isAnchoredRoot: async (x) => (calls.push(`root:${x}`), Object.values(over.txids ?? {}).includes(x)),
    wallet: async (x) => (calls.push(`wallet:${x}`), over.wallets?.[x] ?? 'none'),
  };
}

describe('global search', () => {
  it('goes to the leaf page for a known leaf, lowercasing what was pasted', async () => {
    const outcome = await resolveSearch(`  ${LEAF.toUpperCase()} `, probes({ leaves: [LEAF] }));
    expect(outcome).toEqual({
      kind: 'matches',
      matches: [{ kind: 'leaf', to: `/leaf/${LEAF}`, label: expect.any(String) }],
    });
  });

  it("sends a txid to its root's page", async () => {
    const outcome = await resolveSearch(TXID, probes({ txids: { [TXID]: ROOT } }));
    expect(outcome.kind === 'matches' && outcome.matches.map((m) => m.to)).toEqual([`/root/${ROOT}`]);
  });

  it('offers a chooser in the order leaf, txid, wallet when several match', async () => {
    const outcome = await resolveSearch(
      LEAF,
      probes({ leaves: [LEAF], txids: { [LEAF]: ROOT }, wallets: { [LEAF]: 'found' } }),
    );
    expect(outcome.kind === 'matches' && outcome.matches.map((m) => m.kind)).toEqual([
      'leaf',
      'txid',
      'wallet',
    ]);
  });

  it('says nothing matched for an unknown hash', async () => {
    expect((await resolveSearch(LEAF, probes())).kind).toBe('none');
  });

  it('tries any other valid pseudonym as a wallet only', async () => {
    const p = probes({ wallets: { alice_1: 'found' } });
    const outcome = await resolveSearch('alice_1', p);
    expect(outcome.kind === 'matches' && outcome.matches[0]?.to).toBe('/wallet/alice_1');
    expect(p.calls).toEqual(['wallet:alice_1']);
  });

  it('still opens the wallet page when the service requires a key to tell', async () => {
    const outcome = await resolveSearch('bob', probes({ wallets: { bob: 'unknown' } }));
    expect(outcome.kind === 'matches' && outcome.matches[0]?.kind).toBe('wallet');
  });

  it('says when a wallet has no events', async () => {
    const outcome = await resolveSearch('carol', probes());
    expect(outcome).toEqual({ kind: 'none', message: expect.stringContaining('carol') });
  });

  it('rejects what is neither a hash nor a pseudonym without asking the service', async () => {
    const p = probes();
    expect((await resolveSearch('not a wallet!', p)).kind).toBe('invalid');
    expect((await resolveSearch('   ', p)).kind).toBe('invalid');
    expect(p.calls).toEqual([]);
  });

  it('knows the pseudonym rules', () => {
    expect(isWalletPseudonym('a-b_C9')).toBe(true);
    expect(isWalletPseudonym('x'.repeat(129))).toBe(false);
    expect(isWalletPseudonym('é')).toBe(false);
  });
});
