// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { HashLink } from './hash-link';

const HASH = '0123456789abcdef'.repeat(4);

afterEach(cleanup);

describe('HashLink', () => {
  it('shows a shortened hash with the whole one in its title, linked to its page', () => {
    render(
      <MemoryRouter>
        <HashLink to="root" hash={HASH} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: '0123456789…abcdef' });
    expect(link.getAttribute('href')).toBe(`/root/${HASH}`);
    expect(link.getAttribute('title')).toBe(HASH);
  });

  it('writes the whole hash out when asked for it in full', () => {
    render(
      <MemoryRouter>
        <HashLink to="leaf" hash={HASH} full />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: HASH }).getAttribute('href')).toBe(`/leaf/${HASH}`);
  });
});
