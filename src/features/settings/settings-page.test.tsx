// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBaseUrl } from '../../api/settings';
import { renderWithProviders } from '../../components/test-render';
import { SettingsPage } from './settings-page';

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', async () => Response.json({ protocol: 'ZAP1', version: '3' }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SettingsPage', () => {
  it('refuses a service URL that is not one, saying why beside the field, and saves nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SettingsPage />);
    const input = screen.getByLabelText('Service base URL');
    for (const typed of ['not a url', 'not*a*url']) {
      await user.clear(input);
      await user.type(input, `${typed}{Enter}`);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const error = document.getElementById(`${input.id}-error`);
      expect(error?.textContent).toMatch(/^This is not a URL/);
      expect(input.getAttribute('aria-describedby')).toContain(`${input.id}-error`);
      expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
      expect(screen.queryByText('Saved.')).toBeNull();
      expect(getBaseUrl()).toBe('');
    }
  });

  it('saves a host name as an https URL', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SettingsPage />);
    await user.type(screen.getByLabelText('Service base URL'), 'zap1.example.org{Enter}');
    expect(screen.getByRole('status').textContent).toBe('Saved.');
    expect(getBaseUrl()).toBe('https://zap1.example.org');
  });
});
