// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HashLink } from './hash-link';
import { HashText } from './hash-text';

const HASH = '0123456789abcdef'.repeat(4);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('HashLink', () => {
  it('shows the hash shortened in the middle, with the whole one as its title and accessible name', () => {
    render(
      <MemoryRouter>
        <HashLink to="root" hash={HASH} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: HASH });
    expect(link.getAttribute('href')).toBe(`/root/${HASH}`);
    expect(link.getAttribute('title')).toBe(HASH);
    expect(link.querySelector('[aria-hidden="true"]')?.textContent).toBe('0123456789…abcdef');
  });

  it('writes the whole hash out when asked for it in full', () => {
    render(
      <MemoryRouter>
        <HashLink to="leaf" hash={HASH} full />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: HASH });
    expect(link.getAttribute('href')).toBe(`/leaf/${HASH}`);
    expect(link.textContent).toBe(HASH);
  });
});

describe('HashText', () => {
  it('copies the whole value, not the shortened one, and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    render(<HashText value={HASH} what="transaction id" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy the transaction id' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Copied.'));
    expect(writeText).toHaveBeenCalledWith(HASH);
  });

  it('says how to copy by hand when the browser offers no clipboard', async () => {
    vi.stubGlobal('navigator', {});
    render(<HashText value={HASH} what="leaf hash" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy the leaf hash' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Copying failed — select the leaf hash and copy it by hand.',
      ),
    );
  });
});
