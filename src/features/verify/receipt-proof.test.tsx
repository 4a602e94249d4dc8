// @vitest-environment jsdom
/**
 * The Verify page shows as proven only what a receipt's leaf commits to (security review, finding
 * 1): a HOSTING_PAYMENT anchored for real, then given a contract_sha256 and dropped with the file
 * that hash names, must not read as that file's proof, on the page or the printed certificate.
 */
import { createHash } from 'node:crypto';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { HEIGHT, TXID, bundleOfLeaves, contractEvent, hostingPaymentEvent } from 'zap1/testing';
import { renderWithProviders } from '../../components/test-render';
import { leafHash, makeReceipt, verifyProofBundle, type Receipt } from 'zap1';
import { VerifyPage } from './verify-page';
import { standInForWorkerInEachTest } from './verify-test-support';

const SERVICE = 'https://zap1.other.example';
const FORGED_PDF = 'the contract someone would like to have anchored\n';
const FORGED_SHA = createHash('sha256').update(FORGED_PDF).digest('hex');

/** A tree of three leaves whose middle one is `leafHex` (an event of `eventType`), anchored. */
function treeWith(leafHex: string, eventType: string) {
  const bundle = bundleOfLeaves([contractEvent(0).leafHex, leafHex, contractEvent(2).leafHex], 1, eventType);
  return { bundle, rootHex: verifyProofBundle(bundle).rootHex! };
}

/** The service the receipts name, reached with fetch: it knows `leafHex` and anchored `rootHex`. */
function fakeService(leafHex: string, rootHex: string, proof: unknown) {
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (path === `/verify/${leafHex}/proof.json`) return json(proof);
    if (path === `/verify/${leafHex}/check`) return json({ valid: true });
    if (path === '/anchor/history') {
      return json({
        anchors: [
          { root: rootHex, txid: TXID, height: HEIGHT, leaf_count: 3, created_at: '2026-11-01T00:00:00Z' },
        ],
        total: 1,
      });
    }
    if (path === '/protocol/info') return json({ protocol: 'ZAP1', version: '3.0.0', network: 'devnet' });
    return json({ error: { code: 'not_found', message: 'no' } }, 404);
  });
}

standInForWorkerInEachTest();

function hostingReceipt(event: Record<string, unknown>, file: Receipt['file']): Receipt {
  const { bundle, rootHex } = treeWith(leafHash(event), 'HOSTING_PAYMENT');
  fakeService(leafHash(event), rootHex, bundle);
  return makeReceipt({
    serviceUrl: SERVICE,
    network: 'devnet',
    event,
    leafHex: leafHash(event),
    file,
    proof: bundle,
    now: new Date(Date.UTC(2026, 10, 2)),
  });
}

/** Opens the Verify page and drops the receipt and the document together. */
async function dropOnVerifyPage(receipt: unknown, document: File): Promise<string | null> {
  renderWithProviders(
    <Routes>
      <Route path="/verify" element={<VerifyPage />} />
    </Routes>,
    '/verify',
  );
  const receiptFile = new File([JSON.stringify(receipt)], 'receipt.json', { type: 'application/json' });
  fireEvent.change(screen.getByLabelText(/Choose or drop files/), {
    target: { files: [receiptFile, document] },
  });
  // The verdict is first given without the document, then again once it is hashed.
  await screen.findByTestId('check-file');
  return screen.getByTestId('verdict').getAttribute('data-verdict');
}

const textOf = (testId: string): string => screen.getByTestId(testId).textContent ?? '';

