// @vitest-environment jsdom
/**
 * What the Verify page does with files it cannot simply use: a damaged receipt is said to be one
 * (never quietly hashed as the document); a second receipt is never taken as the document, and a
 * document given for another receipt is set aside; a receipt naming a service that is not http(s)
 * is checked with no service, saying so; and what was given comes back after a link and Back.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Link, Route, Routes, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { leafHash, makeReceipt } from 'zap1';
import { HistoryBackButton, renderWithProviders } from '../../components/test-render';
import { VerifyPage } from './verify-page';
import {
  CONTRACT,
  EDITED_SHA,
  SERVICE,
  drop,
  event,
  fakeService,
  leafHex,
  receiptFile,
  receiptWith,
  renderAt,
  standInForWorkerInEachTest,
  textOf,
} from './verify-test-support';

standInForWorkerInEachTest();

const filled = (slot: 'receipt' | 'document') =>
  screen.getByTestId(`slot-${slot}`).getAttribute('data-filled');
const documentKind = () => screen.queryByTestId('document-status')?.getAttribute('data-document') ?? null;
const verdict = () => screen.queryByTestId('verdict')?.getAttribute('data-verdict') ?? null;
const jsonFile = (text: string, name: string) => new File([text], name, { type: 'application/json' });

/** A receipt for another contract (another leaf), which the service does not know. */
const otherEvent = { ...event, serial_number: 'SN-OTHER', contract_sha256: EDITED_SHA };
const otherReceipt = makeReceipt({
  serviceUrl: SERVICE,
  network: 'devnet',
  event: otherEvent,
  leafHex: leafHash(otherEvent),
  file: { name: 'other.pdf', size: 10 },
  now: new Date(Date.UTC(2026, 10, 26)),
});

describe('a dropped receipt that cannot be read', () => {
  it.each([
    ['a truncated receipt', JSON.stringify(receiptWith()).slice(0, 200), /This is not JSON: /],
    ['the receipt format and garbage', '{"format": "zap1-receipt/1", garbage', /This is not JSON: /],
  ])(
    'is said to be %s that could not be read, with the reason, and is not hashed as the document',
    async (_, text, reason) => {
      fakeService();
      renderAt();
      drop(jsonFile(text, 'final.zap1.json'));
      const damaged = await screen.findByTestId('damaged-receipt');
      expect(damaged.textContent).toMatch(
        /^final\.zap1\.json is a receipt that could not be read, so it is not used\. /,
      );
      expect(damaged.textContent).toMatch(reason);
      expect(filled('document')).toBe('no');
      expect(screen.queryByTestId('document-waiting')).toBeNull();
      // The person may still say it is the document.
      fireEvent.click(screen.getByRole('button', { name: 'Check final.zap1.json as the document instead' }));
      await waitFor(() => expect(filled('document')).toBe('yes'));
      expect(screen.queryByTestId('damaged-receipt')).toBeNull();
    },
  );

  it.each(['[1,2,3]', 'null', '{}'])(
    'says a .json holding %s was taken as the document because it is not a readable receipt',
    async (text) => {
      fakeService();
      renderAt();
      drop(jsonFile(text, 'final.json'));
      await waitFor(() => expect(filled('document')).toBe('yes'));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'final.json is not a readable receipt, so it is taken as the document to check. This JSON is neither a ZAP1 receipt ("format": "zap1-receipt/1") nor a proof bundle.',
      );
    },
  );
  it('two of the same name make a folder: each is a row invalid at the receipt check, with its reason', async () => {
    // React says so when two rows share a key: one may then stand for the other.
    const warnings = vi.spyOn(console, 'error');
    fakeService();
    renderAt();
    const damaged = (text: string) => jsonFile(`{"format": "zap1-receipt/1", ${text}`, 'final.zap1.json');
    drop(damaged('first'), damaged('second, longer'));
    const rows = await screen.findAllByTestId('batch-row');
    expect(rows.map((row) => row.getAttribute('data-verdict'))).toEqual(['invalid', 'invalid']);
    for (const row of rows) expect(row.textContent).toMatch(/receipt check: This is not JSON: /);
    expect(screen.queryByTestId('damaged-receipt')).toBeNull();
    expect(warnings.mock.calls.flat().join(' ')).not.toMatch(/same key/);
    warnings.mockRestore();
  });
});

