// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixture } from '../../api/fixtures/fetch-stub';
import { leafHash } from 'zap1';
import { renderWithProviders } from '../../components/test-render';
import { SearchPage } from './search-page';

const LEAF = 'cf9a601f4ddb36b7b80ef0de09319eee927112c73d83047b0dd1a86effb85519';

function renderAt(url: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/search" element={<SearchPage />} />
      <Route path="/leaf/:leaf" element={<p>leaf page</p>} />
      <Route path="/verify" element={<p>verify page</p>} />
    </Routes>,
    url,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SearchPage', () => {
  it('runs the search in the address and goes to the one match', async () => {
    const seen: string[] = [];
    vi.stubGlobal('fetch', async (input: string | URL) => {
      const url = String(input);
      seen.push(url);
      if (url.endsWith('/check'))
        return new Response(JSON.stringify(fixture('service-verify-check-anchored.json')), { status: 200 });
      if (url.includes('/anchor/history'))
        return new Response(JSON.stringify({ anchors: [] }), { status: 200 });
      return new Response(JSON.stringify({ error: { code: 'not_found', message: 'no such wallet' } }), {
        status: 404,
      });
    });
    renderAt(`/search?q=${LEAF.toUpperCase()}`);
    expect(await screen.findByText('leaf page')).toBeTruthy();
    expect(seen.some((u) => u.endsWith(`/verify/${LEAF}/check`))).toBe(true);
  });

  it('fills the box from the address and tells a serial number from a wallet without asking the service', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    renderAt('/search?q=has%20space');
    expect((screen.getByLabelText(/Search by leaf hash/) as HTMLInputElement).value).toBe('has space');
    expect(await screen.findByText(/“has space” looks like a serial number/)).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('says a file name is not something the service knows, and offers to hash the file instead', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    renderAt('/search?q=contract.pdf');
    expect(
      await screen.findByText(
        /^“contract\.pdf” looks like a file’s name\. The service never sees file names/,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/No events are recorded for wallet/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Hash the file to find it' })).toBeTruthy();
    expect(screen.getByLabelText('The file')).toBeTruthy();
    expect(screen.getByTestId('leaf-from-file-source').textContent).toBe('None yet: choose the file below.');
    expect(
      screen.getByRole('link', { name: 'drop the file and its receipt on the Verify page' }),
    ).toBeTruthy();
    // Nothing to look up before the file is chosen: the page says so, and asks the service nothing.
    fireEvent.change(screen.getByLabelText('Serial number'), { target: { value: 'SN-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Compute the leaf and look it up' }));
    expect(screen.getByText('Choose the file first: its SHA-256 is what is looked up.')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows only the box on a bare /search', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderAt('/search');
    expect(screen.queryByText(/Type a leaf hash/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
  });

  describe('a whole hash that matches nothing (a file’s SHA-256)', () => {
    const FILE_SHA256 = 'ab'.repeat(32);
    const SERIAL = 'SN-2026-001';
    const CONTRACT_LEAF = leafHash({
      event_type: 'CONTRACT_ANCHOR',
      serial_number: SERIAL,
      contract_sha256: FILE_SHA256,
    });

    /** A service that knows only the leaf of FILE_SHA256 under SERIAL (no /lookup: leaves by their check). */
    function stubService() {
      vi.stubGlobal('fetch', async (input: string | URL) => {
        const url = String(input);
        if (url.endsWith(`/verify/${CONTRACT_LEAF}/check`))
          return new Response(JSON.stringify(fixture('service-verify-check-anchored.json')), { status: 200 });
        if (url.includes('/anchor/history'))
          return new Response(JSON.stringify({ anchors: [] }), { status: 200 });
        return new Response(JSON.stringify({ error: { code: 'not_found', message: 'not found' } }), {
          status: 404,
        });
      });
    }

    it('explains that a leaf also commits to the serial, and finds the leaf of the file under its serial', async () => {
      stubService();
      renderAt(`/search?q=${FILE_SHA256}`);
      expect(await screen.findByText(/No leaf, anchor transaction, anchored root or wallet/)).toBeTruthy();
      expect(screen.getByText(/never a leaf by itself/).textContent).toMatch(/serial number/);
      expect(screen.getByTestId('leaf-from-file-sha256').textContent).toBe(FILE_SHA256);
      expect(
        screen.getByRole('link', { name: 'drop the file and its receipt on the Verify page' }),
      ).toBeTruthy();

      fireEvent.change(screen.getByLabelText('Serial number'), { target: { value: SERIAL } });
      fireEvent.click(screen.getByRole('button', { name: 'Compute the leaf and look it up' }));
      const found = await screen.findByTestId('computed-leaf-found');
      expect(found.textContent).toContain(`under serial number “${SERIAL}” is recorded`);
      expect(found.textContent).toContain(CONTRACT_LEAF);
      fireEvent.click(screen.getByRole('link', { name: /Open the leaf/ }));
      expect(await screen.findByText('leaf page')).toBeTruthy();
    });

    it('says when the file under that serial is not on the service, naming the leaf it would have', async () => {
      stubService();
      renderAt(`/search?q=${FILE_SHA256}`);
      fireEvent.change(await screen.findByLabelText('Serial number'), { target: { value: 'SN-2026-002' } });
      fireEvent.click(screen.getByRole('button', { name: 'Compute the leaf and look it up' }));
      const missing = await screen.findByTestId('computed-leaf-missing');
      expect(missing.textContent).toContain(
        'No contract anchor of this file under serial number “SN-2026-002”',
      );
      expect(missing.textContent).toContain(
        leafHash({
          event_type: 'CONTRACT_ANCHOR',
          serial_number: 'SN-2026-002',
          contract_sha256: FILE_SHA256,
        }),
      );
      // Editing the serial hides the answer about the old one.
      fireEvent.change(screen.getByLabelText('Serial number'), { target: { value: 'SN-2026-00' } });
      expect(screen.queryByTestId('computed-leaf-missing')).toBeNull();
    });

    it('asks for the serial instead of computing a leaf without one, and focuses it', async () => {
      stubService();
      renderAt(`/search?q=${FILE_SHA256}`);
      const serial = await screen.findByLabelText('Serial number');
      fireEvent.click(screen.getByRole('button', { name: 'Compute the leaf and look it up' }));
      expect(await screen.findByText(/Enter the serial number the contract was anchored with/)).toBeTruthy();
      expect(serial.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(serial);
      expect(screen.queryByTestId('computed-leaf-found')).toBeNull();
    });
  });
});
