// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotifyWhenAnchored } from './notify-when-anchored';

/** jsdom has no Notification: a stand-in that records what would be shown and answers the permission asked. */
function stubNotification(permission: NotificationPermission): { shown: { title: string; body?: string }[] } {
  const shown: { title: string; body?: string }[] = [];
  const Stub = vi.fn(function (this: unknown, title: string, options?: NotificationOptions) {
    shown.push({ title, body: options?.body });
  }) as unknown as typeof Notification;
  Object.assign(Stub, { requestPermission: () => Promise.resolve(permission) });
  vi.stubGlobal('Notification', Stub);
  return { shown };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NotifyWhenAnchored', () => {
  it('once allowed, notifies when the leaf turns anchored, and only then', async () => {
    const { shown } = stubNotification('granted');
    const view = render(<NotifyWhenAnchored anchored={false} what="Leaf abc" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Notify me when anchored' })));
    expect(screen.getByRole('status').textContent).toMatch(/as long as this tab stays open/);
    expect(shown).toEqual([]);
    view.rerender(<NotifyWhenAnchored anchored={false} what="Leaf abc" />);
    expect(shown).toEqual([]);
    view.rerender(<NotifyWhenAnchored anchored what="Leaf abc" />);
    expect(shown).toEqual([{ title: 'Anchored on chain', body: 'Leaf abc' }]);
    expect(screen.getByRole('status').textContent).toBe('Anchored: you were notified.');
  });

  it('says how to allow notifications when the browser refuses, and notifies nothing', async () => {
    const { shown } = stubNotification('denied');
    const view = render(<NotifyWhenAnchored anchored={false} what="Leaf abc" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Notify me when anchored' })));
    expect(screen.getByRole('status').textContent).toMatch(/allow them in the browser/);
    view.rerender(<NotifyWhenAnchored anchored what="Leaf abc" />);
    expect(shown).toEqual([]);
  });

  it('is not offered once anchored, nor where the browser has no notifications', () => {
    stubNotification('granted');
    render(<NotifyWhenAnchored anchored what="Leaf abc" />);
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    vi.stubGlobal('Notification', undefined);
    render(<NotifyWhenAnchored anchored={false} what="Leaf abc" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
