// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getApiKey, setApiKey } from '../../api/settings';
import { fixture, stubFetch } from '../../api/fixtures/fetch-stub';
import { renderWithProviders } from '../../components/test-render';
import { KeysPage } from './keys-page';

function renderPage() {
  return renderWithProviders(<KeysPage />);
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('KeysPage', () => {
  it('gets a trial key with one click, shows it once and keeps it for this service', async () => {
    const user = userEvent.setup();
    const issued = fixture('service-trial-key.json');
    stubFetch({ status: 201, body: issued }, { status: 200, body: fixture('service-key-info.json') });
    renderPage();
    expect(screen.getByText(/No key is kept/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Get a trial key' }));
    const shown = await screen.findByTestId('issued-key');
    expect(shown.textContent).toMatch(/^zap1_trial_[0-9a-f]{32}$/);
    expect(getApiKey('')).toBe(shown.textContent);
    expect(screen.getByText(/^Quota: 1,000 events\. Expires/).textContent).toMatch(
      /^Quota: 1,000 events\. Expires .+ UTC · in \d+ d\b/,
    );
    expect((await screen.findByTestId('key-info')).textContent).toContain(
      '0 of 1,000 events used, 1,000 left.',
    );
    await user.click(screen.getByRole('button', { name: 'Forget this key' }));
    expect(getApiKey('')).toBeNull();
    expect(screen.queryByTestId('issued-key')).toBeNull();
  });

  it('asks before a new trial key replaces the kept one; Cancel keeps it and returns focus', async () => {
    const user = userEvent.setup();
    setApiKey('zap1_trial_kept', '');
    const seen = stubFetch(
      { status: 200, body: fixture('service-key-info.json') },
      { status: 201, body: fixture('service-trial-key.json') },
      { status: 200, body: fixture('service-key-info.json') },
    );
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Get a trial key' }));
    expect(screen.getByText(/A new trial key replaces it here/)).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Replace my key');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(getApiKey('')).toBe('zap1_trial_kept');
    expect(seen.some((r) => r.url.endsWith('/trial-key'))).toBe(false);
    expect(document.activeElement?.textContent).toBe('Get a trial key');

    await user.click(screen.getByRole('button', { name: 'Get a trial key' }));
    await user.click(screen.getByRole('button', { name: 'Replace my key' }));
    const shown = await screen.findByTestId('issued-key');
    expect(getApiKey('')).toBe(shown.textContent);
  });

  it('checks a pasted key before keeping it, and keeps nothing the service refuses', async () => {
    const user = userEvent.setup();
    stubFetch(
      { status: 401, body: fixture('service-error-unauthorized.json') },
      { status: 200, body: { tier: 'operator', quota: null, used: null, expires_at: null } },
      { status: 200, body: { tier: 'operator', quota: null, used: null, expires_at: null } },
    );
    renderPage();
    const input = screen.getByLabelText('API key (e.g. an operator key)');
    await user.type(input, 'wrong-key');
    await user.click(screen.getByRole('button', { name: 'Check and keep' }));
    // In the page's words, not the API's ("Authorization: Bearer", "POST /trial-key").
    expect((await screen.findByTestId('key-refused')).textContent).toBe(
      'The service did not accept this key. Check that you copied all of it, or get a trial key with the “Get a trial key” button on this page.',
    );
    expect(screen.queryByText(/Authorization|POST \/trial-key/)).toBeNull();
    expect(getApiKey('')).toBeNull();
    await user.clear(input);
    await user.type(input, 'operator-key');
    await user.click(screen.getByRole('button', { name: 'Check and keep' }));
    expect((await screen.findByTestId('key-info')).textContent).toContain('Operator key');
    expect(getApiKey('')).toBe('operator-key');
  });

  it('says an expired key has expired, and how to get a new one', async () => {
    const user = userEvent.setup();
    stubFetch({ status: 401, body: { error: { code: 'key_expired', message: 'This key expired.' } } });
    renderPage();
    await user.type(screen.getByLabelText('API key (e.g. an operator key)'), 'zap1_trial_old');
    await user.click(screen.getByRole('button', { name: 'Check and keep' }));
    expect((await screen.findByTestId('key-refused')).textContent).toBe(
      'This key has expired. Get a new one with the “Get a trial key” button on this page.',
    );
  });

  it('says what is missing when "Check and keep" is pressed with no key, and asks nothing', async () => {
    const user = userEvent.setup();
    const seen = stubFetch();
    renderPage();
    const input = screen.getByLabelText('API key (e.g. an operator key)');
    await user.click(screen.getByRole('button', { name: 'Check and keep' }));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Paste a key first.',
    );
    expect(seen).toHaveLength(0);
    // Typing clears it.
    await user.type(input, 'k');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Paste a key first.')).toBeNull();
  });
});
