// @vitest-environment jsdom
/**
 * The Verify page on the chain's own bytes: a receipt that carries its anchor's chain evidence is
 * checked with no service behind it (unconfirmed, naming the block to look up), a block hash the
 * person read makes it anchored or invalid, and the trust sections shrink to what is still trusted.
 * Where there is no evidence, a pasted raw transaction and a viewing key run the two checks that need
 * no block.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { contractEvent, testReceipt } from 'zap1/testing';
import { OTHER_KEY, WALLET_KEY, anchorTransaction, evidencedBundle } from 'zap1/testing';
import { HistoryBackButton, renderWithProviders } from '../../components/test-render';
import { heightWords, type ChainEvidence, type Receipt } from 'zap1';
import { VerifyPage } from './verify-page';
import { setBaseUrl, setBlockExplorer } from '../../api/settings';

const SERVICE = 'https://zap1.gone.example';
let bundle: Record<string, unknown>;
let evidence: ChainEvidence;
let rootHex: string;
let receipt: Receipt;

beforeAll(() => {
  ({ bundle, evidence, rootHex } = evidencedBundle());
  receipt = testReceipt(contractEvent(2), {
    serviceUrl: SERVICE,
    // Test evidence is of the development chain: its header's proof of work is mined (regtest).
    network: 'devnet',
    proof: bundle,
    chainEvidence: evidence,
    now: new Date(Date.UTC(2026, 10, 2)),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // The page keeps its inputs for Back in sessionStorage: each test starts with none.
  sessionStorage.clear();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** No service behind the receipt: every request fails as a closed port does. */
function noService(): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: string | URL) => {
    asked.push(String(input));
    throw new TypeError('fetch failed');
  });
  return asked;
}

/** A service that answers only `/protocol/info` (with `info`); everything else is 503. */
function infoOnlyService(info: Record<string, unknown>) {
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const path = new URL(String(input)).pathname;
    if (path === '/protocol/info') return json({ protocol: 'ZAP1', version: '3.0.0', ...info });
    return json({ error: { code: 'chain_unavailable', message: 'down' } }, 503);
  });
}

/** A service whose history anchors the bundle's root in the evidence's transaction; `served` at /anchor/evidence. */
function historyService(served: ChainEvidence | null) {
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const path = new URL(String(input)).pathname;
    if (path === '/protocol/info') return json({ protocol: 'ZAP1', version: '3.0.0', network: 'devnet' });
    if (path.endsWith('/check')) return json({ valid: true });
    if (path === '/anchor/history') {
      const anchors = [
        {
          root: rootHex,
          txid: evidence.txid,
          height: evidence.height,
          leaf_count: 5,
          block_hash: evidence.block_hash,
        },
      ];
      return json({ anchors, total: 1 });
    }
    if (path === `/anchor/evidence/${evidence.txid}` && served) return json(served);
    return json({ error: { code: 'not_found', message: 'no' } }, 404);
  });
}

