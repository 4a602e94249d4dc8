// @vitest-environment jsdom
/**
 * The auditor's Verify page (issue 29, items 1 to 5): the document has a status of its own
 * (matched, not provided, mismatch) and the network is named; the headline is the date the
 * document existed by; one drop zone with two slots leads; a mismatch reads as expected/actual
 * rows; an edited anchor says whether the service holds a valid proof; and a shared link carries
 * the document's SHA-256 and the receipt, and asks for the document.
 */
import { base64urlnopad } from '@scure/base';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HEIGHT, TXID } from 'zap1/testing';
import { formatDateTime } from '../../components/time-format';
import { linkReceipt, readLinkClaim } from './link-claim';
import { diffRuns, differences } from './expected-actual';
import { documentStatus, verdictHeadline } from './document-status';
import {
  BLOCK_TIME,
  CONTRACT,
  CONTRACT_SHA,
  EDITED,
  EDITED_SHA,
  SERVICE,
  bundle,
  drop,
  event,
  fakeService,
  leafHex,
  receiptFile,
  receiptWith,
  renderAt,
  textOf,
  standInForWorkerInEachTest,
} from './verify-test-support';

standInForWorkerInEachTest();

describe('item 1: the document has a status of its own, and the network is named', () => {
  it('a receipt alone: the document is "not provided", and the page offers to check contract.pdf', async () => {
    fakeService();
    renderAt();
    drop(receiptFile(receiptWith()));
    await waitFor(() => expect(screen.getByTestId('verdict').getAttribute('data-verdict')).toBe('anchored'));
    const status = await screen.findByTestId('document-status');
    expect(status.getAttribute('data-document')).toBe('not-provided');
    expect(status.textContent).toContain('not provided: only the receipt was checked');
    // The headline claims only the leaf, never the document.
    expect(textOf('verdict-headline')).toMatch(/^The leaf existed by /);
    expect(textOf('verdict-headline')).not.toContain('contract.pdf');
    expect(screen.getByRole('button', { name: 'Drop contract.pdf to check it' })).toBeTruthy();
    expect(screen.getByTestId('verdict-network').getAttribute('data-network')).toBe('devnet');
    const certificate = textOf('certificate');
    expect(certificate).toContain('Documentnot provided: only the receipt was checked, not the document');
    expect(certificate).toContain('Networkdevnet');
  });

  it('the button offering the document opens the drop zone’s file chooser', async () => {
    fakeService();
    renderAt();
    drop(receiptFile(receiptWith()));
    const input = screen.getByLabelText(/Choose or drop files/) as HTMLInputElement;
    const click = vi.spyOn(input, 'click').mockImplementation(() => {});
    fireEvent.click(await screen.findByRole('button', { name: 'Drop contract.pdf to check it' }));
    expect(click).toHaveBeenCalled();
  });

  it('takes the document dropped on the verdict, where it is asked for', async () => {
    fakeService();
    renderAt();
    drop(receiptFile(receiptWith()));
    const line = await screen.findByTestId('document-status');
    fireEvent.drop(line, { dataTransfer: { files: [new File([CONTRACT], 'contract.pdf')] } });
    await waitFor(() =>
      expect(screen.getByTestId('document-status').getAttribute('data-document')).toBe('matched'),
    );
  });

  it('refuses a fragment far too large to be a receipt, without decoding it', async () => {
    const { readReceiptFragment } = await import('./claim');
    expect(readReceiptFragment(`#receipt=${'A'.repeat(8 * 1024 * 1024)}`)).toEqual({
      ok: false,
      message: 'The receipt in this link is too large to be a receipt, so it is not used.',
    });
    expect(readReceiptFragment('#other=1')).toBeNull();
  });

  it('a receipt with its document: matched (hashed here), on the page and the certificate', async () => {
    fakeService();
    renderAt();
    drop(receiptFile(receiptWith()), new File([CONTRACT], 'contract.pdf'));
    await waitFor(() =>
      expect(screen.getByTestId('document-status').getAttribute('data-document')).toBe('matched'),
    );
    expect(textOf('document-status')).toContain('✓ matched: contract.pdf was hashed here');
    expect(textOf('certificate')).toContain('Documentmatched: contract.pdf was hashed here');
    expect(screen.queryByRole('button', { name: /to check it$/ })).toBeNull();
  });

  it('a bundle or a leaf alone has no document line', async () => {
    fakeService();
    renderAt(`/verify?leaf=${leafHex}&service=${encodeURIComponent(SERVICE)}`);
    await waitFor(() => expect(screen.getByTestId('verdict').getAttribute('data-verdict')).toBe('anchored'));
    expect(screen.queryByTestId('document-status')).toBeNull();
    expect(textOf('certificate')).not.toContain('Document');
  });
});

