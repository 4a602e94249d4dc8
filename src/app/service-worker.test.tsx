// @vitest-environment jsdom
/**
 * The service worker's registration and the update notice: a waiting version is announced, never
 * swapped in by itself; Reload lets it take over and reloads only once it controls the page.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for workbox-window's Workbox: records what the app asks, and fires events on demand. */
class FakeWorkbox {
  static made: FakeWorkbox[] = [];
  readonly handlers = new Map<string, (() => void)[]>();
  skipWaitingAsked = 0;
  updates = 0;
  constructor(
    readonly url: string,
    readonly options: { scope: string },
  ) {
    FakeWorkbox.made.push(this);
  }
  addEventListener(type: string, handler: () => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  fire(type: string) {
    for (const handler of this.handlers.get(type) ?? []) handler();
  }
  register = () => Promise.resolve(undefined);
  update = () => {
    this.updates += 1;
    return Promise.resolve();
  };
  messageSkipWaiting() {
    this.skipWaitingAsked += 1;
  }
}

vi.mock('workbox-window', () => ({ Workbox: FakeWorkbox }));

const { AppUpdateNotice, UpdateNotice } = await import('./update-notice');
const { forgetWaitingVersion, startServiceWorker } = await import('./service-worker');

beforeEach(() => {
  FakeWorkbox.made = [];
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
});
afterEach(() => {
  cleanup();
  act(() => forgetWaitingVersion());
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const notice = () => screen.getByTestId('update-notice');
const reloadButton = () => screen.queryByRole('button', { name: 'Reload' });

describe('the update notice', () => {
  it('is an empty status region while there is no newer version', () => {
    render(<UpdateNotice activate={null} />);
    expect(notice().getAttribute('role')).toBe('status');
    expect(notice().textContent).toBe('');
    expect(reloadButton()).toBeNull();
  });

  it('says a newer version is ready, and Reload asks for it', async () => {
    const activate = vi.fn();
    render(<UpdateNotice activate={activate} />);
    expect(notice().textContent).toContain('A newer version of this app is ready.');
    await userEvent.setup().click(reloadButton()!);
    expect(activate).toHaveBeenCalledTimes(1);
  });
});

describe('the service worker', () => {
  it('is sw.js under the app’s path, scoped to it', () => {
    startServiceWorker({ base: '/app/', reload: vi.fn() });
    expect(FakeWorkbox.made.map((w) => [w.url, w.options.scope])).toEqual([['/app/sw.js', '/app/']]);
  });

  it('is not registered where the browser has no service workers', () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    expect(startServiceWorker({ base: '/app/' })).toBeNull();
    expect(FakeWorkbox.made).toEqual([]);
  });

  it('announces a waiting version and swaps nothing until Reload, then reloads once it controls the page', async () => {
    const reload = vi.fn();
    startServiceWorker({ base: '/app/', reload });
    const workbox = FakeWorkbox.made[0]!;
    render(<AppUpdateNotice />);
    expect(reloadButton()).toBeNull();

    act(() => workbox.fire('waiting'));
    expect(notice().textContent).toContain('A newer version of this app is ready.');
    expect(workbox.skipWaitingAsked).toBe(0);

    const user = userEvent.setup();
    await user.click(reloadButton()!);
    expect(workbox.skipWaitingAsked).toBe(1);
    // Not yet: the page reloads when the new version controls it, not before.
    expect(reload).not.toHaveBeenCalled();
    // A second press while it takes over asks nothing more.
    await user.click(reloadButton()!);
    expect(workbox.skipWaitingAsked).toBe(1);

    workbox.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('looks for a newer version when the tab is shown again', () => {
    startServiceWorker({ base: '/app/', reload: vi.fn() });
    const workbox = FakeWorkbox.made[0]!;
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(workbox.updates).toBe(1);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(workbox.updates).toBe(1);
    Reflect.deleteProperty(document, 'visibilityState');
  });
});
