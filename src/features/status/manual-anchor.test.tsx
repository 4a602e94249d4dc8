// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiKey } from '../../api/settings';
import { renderWithProviders } from '../../components/test-render';
import { ManualAnchor } from './manual-anchor';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ManualAnchor', () => {
  it('shows the payment URI with its hidden characters visible, and copies it as the service sent it', async () => {
    const uri = 'zcash:u1abc?amount=0.0001&memo=\u202Exyz';
    vi.stubGlobal('fetch', async () =>
      Response.json({
        root: 'ab'.repeat(32),
        leaf_count: 2,
        unanchored_leaves: 1,
        send_enabled: true,
        memo: 'ZAP1:09:' + 'ab'.repeat(32),
        to_address: 'u1abc',
        amount_zec: '0.0001',
        payment_uri: uri,
        qr_svg: null,
      }),
    );
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    setApiKey('operator-key', '');
    renderWithProviders(<ManualAnchor />);
    const shown = await screen.findByTestId('anchor-uri');
    expect(shown.textContent).toBe('zcash:u1abc?amount=0.0001&memo=<U+202E>xyz');
    fireEvent.click(screen.getByRole('button', { name: 'Copy URI' }));
    await screen.findByText('Copied.');
    expect(writeText).toHaveBeenCalledWith(uri);
  });
});