describe('item 2: the headline is the date the document existed by', () => {
  it('reads "contract.pdf existed by <date, UTC> (block 4,000,123)", and the certificate prints UTC', async () => {
    fakeService();
    renderAt();
    drop(receiptFile(receiptWith()), new File([CONTRACT], 'contract.pdf'));
    const date = formatDateTime(new Date(BLOCK_TIME * 1000));
    await waitFor(() =>
      expect(textOf('verdict-headline')).toBe(`contract.pdf existed by ${date} (block 4,000,123)`),
    );
    expect(date).toMatch(/UTC$/);
    expect(textOf('certificate')).toContain('Block time2026-11-26 05:57:39 UTC');
    expect(textOf('certificate')).toContain(`✓ Anchored: contract.pdf existed by ${date}`);
    expect(textOf('block-time')).toMatch(new RegExp(`^${date.replace(/[()]/g, '.')}`));
  });

  it('formats the headline in the reader’s locale', () => {
    const document = documentStatus({
      receipt: receiptWith(),
      checks: [
        { name: 'event', status: 'pass', detail: '' },
        { name: 'file', status: 'pass', detail: '' },
      ],
      file: { name: 'contract.pdf', sha256Hex: CONTRACT_SHA },
    });
    expect(
      verdictHeadline({
        verdict: 'anchored',
        document,
        height: 4_000_022,
        blockTime: BLOCK_TIME,
        locale: 'en-GB',
      }),
    ).toBe('contract.pdf existed by 26 Nov 2026, 05:57:39 UTC (block 4,000,022)');
    expect(verdictHeadline({ verdict: 'pending', document, height: null, blockTime: null })).toBeNull();
  });
});

describe('item 3: one drop zone with two slots', () => {
  it('shows receipt — and document — at first, then fills each slot as its file arrives', async () => {
    fakeService();
    renderAt();
    expect(screen.getByTestId('slot-receipt').getAttribute('data-filled')).toBe('no');
    expect(screen.getByTestId('slot-document').getAttribute('data-filled')).toBe('no');
    drop(receiptFile(receiptWith()));
    await waitFor(() => expect(screen.getByTestId('slot-receipt').getAttribute('data-filled')).toBe('yes'));
    expect(textOf('slot-receipt')).toContain('contract.pdf.zap1.json');
    // The slot asks for the document by the name the receipt states.
    expect(textOf('slot-document')).toContain(
      'drop contract.pdf to compare it (hashed here, never uploaded)',
    );
    expect(screen.getByTestId('slot-document').getAttribute('data-filled')).toBe('no');
    drop(new File([CONTRACT], 'contract.pdf'));
    await waitFor(() => expect(screen.getByTestId('slot-document').getAttribute('data-filled')).toBe('yes'));
  });

  it('recognises a dropped receipt and document by content, in either order, with drag and drop', async () => {
    fakeService();
    renderAt();
    const zone = screen.getByTestId('bundle-drop');
    fireEvent.drop(zone, {
      dataTransfer: { files: [new File([CONTRACT], 'contract.pdf'), receiptFile(receiptWith())] },
    });
    await waitFor(() =>
      expect(screen.getByTestId('document-status').getAttribute('data-document')).toBe('matched'),
    );
    expect(screen.getByTestId('slot-receipt').getAttribute('data-filled')).toBe('yes');
  });

  it('shows the leaf field beside the drop zone, and keeps pasted JSON under "Other ways", closed at first', () => {
    fakeService();
    renderAt();
    const details = screen.getByText('Other ways: paste a receipt or bundle').closest('details')!;
    expect(details.open).toBe(false);
    expect(within(details).getByLabelText('Or paste the receipt or bundle JSON')).toBeTruthy();
    // The leaf field needs no section opened: auditors paste a leaf as often as they drop a receipt.
    expect(screen.getByLabelText('Leaf hash').closest('details')).toBeNull();
  });
});

