// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HashText } from './hash-text';
import { renderWithProviders } from './test-render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('HashText', () => {
  it('shows a value that is not hex with its hidden characters visible, copies it as it is, leaves hex alone', async () => {
    const value = 'ab\u202Ecd';
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const { container } = renderWithProviders(<HashText value={value} what="root" full testId="shown" />);
    const shown = screen.getByTestId('shown');
    expect(shown.textContent).toBe('ab<U+202E>cd');
    expect(shown.getAttribute('title')).toBe('ab<U+202E>cd');
    expect(container.querySelector('[data-hash]')?.getAttribute('data-hash')).toBe(value);
    fireEvent.click(screen.getByRole('button', { name: 'Copy the root' }));
    await screen.findByText('Copied.');
    expect(writeText).toHaveBeenCalledWith(value);
    cleanup();
    // A hash as it should be (hex) is shown as it is.
    renderWithProviders(<HashText value={'ab'.repeat(32)} what="root" full testId="shown" />);
    expect(screen.getByTestId('shown').textContent).toBe('ab'.repeat(32));
  });
});
