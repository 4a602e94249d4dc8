// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../components/test-render';
import { Layout } from './layout';

beforeEach(() => {
  vi.stubGlobal('fetch', async () => Response.json({ protocol: 'ZAP1', version: '3', network: 'devnet' }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderLayout() {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<Layout />}>
        <Route index element={<p>home</p>} />
      </Route>
    </Routes>,
  );
}

describe('the header menu', () => {
  it('closes on Escape and gives focus back to its button', async () => {
    const user = userEvent.setup();
    renderLayout();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const button = within(nav).getByRole('button', { name: 'Menu' });
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Close menu');
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    expect(button.textContent).toBe('Menu');

    // From a link inside the open menu too.
    await user.click(button);
    within(nav).getByRole('link', { name: 'Stats' }).focus();
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('names the Keys page as the rest of the app does ("the Keys page")', () => {
    renderLayout();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Keys' }).getAttribute('href')).toBe('/keys');
    expect(within(nav).queryByRole('link', { name: 'Key' })).toBeNull();
  });
});