describe('item 4: a mismatch reads as expected and actual', () => {
  it('marks the differing characters, counts them, and pairs no file name with the receipt’s hash', async () => {
    fakeService();
    renderAt();
    drop(receiptFile(receiptWith()), new File([EDITED], 'contract-edited.pdf'));
    await waitFor(() => expect(screen.getByTestId('verdict').getAttribute('data-verdict')).toBe('invalid'));
    // A wrong document is not a forgery: the receipt may be fine, and the page says so.
    expect(textOf('verdict')).toBe('✗ This document does not match the receipt');
    expect(textOf('verdict-next')).toContain('The receipt itself may be fine');
    expect(screen.queryByTestId('verdict-headline')).toBeNull();
    expect(screen.getByTestId('document-status').getAttribute('data-document')).toBe('mismatch');
    expect(screen.getByTestId('expected-hash').getAttribute('data-hash')).toBe(CONTRACT_SHA);
    expect(screen.getByTestId('actual-hash').getAttribute('data-hash')).toBe(EDITED_SHA);
    const marked = screen.getByTestId('actual-row').querySelectorAll('mark');
    const markedChars = [...marked].map((mark) => mark.textContent).join('').length;
    const { count, first } = differences(CONTRACT_SHA, EDITED_SHA);
    expect(markedChars).toBe(count);
    expect(textOf('difference-count')).toBe(
      `${count} of 64 characters differ (marked, underlined and bold), the first at position ${first}.`,
    );
    // The check line names the file but no longer writes both hashes in one sentence.
    expect(textOf('check-file')).not.toContain(CONTRACT_SHA);
    expect(textOf('check-file')).not.toContain(EDITED_SHA);
    // No row anywhere pairs the bad file's name with the receipt's hash.
    for (const row of screen.getAllByRole('definition')) {
      const term = row.previousElementSibling?.textContent ?? '';
      if (row.textContent?.includes(CONTRACT_SHA)) expect(term).not.toContain('contract-edited.pdf');
    }
    // On paper the file is named with its hash beside the expected one: what was compared.
    expect(textOf('certificate')).toContain(
      `does not match: contract-edited.pdf (hashed here, SHA-256 ${EDITED_SHA}) is not the expected document (SHA-256 ${CONTRACT_SHA})`,
    );
  });

  it('splits a hash into runs of equal and differing characters', () => {
    expect(diffRuns('abcd', 'abXd')).toEqual([
      { text: 'ab', differs: false },
      { text: 'c', differs: true },
      { text: 'd', differs: false },
    ]);
    expect(differences('abcd', 'abcd')).toEqual({ count: 0, first: null });
  });

  it('an edited anchor, with the service holding a valid proof of the leaf: "Receipt altered"', async () => {
    fakeService();
    renderAt();
    const edited = {
      ...receiptWith(),
      proof: { ...bundle, anchor: { txid: 'e'.repeat(64), height: HEIGHT } },
    };
    drop(receiptFile(edited));
    const note = await screen.findByTestId('service-proof');
    expect(screen.getByTestId('verdict').getAttribute('data-verdict')).toBe('invalid');
    expect(note.getAttribute('data-service-proof')).toBe('anchored');
    expect(note.textContent).toMatch(
      /^Receipt altered: .* holds a valid proof of this same leaf, anchored in transaction 7{64} at block 4,000,123/,
    );
  });

  it('an anchor claimed where the service has none for the leaf: "Never anchored"', async () => {
    // The claimed transaction anchors another root; the service does not know the leaf.
    fakeService({
      knows: false,
      history: [{ root: 'a'.repeat(64), txid: 'e'.repeat(64), height: HEIGHT, leaf_count: 3 }],
    });
    renderAt();
    drop(
      receiptFile({
        ...receiptWith(),
        proof: { ...bundle, anchor: { txid: 'e'.repeat(64), height: HEIGHT } },
      }),
    );
    const note = await screen.findByTestId('service-proof');
    expect(note.getAttribute('data-service-proof')).toBe('none');
    expect(note.textContent).toMatch(/^Never anchored: .* holds no valid proof of this leaf/);
  });
});

