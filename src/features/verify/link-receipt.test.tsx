// @vitest-environment jsdom
/**
 * The receipt a shared link carries in its fragment (`#receipt=`) is read whenever the fragment
 * changes within the app, not only on the first visit; and once set aside ("Back to the leaf in the
 * link", "Clear", another receipt dropped) it can be taken up again without reloading the page.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../components/test-render';
import { encodeReceiptFragment } from './claim';
import { VerifyPage } from './verify-page';
import {
  SERVICE,
  fakeService,
  leafHex,
  receiptWith,
  textOf,
  standInForWorkerInEachTest,
} from './verify-test-support';

standInForWorkerInEachTest();

const LEAF_LINK = `/verify?leaf=${leafHex}&service=${encodeURIComponent(SERVICE)}`;
const RECEIPT_LINK = `${LEAF_LINK}#${encodeReceiptFragment(receiptWith())}`;

/** The Verify page, and a way to follow another link within the app (as a click on a link would). */
function renderWithLinks(url: string) {
  function Follow({ to, label }: { to: string; label: string }) {
    const navigate = useNavigate();
    return (
      <button type="button" onClick={() => navigate(to)}>
        {label}
      </button>
    );
  }
  return renderWithProviders(
    <Routes>
      <Route
        path="/verify"
        element={
          <>
            <VerifyPage />
            <Follow to={RECEIPT_LINK} label="follow the link with the receipt" />
            <Follow to={LEAF_LINK} label="follow the link with the leaf only" />
          </>
        }
      />
    </Routes>,
    url,
  );
}

const receiptSlot = () => screen.getByTestId('slot-receipt').getAttribute('data-filled');
const documentKind = () => screen.queryByTestId('document-status')?.getAttribute('data-document') ?? null;

describe("a shared link's receipt", () => {
  it('is read when the fragment changes within the app, and let go when the next link carries none', async () => {
    fakeService();
    renderWithLinks(LEAF_LINK);
    await waitFor(() => expect(screen.getByTestId('verdict').getAttribute('data-verdict')).toBe('anchored'));
    expect(receiptSlot()).toBe('no');
    expect(documentKind()).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'follow the link with the receipt' }));
    await waitFor(() => expect(receiptSlot()).toBe('yes'));
    expect(textOf('slot-receipt')).toContain('from the shared link');
    // The receipt names its document, so the page now asks for it.
    await waitFor(() => expect(documentKind()).toBe('not-provided'));

    fireEvent.click(screen.getByRole('button', { name: 'follow the link with the leaf only' }));
    await waitFor(() => expect(receiptSlot()).toBe('no'));
  });

  it('comes back after "Back to the leaf in the link", without a reload', async () => {
    fakeService();
    renderWithLinks(RECEIPT_LINK);
    expect(receiptSlot()).toBe('yes');
    expect(screen.queryByRole('button', { name: 'Use the receipt in the link' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Back to the leaf in the link' }));
    expect(receiptSlot()).toBe('no');
    fireEvent.click(screen.getByRole('button', { name: 'Use the receipt in the link' }));
    expect(receiptSlot()).toBe('yes');
    expect(textOf('slot-receipt')).toContain('from the shared link');
    await waitFor(() => expect(documentKind()).toBe('not-provided'));
    expect(screen.queryByRole('button', { name: 'Use the receipt in the link' })).toBeNull();
  });
});