describe('a receipt proves what its leaf commits to, and states the rest (security review 1)', () => {
  it('is invalid, naming contract_sha256, when a HOSTING_PAYMENT receipt was given one: the file is never "the anchored file"', async () => {
    const honest = hostingReceipt(hostingPaymentEvent(1).event, { name: 'forged.pdf', size: 10 });
    const forged = { ...honest, event: { ...honest.event, contract_sha256: FORGED_SHA } };
    expect(await dropOnVerifyPage(forged, new File([FORGED_PDF], 'forged.pdf'))).toBe('invalid');

    expect(textOf('verdict')).toBe('✗ Invalid');
    expect(textOf('verdict-reason')).toContain('contract_sha256');
    expect(document.body.textContent).not.toContain('is the anchored file');
    expect(screen.getByTestId('check-file').getAttribute('data-status')).not.toBe('pass');
    // Neither the page's facts nor the certificate state the forged hash or the file as proven.
    expect(textOf('anchor-facts')).not.toContain(FORGED_SHA);
    expect(textOf('certificate')).not.toContain(FORGED_SHA);
    expect(textOf('certificate')).not.toContain('forged.pdf');
    expect(textOf('certificate')).toContain('contract_sha256');
    expect(screen.queryByTestId('proven-fields')).toBeNull();
    // What the receipt holds is shown, but only as its own word.
    const stated = screen.getByTestId('receipt-statements');
    expect(within(stated).getByRole('heading').textContent).toBe('Stated by the receipt, not proven');
    expect(stated.textContent).toContain(FORGED_SHA);
  });

  it('is anchored with a file dropped beside an honest HOSTING_PAYMENT receipt, and the file is not part of the proof', async () => {
    const hosting = hostingPaymentEvent(1);
    const receipt = hostingReceipt(hosting.event, { name: 'invoice.pdf', size: 10 });
    expect(await dropOnVerifyPage(receipt, new File([FORGED_PDF], 'invoice.pdf'))).toBe('anchored');

    expect(textOf('verdict')).toBe('✓ Anchored');
    expect(screen.getByTestId('check-file').getAttribute('data-status')).toBe('unknown');
    expect(textOf('check-file')).toMatch(/^– File.*"invoice\.pdf" is not part of this proof/);
    expect(document.body.textContent).not.toContain('is the anchored file');

    // Proven: the type and what the HOSTING_PAYMENT leaf hashes, in its order (not the unhashed wallet).
    const proven = within(screen.getByTestId('proven-fields'));
    expect(proven.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Event type',
      'Serial number',
      'Month',
      'Year',
    ]);
    expect(proven.getAllByRole('definition').map((value) => value.textContent)).toEqual([
      'Hosting payment (HOSTING_PAYMENT)',
      'HOST-1',
      '11',
      '2026',
    ]);
    // Stated: the wallet (not hashed by this type), the file, the service and the time.
    const stated = within(screen.getByTestId('receipt-statements'));
    expect(stated.getByRole('heading').textContent).toBe('Stated by the receipt, not proven');
    expect(stated.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Wallet pseudonym',
      'File name',
      'File size',
      'Service',
      'Network',
      'Receipt made',
    ]);
    expect(stated.getByText('invoice.pdf')).toBeTruthy();
    expect(stated.getByText(SERVICE)).toBeTruthy();

    // The certificate prints as fact only the proven fields and the anchor, never the receipt's statements.
    const certificate = textOf('certificate');
    expect(certificate).toContain('✓ Anchored');
    expect(certificate).toContain('Serial numberHOST-1');
    expect(certificate).not.toContain('invoice.pdf');
    expect(certificate).not.toContain('wallet_1');
    expect(certificate).not.toContain('Contract SHA-256');
    // The receipt's fields proved the type: it is no longer listed as the service's claim.
    expect(document.body.textContent).not.toContain("is the service's claim");
  });

  it('shows right-to-left overrides in file names and proven fields as <U+202E>, everywhere', async () => {
    const event = { ...hostingPaymentEvent(1).event, serial_number: 'HOST-\u202E1-TSOH' };
    const receipt = hostingReceipt(event, { name: 'invoice_\u202Efdp.exe', size: 10 });
    expect(await dropOnVerifyPage(receipt, new File([FORGED_PDF], 'scan_\u202Efdp.exe'))).toBe('anchored');

    expect(document.body.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect(textOf('receipt-statements')).toContain('invoice_<U+202E>fdp.exe');
    expect(textOf('proven-fields')).toContain('HOST-<U+202E>1-TSOH');
    expect(textOf('check-file')).toContain('"scan_<U+202E>fdp.exe" is not part of this proof');
    expect(textOf('certificate')).toContain('HOST-<U+202E>1-TSOH');
  });

  it('proves the contract hash and the file of a CONTRACT_ANCHOR, and prints the file once it is checked', async () => {
    const event = { ...contractEvent(1).event, contract_sha256: FORGED_SHA };
    const { bundle, rootHex } = treeWith(leafHash(event), 'CONTRACT_ANCHOR');
    fakeService(leafHash(event), rootHex, bundle);
    const receipt = makeReceipt({
      serviceUrl: SERVICE,
      network: 'devnet',
      event,
      leafHex: leafHash(event),
      file: { name: 'lease.pdf', size: 10 },
      proof: bundle,
      now: new Date(),
    });
    expect(await dropOnVerifyPage(receipt, new File([FORGED_PDF], 'lease.pdf'))).toBe('anchored');

    expect(screen.getByTestId('check-file').getAttribute('data-status')).toBe('pass');
    expect(textOf('check-file')).toMatch(/^✓ File.*"lease\.pdf" is the anchored file/);
    const proven = textOf('proven-fields');
    expect(proven).toContain('Contract SHA-256');
    expect(proven).toContain(FORGED_SHA);
    expect(proven).toContain('File checked here');
    expect(textOf('certificate')).toContain(`Contract SHA-256${FORGED_SHA}`);
    expect(textOf('certificate')).toContain('File checked herelease.pdf');
  });
});
