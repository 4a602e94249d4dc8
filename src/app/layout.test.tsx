// @vitest-environment jsdom
import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, screen, within } from '@testing-library/react';
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

function renderLayout(url = '/') {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<Layout />}>
        <Route index element={<p>home</p>} />
        <Route path="*" element={<p>a page</p>} />
      </Route>
    </Routes>,
    url,
  );
}

const nav = () => screen.getByRole('navigation', { name: 'Main' });

describe('the header menu', () => {
  it('has four entries: Anchor, Verify, and the Explore and Operator groups', () => {
    renderLayout();
    const top = within(nav()).getAllByRole('list')[0]!;
    const entries = [...top.children].map((li) => li.firstElementChild?.textContent?.replace('▾', ''));
    expect(entries).toEqual(['Anchor', 'Verify', 'Explore', 'Operator']);
    expect(within(nav()).getByRole('link', { name: 'Anchor' }).getAttribute('href')).toBe('/anchor');
  });

  it('opens a group by keyboard, lists its pages, and Escape closes it onto its button', async () => {
    const user = userEvent.setup();
    renderLayout();
    const explore = within(nav()).getByRole('button', { name: 'Explore' });
    expect(explore.getAttribute('aria-expanded')).toBe('false');
    const list = document.getElementById(explore.getAttribute('aria-controls')!)!;
    expect(list.className).toMatch(/\bhidden\b/);
    explore.focus();
    await user.keyboard('{Enter}');
    expect(explore.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Leaf', 'History', 'Events', 'Wallet', 'Stats', 'Memo']);
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Leaf');
    await user.keyboard('{Escape}');
    expect(explore.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(explore);
    // Space opens it too; a second press closes it.
    await user.keyboard(' ');
    expect(explore.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard(' ');
    expect(explore.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps one group open at a time, and closes it when focus or a click goes elsewhere', async () => {
    const user = userEvent.setup();
    renderLayout();
    const explore = within(nav()).getByRole('button', { name: 'Explore' });
    const operator = within(nav()).getByRole('button', { name: 'Operator' });
    await user.click(explore);
    await user.click(operator);
    expect(explore.getAttribute('aria-expanded')).toBe('false');
    expect(operator.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(document.getElementById(operator.getAttribute('aria-controls')!)!)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Status', 'Keys', 'Settings']);
    await user.click(screen.getByText('home'));
    expect(operator.getAttribute('aria-expanded')).toBe('false');
    await user.click(operator);
    expect(operator.getAttribute('aria-expanded')).toBe('true');
    // Back towards Explore: focus has left the open group.
    await user.tab({ shift: true });
    expect(operator.contains(document.activeElement)).toBe(false);
    expect(operator.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the group and the folded menu when a page is chosen, and marks where the person is', async () => {
    const user = userEvent.setup();
    renderLayout();
    const menu = within(nav()).getByRole('button', { name: 'Menu' });
    await user.click(menu);
    await user.click(within(nav()).getByRole('button', { name: 'Explore' }));
    await user.click(within(nav()).getByRole('link', { name: 'Stats' }));
    expect(screen.getByText('a page')).toBeTruthy();
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(within(nav()).getByRole('button', { name: 'Explore' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(
      within(nav()).getByRole('link', { name: 'Stats', hidden: true }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it('counts an anchored root’s page as History’s', () => {
    renderLayout(`/root/${'ab'.repeat(32)}`);
    expect(
      within(nav()).getByRole('link', { name: 'History', hidden: true }).getAttribute('aria-current'),
    ).toBe('page');
    expect(
      within(nav()).getByRole('link', { name: 'Leaf', hidden: true }).getAttribute('aria-current'),
    ).toBeNull();
  });

  it('folds on a phone behind Menu, which Escape closes, giving focus back to its button', async () => {
    const user = userEvent.setup();
    renderLayout();
    const button = within(nav()).getByRole('button', { name: 'Menu' });
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Close menu');
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    expect(button.textContent).toBe('Menu');

    // From a link inside the open menu too.
    await user.click(button);
    within(nav()).getByRole('link', { name: 'Verify' }).focus();
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('names the Keys page as the rest of the app does ("the Keys page")', () => {
    renderLayout();
    expect(within(nav()).getByRole('link', { name: 'Keys', hidden: true }).getAttribute('href')).toBe(
      '/keys',
    );
    expect(within(nav()).queryByRole('link', { name: 'Key', hidden: true })).toBeNull();
  });

  it('explains devnet where its badge is', async () => {
    renderLayout();
    const badge = screen.getByTestId('network-badge');
    await vi.waitFor(() => expect(badge.textContent).toBe('devnet'));
    expect(badge.getAttribute('title')).toBe('devnet: a development chain, not a public blockchain');
  });

  it('says offline, not "checking network…", while the browser is offline, and asks once it is back', async () => {
    onlineManager.setOnline(false);
    try {
      renderLayout();
      const badge = screen.getByTestId('network-badge');
      await vi.waitFor(() => expect(badge.textContent).toBe('offline'));
      act(() => onlineManager.setOnline(true));
      await vi.waitFor(() => expect(badge.textContent).toBe('devnet'));
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
