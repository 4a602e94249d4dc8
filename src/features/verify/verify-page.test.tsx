// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixture, stubFetch } from '../../api/fixtures/fetch-stub';
import { renderWithProviders } from '../../components/test-render';
import { VerifyPage } from './verify-page';
import { readZap1Text } from '../../../test/vectors';

function renderAt(url: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/verify" element={<VerifyPage />} />
      <Route path="/verify/:leaf" element={<VerifyPage />} />
    </Routes>,
    url,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('VerifyPage', () => {
  it('verifies a pasted bundle and draws its path', () => {
    renderAt('/verify');
    // fireEvent: typing a whole bundle key by key is slow and proves nothing more.
    fireEvent.change(screen.getByLabelText('Or paste the bundle JSON'), {
      target: { value: readZap1Text('valid_bundle.json') },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify pasted JSON' }));
    expect(screen.getByTestId('verdict').textContent).toBe('✓ Valid proof');
    const pathText = screen.getByTestId('proof-path').textContent ?? '';
    expect(pathText).toContain('075b00df286038a7b3f6bb70054df61343e3481fba579591354a00214e9e019b');
    expect(pathText).toContain('Root named by the bundle: matches');
    expect(screen.getByText(/OWNERSHIP_ATTEST is proven/)).toBeTruthy();
  });

  it('refuses the invalid fixture with the reason in plain words', () => {
    renderAt('/verify');
    fireEvent.change(screen.getByLabelText('Or paste the bundle JSON'), {
      target: { value: readZap1Text('invalid_bundle.json') },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify pasted JSON' }));
    expect(screen.getByTestId('verdict').textContent).toBe('✗ Invalid proof');
    expect(screen.getByTestId('verdict-reason').textContent).toMatch(
      /^The proof leads to the count-bound root 94421ae2/,
    );
    expect(screen.getByText('Root named by the bundle: does not match')).toBeTruthy();
  });

  it('says where pasted text stops being JSON', async () => {
    const user = userEvent.setup();
    renderAt('/verify');
    await user.type(screen.getByLabelText('Or paste the bundle JSON'), 'not json');
    await user.click(screen.getByRole('button', { name: 'Verify pasted JSON' }));
    expect(screen.getByRole('alert').textContent).toMatch(/^This is not JSON: /);
  });

  it('fetches the bundle of the leaf in the address and checks it is for that leaf', async () => {
    const bundle = fixture('service-proof-awaiting.json');
    const leaf = 'd9bc52532b1a1d59afa8fe07438475ce2b43e8aa9c929a3813c9130aca7d3258';
    const seen = stubFetch({ status: 200, body: bundle });
    renderAt(`/verify/${leaf}`);
    expect((await screen.findByTestId('verdict')).textContent).toBe('✓ Valid proof');
    expect(seen[0]?.url).toBe(`/verify/${leaf}/proof.json`);
    expect(screen.getByText('It is the bundle of the leaf you asked for.')).toBeTruthy();
    expect(screen.getByText(/is the service's claim/)).toBeTruthy();
    expect(screen.getByText(/not anchored on chain yet/)).toBeTruthy();
  });

  it('refuses a bundle the service sent for another leaf', async () => {
    stubFetch({ status: 200, body: fixture('service-proof-awaiting.json') });
    renderAt(`/verify/${'ab'.repeat(32)}`);
    expect((await screen.findByTestId('verdict')).textContent).toBe('✗ Invalid proof');
    expect(screen.getByTestId('verdict-reason').textContent).toMatch(/not for the requested leaf/);
  });

  it('says when the service has no such leaf', async () => {
    stubFetch({ status: 404, body: fixture('service-error-not-found.json') });
    renderAt(`/verify/${'ab'.repeat(32)}`);
    expect((await screen.findByRole('alert')).textContent).toMatch(/This service has no such leaf/);
  });

  it("links the anchor txid to the explorer and shows the service's viewing key to check the chain", async () => {
    const txid = '11439e5800b73f73ee53a57e4f95cd5ad5777b18f37072fd56594e71b3b710fc';
    vi.stubGlobal('fetch', async (input: string | URL) => {
      const url = String(input);
      if (url.endsWith('/proof.json'))
        return new Response(JSON.stringify(fixture('service-proof-anchored.json')), { status: 200 });
      if (url.endsWith('/protocol/info')) {
        return new Response(
          JSON.stringify({
            protocol: 'ZAP1',
            version: '3.0.0',
            explorer_tx_url: 'https://explorer.example/tx/{txid}',
            anchor_viewing_key: 'uviewtest1xyz',
          }),
          { status: 200 },
        );
      }
      throw new TypeError('fetch failed');
    });
    renderAt('/verify/cf9a601f4ddb36b7b80ef0de09319eee927112c73d83047b0dd1a86effb85519');
    expect((await screen.findByTestId('verdict')).textContent).toBe('✓ Valid proof');
    expect((await screen.findByTestId('viewing-key')).textContent).toBe('uviewtest1xyz');
    expect(screen.getByRole('button', { name: 'Copy viewing key' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: txid });
    expect(link.getAttribute('href')).toBe(`https://explorer.example/tx/${txid}`);
  });

  it('says when the service publishes no viewing key', async () => {
    vi.stubGlobal('fetch', async (input: string | URL) => {
      const url = String(input);
      if (url.endsWith('/proof.json'))
        return new Response(JSON.stringify(fixture('service-proof-anchored.json')), { status: 200 });
      return new Response(JSON.stringify({ protocol: 'ZAP1', version: '3.0.0', anchor_viewing_key: null }), {
        status: 200,
      });
    });
    renderAt('/verify/cf9a601f4ddb36b7b80ef0de09319eee927112c73d83047b0dd1a86effb85519');
    expect(await screen.findByText(/This service publishes no viewing key/)).toBeTruthy();
  });
});