describe('a second receipt', () => {
  it('dropped with the first makes a folder: each receipt is a row, neither judged as the other’s document', async () => {
    fakeService();
    renderAt();
    drop(receiptFile(receiptWith()), jsonFile(JSON.stringify(receiptWith()), 'final-1.json'));
    const rows = await screen.findAllByTestId('batch-row');
    expect(rows.map((row) => row.getAttribute('data-verdict'))).toEqual(['missing', 'missing']);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('no document for this receipt'),
      expect.stringContaining('no document for this receipt'),
    ]);
    expect(screen.queryByTestId('slot-document')).toBeNull();
  });

  it('dropped alone after another receipt and its document: the document is set aside, not judged against the new one', async () => {
    fakeService();
    renderAt();
    drop(receiptFile(receiptWith()), new File([CONTRACT], 'contract.pdf'));
    await waitFor(() => expect(documentKind()).toBe('matched'));
    drop(jsonFile(JSON.stringify(otherReceipt), 'other.pdf.zap1.json'));
    await waitFor(() => expect(textOf('slot-receipt')).toContain('other.pdf.zap1.json'));
    expect(textOf('drop-notes')).toBe(
      'other.pdf.zap1.json replaces contract.pdf.zap1.json as the one checked.contract.pdf was given for contract.pdf.zap1.json, so it is set aside: give the document of other.pdf.zap1.json.',
    );
    expect(filled('document')).toBe('no');
    await waitFor(() => expect(documentKind()).toBe('not-provided'));
    expect(verdict()).not.toBe('invalid');
  });

  it('dropped with an empty document: the document given before is set aside, and the empty one said to be empty', async () => {
    fakeService();
    renderAt();
    drop(receiptFile(receiptWith()), new File([CONTRACT], 'contract.pdf'));
    await waitFor(() => expect(documentKind()).toBe('matched'));
    drop(jsonFile(JSON.stringify(otherReceipt), 'other.pdf.zap1.json'), new File([], 'other.pdf'));
    await waitFor(() => expect(textOf('slot-receipt')).toContain('other.pdf.zap1.json'));
    expect(textOf('drop-notes')).toBe(
      'other.pdf.zap1.json replaces contract.pdf.zap1.json as the one checked.contract.pdf was given for contract.pdf.zap1.json, so it is set aside: give the document of other.pdf.zap1.json.',
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'other.pdf is empty (0 bytes): there is nothing to check.',
    );
    expect(filled('document')).toBe('no');
    await waitFor(() => expect(documentKind()).toBe('not-provided'));
    expect(verdict()).not.toBe('invalid');
  });

  it('of the same leaf keeps the document, which is still its document', async () => {
    fakeService();
    renderAt();
    drop(receiptFile(receiptWith(null)), new File([CONTRACT], 'contract.pdf'));
    await waitFor(() => expect(documentKind()).toBe('matched'));
    drop(jsonFile(JSON.stringify(receiptWith()), 'final.json'));
    await waitFor(() => expect(textOf('slot-receipt')).toContain('final.json'));
    expect(textOf('drop-notes')).toBe('final.json replaces contract.pdf.zap1.json as the one checked.');
    await waitFor(() => expect(documentKind()).toBe('matched'));
    expect(verdict()).toBe('anchored');
  });
});

describe('a receipt made before its anchor, when the service gives no proof', () => {
  it('is pending with no proof to check, not told that its proof holds', async () => {
    // The service knows the leaf, but what it serves as the proof is not one.
    fakeService({ proof: { protocol: 'ZAP1' } });
    renderAt();
    drop(receiptFile(receiptWith(null)));
    await waitFor(() => expect(verdict()).toBe('pending'));
    expect(textOf('verdict-next')).toBe(
      `There is no proof to check yet: the receipt holds none, and ${SERVICE} gave none. Check again later, and keep the completed receipt once its leaf is anchored.`,
    );
    expect(screen.getByRole('button', { name: 'Check again' })).toBeTruthy();
  });
});