function verifyText(value: unknown) {
  renderWithProviders(
    <Routes>
      <Route path="/verify" element={<VerifyPage />} />
      {/* Another page of the app, with the way Back to the Verify page. */}
      <Route path="*" element={<HistoryBackButton label="Back" />} />
    </Routes>,
    '/verify',
  );
  fireEvent.change(screen.getByLabelText('Or paste the receipt or bundle JSON'), {
    target: { value: JSON.stringify(value) },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Verify pasted JSON' }));
}

const textOf = (testId: string): string => screen.getByTestId(testId).textContent ?? '';
const statusOf = (testId: string): string | null => screen.getByTestId(testId).getAttribute('data-status');

async function verdictBecomes(verdict: string): Promise<void> {
  await vi.waitFor(() => expect(screen.getByTestId('verdict').getAttribute('data-verdict')).toBe(verdict), {
    timeout: 10_000,
  });
}

function enterBlockHash(hash: string) {
  fireEvent.change(
    screen.getByLabelText(
      `Block hash at height ${heightWords(evidence.height)}, from an explorer or your node`,
    ),
    {
      target: { value: hash },
    },
  );
  fireEvent.click(screen.getByRole('button', { name: 'Compare the block' }));
}

/** The "Still taken on trust" list. */
function trusted(): string {
  const heading = screen.getByRole('heading', { name: 'Still taken on trust' });
  return heading.closest('section')?.textContent ?? '';
}

describe('a receipt with chain evidence and no service behind it', () => {
  it('is unconfirmed, naming the block hash to look up at its height, with the recovered memo', async () => {
    noService();
    verifyText(receipt);
    await verdictBecomes('unconfirmed');

    expect(textOf('verdict')).toBe('Unconfirmed: one fact left to compare');
    expect(textOf('verdict-reason')).toContain(`Look up the block at height ${heightWords(evidence.height)}`);
    expect(textOf('verdict-reason')).toContain(`its hash must be ${evidence.block_hash}`);
    for (const name of ['transaction', 'memo', 'branch', 'header', 'work'])
      expect(statusOf(`check-${name}`)).toBe('pass');
    expect(statusOf('check-block')).toBe('unknown');
    // The header's proof of work is listed by name, with what was found.
    expect(textOf('check-work')).toContain('Proof of work');
    expect(textOf('check-work')).toContain('The Equihash (48, 5) solution holds');

    // Check the chain yourself: the memo read here from the transaction, and the block to compare.
    const chain = within(screen.getByTestId('chain-check'));
    expect(chain.getByTestId('recovered-memo').textContent).toBe(`ZAP1:09:${rootHex}`);
    expect(chain.getByTestId('block-to-compare').textContent).toBe(evidence.block_hash);
    expect(chain.getByTestId('block-height').textContent).toBe(heightWords(evidence.height));
    expect(chain.getByTestId('viewing-key').textContent).toBe(WALLET_KEY);

    // Still taken on trust: only the block's height, no longer "the service's lookup of the chain".
    expect(trusted()).toContain(
      `That block ${evidence.block_hash} is at height ${heightWords(evidence.height)}`,
    );
    expect(trusted()).toContain('nothing has confirmed it yet');
    expect(trusted()).not.toContain("the service's lookup of the chain");
    expect(textOf('whose-word')).toContain(`ZAP1:09:${rootHex}`);
    expect(textOf('whose-word')).not.toContain('anchor history of');
    // With evidence there is nothing to paste.
    expect(screen.queryByTestId('pasted-transaction')).toBeNull();
  });

  it('is anchored once the right block hash is entered, naming where it came from', async () => {
    noService();
    verifyText(receipt);
    await verdictBecomes('unconfirmed');
    enterBlockHash(evidence.block_hash.toUpperCase());
    await verdictBecomes('anchored');

    expect(textOf('verdict')).toBe('✓ Anchored');
    expect(statusOf('check-block')).toBe('pass');
    expect(textOf('check-block')).toContain(
      `The block hash you read for height ${heightWords(evidence.height)}`,
    );
    expect(textOf('verdict-reason')).toContain('The block hash you read');
    // The field is gone: nothing is left to compare.
    expect(screen.queryByTestId('block-hash-form')).toBeNull();
    expect(trusted()).toContain(
      `One fact is not in the chain's bytes checked here: that block ${evidence.block_hash}`,
    );
    expect(trusted()).toContain('The block hash you read');
    expect(textOf('whose-word')).toContain('rests on one source: The block hash you read');
  });

  it('says it was checked without the service, and compares a block hash without asking it again', async () => {
    setBaseUrl(SERVICE);
    const asked = noService();
    verifyText(receipt);
    await verdictBecomes('unconfirmed');
    expect(textOf('checked-without-service')).toContain(
      `Checked without the service: ${SERVICE} did not answer`,
    );
    const before = asked.length;
    expect(before).toBeGreaterThan(0);
    enterBlockHash(evidence.block_hash);
    await verdictBecomes('anchored');
    // The comparison needed no network: the service that was down was not asked again.
    expect(asked.length).toBe(before);
    setBaseUrl('');
  });

  it('is invalid when another block hash is entered, naming the block check, and the field stays', async () => {
    noService();
    verifyText(receipt);
    await verdictBecomes('unconfirmed');
    enterBlockHash('ab'.repeat(32));
    await verdictBecomes('invalid');

    expect(statusOf('check-block')).toBe('fail');
    expect(textOf('verdict-reason')).toContain(`not the evidence's block ${evidence.block_hash}`);
    expect(screen.getByTestId('block-hash-form')).toBeTruthy();
    // The right one, entered after, is anchored.
    enterBlockHash(evidence.block_hash);
    await verdictBecomes('anchored');
  });

  it('comes back after a link and Back with the block hash entered, shown in its field, not used unseen', async () => {
    noService();
    verifyText(receipt);
    await verdictBecomes('unconfirmed');
    enterBlockHash(evidence.block_hash);
    await verdictBecomes('anchored');
    expect(screen.queryByTestId('block-hash-form')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Check whether a leaf is anchored' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await verdictBecomes('anchored');
    expect(textOf('check-block')).toContain(
      `The block hash you read for height ${heightWords(evidence.height)}`,
    );
    const field = screen.getByLabelText(
      `Block hash at height ${heightWords(evidence.height)}, from an explorer or your node`,
    ) as HTMLInputElement;
    expect(field.value).toBe(evidence.block_hash);
    expect(textOf('block-hash-kept')).toBe(
      'Entered earlier in this tab, and used for this check: change it here if it is not the hash you read.',
    );
    // Another hash, entered in its place, is checked as one typed just now.
    enterBlockHash('ab'.repeat(32));
    await verdictBecomes('invalid');
    expect(screen.queryByTestId('block-hash-kept')).toBeNull();
  });

  it('refuses a block hash that is not 64 hex characters without verifying again', async () => {
    const asked = noService();
    verifyText(receipt);
    await verdictBecomes('unconfirmed');
    const before = asked.length;
    enterBlockHash('not a hash');
    expect(
      await screen.findByText('The block hash may contain only the hex digits 0-9 and a-f.'),
    ).toBeTruthy();
    expect(asked.length).toBe(before);
    expect(screen.getByTestId('verdict').getAttribute('data-verdict')).toBe('unconfirmed');
  });

  it("links the block to compare on the person's own explorer, never a service's (the development chain has no known one)", async () => {
    infoOnlyService({ network: 'devnet', explorer_block_url: 'https://forger.example/block/{height}' });
    verifyText(receipt);
    await verdictBecomes('unconfirmed');
    await vi.waitFor(() => expect(screen.getByTestId('block-to-compare')).toBeTruthy());
    expect(screen.getByTestId('block-to-compare').getAttribute('href')).toBeNull();
    expect(document.body.innerHTML).not.toContain('forger.example');
    cleanup();
    setBlockExplorer('https://mine.example/b/{hash}');
    verifyText(receipt);
    await verdictBecomes('unconfirmed');
    const mine = `https://mine.example/b/${evidence.block_hash}`;
    await vi.waitFor(() => expect(screen.getByTestId('block-to-compare').getAttribute('href')).toBe(mine));
    expect(screen.getByRole('link', { name: 'on the explorer' }).getAttribute('href')).toBe(mine);
    setBlockExplorer(null);
  });

  it('is invalid, naming the memo, when the evidence carries another wallet’s key', async () => {
    noService();
    verifyText({ ...receipt, chain_evidence: { ...evidence, viewing_key: OTHER_KEY } });
    await verdictBecomes('invalid');
    expect(statusOf('check-memo')).toBe('fail');
    expect(textOf('verdict-reason')).toContain('viewing key recovers no memo');
    expect(screen.queryByTestId('block-hash-form')).toBeNull();
  });
});

describe('the service keeps the evidence', () => {
  it('is anchored on the history of the service the person uses, naming the block by its hash', async () => {
    historyService(evidence);
    verifyText(bundle);
    await verdictBecomes('anchored');
    expect(statusOf('check-block')).toBe('pass');
    expect(textOf('check-block')).toContain('the service you chose, has this anchor in block');
    expect(trusted()).toContain('the service you chose');
    expect(screen.getByTestId('recovered-memo').textContent).toBe(`ZAP1:09:${rootHex}`);
  });
});

describe('without chain evidence: a pasted raw transaction and a viewing key', () => {
  async function openPasteCheck(transaction: string, key: string) {
    historyService(null);
    verifyText(bundle);
    await verdictBecomes('anchored');
    const pasted = within(screen.getByTestId('pasted-transaction'));
    fireEvent.change(pasted.getByLabelText('Raw transaction (hex)'), { target: { value: transaction } });
    fireEvent.change(pasted.getByLabelText('Viewing key (unified full viewing key)'), {
      target: { value: key },
    });
    fireEvent.click(pasted.getByRole('button', { name: 'Check the transaction' }));
  }

  it('passes both checks for the anchor’s transaction and the wallet’s key, and says the block is not confirmed', async () => {
    // As an explorer shows it: upper case, wrapped.
    const hex = evidence.transaction.toUpperCase().replace(/(.{80})/g, '$1\n');
    await openPasteCheck(hex, WALLET_KEY);
    expect(statusOf('pasted-check-transaction')).toBe('pass');
    expect(statusOf('pasted-check-memo')).toBe('pass');
    expect(textOf('pasted-check-memo')).toContain(`ZAP1:09:${rootHex}`);
    expect(textOf('pasted-block-note')).toContain('cannot confirm the block');
    // The verdict is the history's, unchanged.
    expect(screen.getByTestId('check-anchor').getAttribute('data-status')).toBe('pass');
    expect(screen.queryByTestId('check-transaction')).toBeNull();
  });

  it('fails the memo with another wallet’s key', async () => {
    await openPasteCheck(evidence.transaction, OTHER_KEY);
    expect(statusOf('pasted-check-transaction')).toBe('pass');
    expect(statusOf('pasted-check-memo')).toBe('fail');
  });

  it('refuses a pasted key far longer than any viewing key, without reading it', async () => {
    await openPasteCheck(evidence.transaction, `uview1${'q'.repeat(20_000)}`);
    expect(statusOf('pasted-check-memo')).toBe('fail');
    expect(textOf('pasted-check-memo')).toContain('at most 10,000 characters');
  });

  it('fails the transaction when it is another one, and says when it cannot be read', async () => {
    await openPasteCheck(anchorTransaction('ab'.repeat(32)), WALLET_KEY);
    expect(statusOf('pasted-check-transaction')).toBe('fail');
    expect(textOf('pasted-check-transaction')).toContain(`not to the anchor's transaction ${evidence.txid}`);
    expect(statusOf('pasted-check-memo')).toBe('fail');
    expect(textOf('pasted-check-memo')).toContain('anchors another root');

    const pasted = within(screen.getByTestId('pasted-transaction'));
    fireEvent.change(pasted.getByLabelText('Raw transaction (hex)'), { target: { value: 'zz' } });
    fireEvent.click(pasted.getByRole('button', { name: 'Check the transaction' }));
    expect(textOf('pasted-check-transaction')).toContain('cannot be read');
  });
});
