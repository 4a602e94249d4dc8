// @vitest-environment jsdom
/**
 * What the Verify page says of a document is no more than was proven: a receipt whose event failed
 * its check proves no contract hash, so a file matching it is not "matched"; a bare proof bundle names
 * no document, so a file given with it is not a "mismatch"; and a matched document of a leaf not yet
 * anchored is not called "the anchored document".
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CONTRACT,
  EDITED,
  EDITED_SHA,
  bundle,
  drop,
  fakeService,
  receiptFile,
  receiptWith,
  renderAt,
  textOf,
  standInForWorkerInEachTest,
} from './verify-test-support';

standInForWorkerInEachTest();

const documentKind = () => screen.getByTestId('document-status').getAttribute('data-document');

describe('a forged receipt (its contract hash edited to match another file)', () => {
  it('never shows the file as matched: the hash it names is not proven by the leaf', async () => {
    fakeService();
    renderAt();
    const real = receiptWith();
    const forged = { ...real, event: { ...real.event, contract_sha256: EDITED_SHA } };
    drop(receiptFile(forged), new File([EDITED], 'forged.pdf'));
    await waitFor(() => expect(documentKind()).toBe('unchecked'));
    expect(screen.getByTestId('verdict').getAttribute('data-verdict')).toBe('invalid');
    expect(textOf('document-status')).not.toContain('✓');
    expect(textOf('document-status')).toContain(
      "Document: not checked: forged.pdf was hashed here, but the receipt's event failed its check",
    );
    // The file line of "What was checked" carries no ✓ either.
    expect(screen.getByTestId('check-file').getAttribute('data-status')).toBe('unknown');
    expect(textOf('check-file')).not.toContain('is the anchored file');
    expect(textOf('certificate')).toContain("Documentnot checked: the receipt's event failed its check");
    expect(textOf('certificate')).not.toContain('forged.pdf');
  });
});

describe('a bare proof bundle with a file', () => {
  it('says the file was compared with nothing, not that it is not the anchored document', async () => {
    fakeService();
    renderAt();
    drop(
      new File([JSON.stringify(bundle)], 'proof.json', { type: 'application/json' }),
      new File([CONTRACT], 'contract.pdf'),
    );
    await waitFor(() => expect(documentKind()).toBe('unchecked'));
    // The bundle itself holds: a file it cannot speak of makes it no less anchored.
    expect(screen.getByTestId('verdict').getAttribute('data-verdict')).toBe('anchored');
    expect(textOf('document-status')).toContain('a bare proof bundle names no document to compare it with');
    expect(textOf('document-status')).not.toContain('mismatch');
    expect(textOf('verdict-headline')).toMatch(/^The leaf existed by /);
    expect(screen.queryByTestId('expected-actual')).toBeNull();
    const certificate = textOf('certificate');
    expect(certificate).not.toContain('mismatch');
    expect(certificate).not.toContain('is not the anchored document');
    expect(certificate).toContain('Documentnot checked: a bare proof bundle names no document');
  });
});

describe('a matched document of a leaf not anchored yet', () => {
  it('is the document the leaf commits to on the certificate, not "the anchored document"', async () => {
    // The service has the leaf in a root it has not anchored yet.
    fakeService({ proof: { ...bundle, anchor: { txid: null, height: null } }, history: [] });
    renderAt();
    drop(receiptFile(receiptWith(null)), new File([CONTRACT], 'contract.pdf'));
    await waitFor(() => expect(documentKind()).toBe('matched'));
    expect(screen.getByTestId('verdict').getAttribute('data-verdict')).toBe('pending');
    const certificate = textOf('certificate');
    expect(certificate).toContain(
      'Documentmatched: contract.pdf was hashed here, and its SHA-256 is the contract hash the leaf commits to',
    );
    expect(certificate).not.toContain('anchored document');
  });
});