describe('a receipt naming a service that is not http(s)', () => {
  it('is checked with no service, saying the receipt names no usable service, and nothing is fetched from it', async () => {
    fakeService();
    // Every request is recorded on its way to the stand-in service.
    const fetched = vi.fn(globalThis.fetch);
    vi.stubGlobal('fetch', fetched);
    const hostile = { ...receiptWith(), service: { url: 'javascript:alert(1)', network: 'devnet' } };
    renderAt();
    drop(receiptFile(hostile), new File([CONTRACT], 'contract.pdf'));
    await waitFor(() => expect(verdict()).toBe('unconfirmed'));
    const noService =
      'the receipt names no usable service: its service URL "javascript:alert(1)" is not an http(s) address';
    expect(textOf('verifying')).toBe(
      `Verifying the file contract.pdf.zap1.json with no service: ${noService}. Only what this browser can check without one is checked.`,
    );
    expect(textOf('verdict-reason')).toContain(noService);
    // What to do next: no service is there to try again with, and nothing offers to.
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
    expect(textOf('verdict-next')).toBe(
      'The proof holds, but the receipt names no service that could confirm the anchor it claims. Check the transaction on chain yourself, or ask its issuer for a receipt that names their service.',
    );
    expect(document.body.textContent).not.toContain('against javascript:');
    // What needs no service still holds: the event and the document.
    expect(screen.getByTestId('check-event').getAttribute('data-status')).toBe('pass');
    expect(documentKind()).toBe('matched');
    expect(
      fetched.mock.calls.map(([url]) => String(url)).filter((url) => /\/(verify|anchor)\//.test(url)),
    ).toEqual([]);
  });
});

describe('the inputs, after a link and Back', () => {
  function renderWithBack() {
    function Elsewhere() {
      return (
        <>
          <HistoryBackButton label="Back" />
          <Link to="/verify">Verify, afresh</Link>
        </>
      );
    }
    function BrowserButtons() {
      const navigate = useNavigate();
      return (
        <>
          <HistoryBackButton />
          <button type="button" onClick={() => void navigate(1)}>
            Browser forward
          </button>
        </>
      );
    }
    return renderWithProviders(
      <>
        <Routes>
          <Route path="/verify" element={<VerifyPage />} />
          <Route path="*" element={<Elsewhere />} />
        </Routes>
        <BrowserButtons />
      </>,
      '/verify',
    );
  }

  /** Drops the receipt and its document, then leaves by a link and comes Back. */
  async function dropLeaveAndComeBack() {
    drop(receiptFile(receiptWith()), new File([CONTRACT], 'contract.pdf'));
    await waitFor(() => expect(documentKind()).toBe('matched'));
    fireEvent.click(screen.getByRole('link', { name: 'Check whether a leaf is anchored' }));
    await screen.findByRole('button', { name: 'Back' });
  }

  it('come back with the verdict: the receipt, and the document by its name and SHA-256, said to be hashed earlier and not read again', async () => {
    fakeService();
    renderWithBack();
    await dropLeaveAndComeBack();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(verdict()).toBe('anchored'));
    expect(filled('receipt')).toBe('yes');
    expect(textOf('slot-receipt')).toContain('contract.pdf.zap1.json');
    expect(filled('document')).toBe('yes');
    expect(textOf('slot-document')).toContain('contract.pdf, hashed earlier in this tab');
    // Its digest was kept, the file not read again: the verdict and the certificate say so, never "hashed here".
    expect(documentKind()).toBe('matched');
    expect(textOf('document-status')).toBe(
      'Document: ✓ matched: contract.pdf was hashed earlier in this tab (not read again), and its SHA-256 is the contract hash the leaf commits to. Drop contract.pdf again to check the file itself.',
    );
    expect(textOf('verdict-headline')).toMatch(
      /^contract\.pdf, hashed earlier in this tab \(not read again\), existed by /,
    );
    expect(textOf('certificate')).toContain(
      'Documentmatched: contract.pdf was hashed earlier in this tab (not read again), and its SHA-256',
    );
    expect(textOf('proven-fields')).toContain('File hashed earlier in this tab (not read again)contract.pdf');
    expect(document.body.textContent).not.toMatch(/was hashed here|File checked here/);
    // A new visit (not Back), or the page opened afresh in the same tab, is a new check: it starts empty.
    fireEvent.click(screen.getByRole('link', { name: 'Check whether a leaf is anchored' }));
    fireEvent.click(await screen.findByRole('link', { name: 'Verify, afresh' }));
    await waitFor(() => expect(filled('receipt')).toBe('no'));
    expect(filled('document')).toBe('no');
    cleanup();
    renderWithBack();
    expect(filled('receipt')).toBe('no');
    expect(filled('document')).toBe('no');
  });

  it('do not match a kept document whose size is not the one the receipt names', async () => {
    fakeService();
    renderWithBack();
    await dropLeaveAndComeBack();
    // What the tab kept is anyone's to edit: here the document's size.
    const kept = JSON.parse(sessionStorage.getItem('zap1.verifyDraft')!) as [
      string,
      { document: { size: number } },
    ][];
    for (const [, draft] of kept) draft.document.size = 5;
    sessionStorage.setItem('zap1.verifyDraft', JSON.stringify(kept));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(verdict()).toBe('anchored'));
    expect(documentKind()).toBe('not-provided');
    expect(filled('document')).toBe('no');
    expect(textOf('kept-document-aside')).toBe(
      `contract.pdf was hashed earlier in this tab (not read again) as 5 bytes, but the receipt names a file of ${CONTRACT.length} bytes, so it is not checked against the receipt: drop contract.pdf again to check it.`,
    );
  });

  it('say so at once when the browser keeps nothing for the tab, and the check goes on', async () => {
    fakeService();
    // Storage full, or turned off for the site: every write is refused.
    const refused = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      renderWithBack();
      expect(screen.queryByTestId('inputs-not-kept')).toBeNull();
      drop(receiptFile(receiptWith()), new File([CONTRACT], 'contract.pdf'));
      await waitFor(() => expect(documentKind()).toBe('matched'));
      expect(verdict()).toBe('anchored');
      expect(textOf('inputs-not-kept')).toBe(
        'This browser did not keep this check for the tab (its storage is turned off or full), so Back will not bring it back.',
      );
    } finally {
      refused.mockRestore();
    }
  });

  it('come back after a leaf looked up on the page itself, and Back and Forward keep each entry its own', async () => {
    fakeService();
    renderWithBack();
    drop(receiptFile(receiptWith()), new File([CONTRACT], 'contract.pdf'));
    await waitFor(() => expect(documentKind()).toBe('matched'));
    fireEvent.change(screen.getByLabelText('Leaf hash'), { target: { value: leafHex } });
    fireEvent.click(screen.getByRole('button', { name: 'Fetch and verify' }));
    await waitFor(() => expect(filled('receipt')).toBe('no'));
    await waitFor(() => expect(verdict()).toBe('anchored'));
    for (let round = 0; round < 2; round++) {
      fireEvent.click(screen.getByRole('button', { name: 'Browser back' }));
      await waitFor(() => expect(documentKind()).toBe('matched'));
      expect(textOf('slot-receipt')).toContain('contract.pdf.zap1.json');
      expect(textOf('slot-document')).toContain('contract.pdf, hashed earlier in this tab');
      fireEvent.click(screen.getByRole('button', { name: 'Browser forward' }));
      await waitFor(() => expect(filled('receipt')).toBe('no'));
      expect(filled('document')).toBe('no');
      expect((screen.getByLabelText('Leaf hash') as HTMLInputElement).value).toBe(leafHex);
    }
  });
});
