import { describe, expect, it } from 'vitest';
import { EVIDENCE_HEIGHT, evidencedBundle } from '../../test/chain-evidence.js';
import { blockExplorerFor, confirmBlock, type BlockSource } from './block-confirmation.js';

const { evidence } = evidencedBundle();
const entry = { txid: evidence.txid, height: evidence.height, blockHash: evidence.block_hash };
const history = (over: Partial<Extract<BlockSource, { kind: 'history' }>> = {}): BlockSource => ({
  kind: 'history',
  service: 'https://mine.example',
  trust: 'chosen',
  entry,
  ...over,
});

describe('confirmBlock', () => {
  it('confirms the block from a hash the person gave or their node, and refuses another', () => {
    expect(confirmBlock(evidence, [{ kind: 'given', blockHash: evidence.block_hash }]).status).toBe('pass');
    expect(confirmBlock(evidence, [{ kind: 'given', blockHash: '00'.repeat(32) }]).status).toBe('fail');
    expect(
      confirmBlock(evidence, [{ kind: 'node', url: 'http://node', blockHash: evidence.block_hash }]).status,
    ).toBe('pass');
    expect(
      confirmBlock(evidence, [{ kind: 'node', url: 'http://node', blockHash: 'ab'.repeat(32) }]).status,
    ).toBe('fail');
  });

  it("confirms it from the chosen service's history only by the block's hash", () => {
    const confirmed = confirmBlock(evidence, [history()]);
    expect(confirmed).toMatchObject({
      status: 'pass',
      detail: expect.stringContaining('the service you chose'),
    });
    // A backdated header hashes to another block: the history's hash for this anchor contradicts it.
    const other = confirmBlock(evidence, [history({ entry: { ...entry, blockHash: 'cd'.repeat(32) } })]);
    expect(other).toMatchObject({ status: 'fail', detail: expect.stringContaining("not the chain's") });
    // A history that vouches for txid and height but names no block confirms nothing.
    expect(confirmBlock(evidence, [history({ entry: { ...entry, blockHash: null } })]).status).toBe(
      'unknown',
    );
    expect(confirmBlock(evidence, [history({ entry: { ...entry, height: entry.height + 1 } })]).status).toBe(
      'fail',
    );
  });

  it('quotes a service a receipt or link named, and never lets its word confirm the block', () => {
    for (const trust of ['receipt', 'link'] as const) {
      const quoted = confirmBlock(evidence, [history({ service: 'https://forger.example', trust })]);
      expect(quoted.status).toBe('unknown');
      expect(quoted.detail).toContain(
        `Unconfirmed: the service https://forger.example, named by the ${trust},`,
      );
    }
    // The chosen service speaks first, whatever order the sources come in.
    const both = confirmBlock(evidence, [
      history({ service: 'https://forger.example', trust: 'receipt' }),
      history(),
    ]);
    expect(both.status).toBe('pass');
  });

  it('says which block to look up, and where, when no source settled it', () => {
    const open = confirmBlock(evidence, [], 'https://explorer.example/block/{height}');
    expect(open).toMatchObject({ name: 'block', status: 'unknown' });
    expect(open.detail).toContain(`https://explorer.example/block/${EVIDENCE_HEIGHT}`);
    expect(open.detail).toContain(evidence.block_hash);
  });
});

describe('blockExplorerFor', () => {
  it("takes the person's own template, else a known one of the network, never anything else", () => {
    expect(blockExplorerFor('mainnet')).toMatch(/^https:\/\/.*\{height\}/);
    expect(blockExplorerFor('MainNetwork')).toBe(blockExplorerFor('mainnet'));
    expect(blockExplorerFor('devnet')).toBeNull();
    expect(blockExplorerFor(null)).toBeNull();
    expect(blockExplorerFor('devnet', 'https://mine.example/b/{hash}')).toBe('https://mine.example/b/{hash}');
    // Not a template: the known one stands.
    expect(blockExplorerFor('mainnet', 'javascript:alert(1)//{hash}')).toBe(blockExplorerFor('mainnet'));
  });
});
