import { describe, expect, it } from 'vitest';
import { isWalletPseudonym, queryShape, resolveSearch, type SearchProbes, type WalletProbe } from './search';

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

  it('says nothing matched for an unknown hash, keeping the hash so a leaf can be computed from it', async () => {
    const outcome = await resolveSearch(LEAF.toUpperCase(), probes());
    expect(outcome).toEqual({
      kind: 'unmatched-hash',
      hashHex: LEAF,
      message: 'No leaf, anchor transaction, anchored root or wallet has this value on this service.',
    });
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
    expect(outcome).toEqual({ kind: 'none', message: expect.stringContaining('carol'), fileMaybe: true });
  });

  it('tells a serial number from a wallet, without asking the service what no wallet can be called', async () => {
    const p = probes();
    const serial = await resolveSearch('Z15P 2026/001', p);
    expect(serial.kind).toBe('none');
    expect(serial.kind === 'none' && serial.message).toMatch(
      /looks like a serial number.*not by serial number/,
    );
    expect((await resolveSearch('   ', p)).kind).toBe('invalid');
    expect(p.calls).toEqual([]);
  });

  it('says a serial number may be what was meant when a pseudonym-like value finds no wallet', async () => {
    const outcome = await resolveSearch('Z15P-2026-001', probes());
    expect(outcome.kind === 'none' && outcome.message).toMatch(
      /^No events are recorded for wallet “Z15P-2026-001”\. If it is a serial number/,
    );
  });

  it('tells the start of a leaf hash (a copied shortened hash) from a wallet', async () => {
    expect(queryShape('0123456789abcdef')).toBe('leaf-prefix');
    expect(queryShape('a'.repeat(64))).toBe('hash');
    expect(queryShape('alice_1')).toBe('wallet-or-serial');
    expect(queryShape('SN 1')).toBe('serial');
    const outcome = await resolveSearch('0123456789abcdef', probes());
    expect(outcome.kind === 'none' && outcome.message).toMatch(/looks like the start of one/);
  });

  it('says a file name is not something the service knows, and offers to hash the file, asking nothing', async () => {
    const p = probes();
    for (const name of ['contract.pdf', 'Lease 2026 (signed).docx', 'scan.JPEG']) {
      expect(queryShape(name)).toBe('file-name');
      const outcome = await resolveSearch(name, p);
      expect(outcome).toEqual({ kind: 'file-name', fileName: name, message: expect.any(String) });
      expect(outcome.kind === 'file-name' && outcome.message).toMatch(
        new RegExp(
          `^“${name.replace(/[().]/g, '\\$&')}” looks like a file’s name\\. The service never sees file names: it knows a file only by its SHA-256`,
        ),
      );
      expect(outcome.kind === 'file-name' && outcome.message).not.toMatch(
        /No events are recorded for wallet/,
      );
    }
    expect(p.calls).toEqual([]);
    // Not extensions: a serial's numbered parts, a hash's start.
    expect(queryShape('INV.2024.001')).toBe('serial');
    expect(queryShape('SN 1')).toBe('serial');
  });

  it('mentions a file name too where a name without an extension finds no wallet', async () => {
    const outcome = await resolveSearch('contract', probes());
    expect(outcome.kind === 'none' && outcome.message).toContain(
      'If it is a file’s name: the service never sees file names',
    );
    expect(outcome.kind === 'none' && outcome.fileMaybe).toBe(true);
  });

  it('knows the pseudonym rules', () => {
    expect(isWalletPseudonym('a-b_C9')).toBe(true);
    expect(isWalletPseudonym('x'.repeat(129))).toBe(false);
    expect(isWalletPseudonym('é')).toBe(false);
  });
});