describe('item 5: the shared link keeps the document in the loop', () => {
  it('carries, in under 1,000 characters, the document’s SHA-256 and name, the anchor, and the event (in the fragment)', async () => {
    fakeService();
    renderAt();
    const receipt = receiptWith();
    drop(receiptFile(receipt), new File([CONTRACT], 'contract.pdf'));
    await waitFor(() =>
      expect(screen.getByTestId('document-status').getAttribute('data-document')).toBe('matched'),
    );
    const link = new URL(screen.getByTestId('verify-link').getAttribute('data-link')!);
    expect(link.pathname).toBe('/app/verify');
    expect(link.searchParams.get('leaf')).toBe(leafHex);
    expect(link.searchParams.get('sha256')).toBe(CONTRACT_SHA);
    expect(link.searchParams.get('name')).toBe('contract.pdf');
    expect(link.searchParams.get('tx')).toBe(TXID);
    expect(link.href.length).toBeLessThan(1000);
    // The fragment's event hashes to the leaf: the opening browser recomputes it, and fetches the proof.
    const claim = readLinkClaim(link.searchParams, link.hash);
    const reading = claim && linkReceipt(claim, SERVICE);
    expect(reading?.ok && reading.claim.kind === 'receipt' && reading.claim.receipt.leaf_hash).toBe(leafHex);
    // The wallet pseudonym, which this leaf does not hash, is not shared.
    expect(link.hash).not.toContain(
      base64urlnopad.encode(
        new TextEncoder().encode(String((event as Record<string, unknown>)['wallet_hash'])),
      ),
    );
    expect(textOf('share-explained')).toContain(
      'asked to drop contract.pdf to confirm it is the same document',
    );
  });

  it('opens a short link as its receipt, fetches the proof, asks for the document and checks it', async () => {
    fakeService();
    renderAt();
    drop(receiptFile(receiptWith()), new File([CONTRACT], 'contract.pdf'));
    await waitFor(() => expect(screen.getByTestId('verify-link')).toBeTruthy());
    const link = new URL(screen.getByTestId('verify-link').getAttribute('data-link')!);
    cleanup();
    sessionStorage.clear();
    renderAt(`${link.pathname.replace('/app', '')}${link.search}${link.hash}`);
    expect(textOf('shared-link-notice')).toContain(
      'Drop contract.pdf below to confirm it is the same document',
    );
    await waitFor(() => expect(screen.getByTestId('verdict').getAttribute('data-verdict')).toBe('anchored'));
    drop(new File([CONTRACT], 'contract.pdf'));
    await waitFor(() =>
      expect(screen.getByTestId('document-status').getAttribute('data-document')).toBe('matched'),
    );
  });

  it('opens an older link with the receipt in it, asks for the document, and checks it', async () => {
    fakeService();
    const receipt = receiptWith();
    const { encodeReceiptFragment } = await import('./claim');
    renderAt(
      `/verify?leaf=${leafHex}&sha256=${CONTRACT_SHA}&service=${encodeURIComponent(SERVICE)}#${encodeReceiptFragment(receipt)}`,
    );
    expect(textOf('shared-link-notice')).toContain(
      'Drop contract.pdf below to confirm it is the same document',
    );
    expect(textOf('slot-receipt')).toContain('from the shared link');
    await waitFor(() =>
      expect(screen.getByTestId('document-status').getAttribute('data-document')).toBe('not-provided'),
    );
    drop(new File([CONTRACT], 'contract.pdf'));
    await waitFor(() =>
      expect(screen.getByTestId('document-status').getAttribute('data-document')).toBe('matched'),
    );
    expect(screen.queryByTestId('shared-link-notice')).toBeNull();
  });

  it('with only the SHA-256 in the link (from the QR code), compares the document with it', async () => {
    fakeService();
    renderAt(`/verify?leaf=${leafHex}&sha256=${CONTRACT_SHA}&service=${encodeURIComponent(SERVICE)}`);
    await waitFor(() =>
      expect(screen.getByTestId('document-status').getAttribute('data-document')).toBe('not-provided'),
    );
    drop(new File([EDITED], 'contract.pdf'));
    await waitFor(() =>
      expect(screen.getByTestId('document-status').getAttribute('data-document')).toBe('mismatch'),
    );
    expect(screen.getByTestId('expected-hash').getAttribute('data-hash')).toBe(CONTRACT_SHA);
    drop(new File([CONTRACT], 'contract.pdf'));
    await waitFor(() =>
      expect(screen.getByTestId('document-status').getAttribute('data-document')).toBe('matched'),
    );
    expect(textOf('document-status')).toContain('Only the receipt (with its serial number) proves');
  });

  it('refuses a receipt in the fragment that is for another leaf', () => {
    fakeService();
    const other = { ...receiptWith(), leaf_hash: 'b'.repeat(64) };
    const fragment = `receipt=${Buffer.from(JSON.stringify(other)).toString('base64url')}`;
    renderAt(`/verify?leaf=${leafHex}#${fragment}`);
    expect(screen.getByText(/The receipt in this link is for another leaf/)).toBeTruthy();
    expect(screen.getByTestId('slot-receipt').getAttribute('data-filled')).toBe('no');
  });
});

describe('a development chain is named as one (design review 11)', () => {
  it('says so beside the network, and on the printed certificate', async () => {
    fakeService();
    renderAt();
    drop(receiptFile(receiptWith()), new File([CONTRACT], 'contract.pdf'));
    await waitFor(() => expect(screen.getByTestId('verdict').getAttribute('data-verdict')).toBe('anchored'));
    expect(textOf('network-meaning')).toContain('development chain: not a public blockchain');
    expect(textOf('certificate-devnet')).toContain('development chain: not a public blockchain');
  });
});
