// @vitest-environment jsdom
/** "Forget" on a saved submission asks first: the card is this browser's only way to its receipt. */
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/test-render';
import { SavedSubmissions } from './saved-submissions';
import { loadSubmissions, saveSubmission } from './submissions-store';
import { WORKED_EXAMPLE_SUBMISSION } from './worked-example-submission';

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', async () => {
    throw new TypeError('fetch failed');
  });
  saveSubmission(WORKED_EXAMPLE_SUBMISSION);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('forgetting a submission', () => {
  it('asks first, and Cancel keeps it and returns to "Forget"', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SavedSubmissions baseUrl="" />);
    await user.click(screen.getByRole('button', { name: 'Forget' }));
    const question = screen.getByRole('group', { name: 'Forget this submission in this browser?' });
    expect(question.textContent).toContain(
      'Its receipt can then no longer be downloaded here, and the Leaf page offers only the proof',
    );
    expect(document.activeElement).toBe(question);
    expect(screen.getAllByTestId('saved-submission')).toHaveLength(1);

    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: /Forget this submission/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Forget' }));
    expect(screen.getByTestId('saved-submissions').textContent).toContain(
      'contract.pdf · serial number Z15P-2026-001',
    );
    expect(loadSubmissions()).toHaveLength(1);
  });

  it('forgets it once confirmed, and says so where the card was', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SavedSubmissions baseUrl="" />);
    await user.click(screen.getByRole('button', { name: 'Forget' }));
    await user.click(screen.getByRole('button', { name: 'Forget it' }));
    expect(screen.queryByTestId('saved-submission')).toBeNull();
    const said = screen.getByTestId('forgotten');
    expect(said.textContent).toBe(
      'Forgot contract.pdf · serial number Z15P-2026-001 in this browser. Its leaf stays recorded with the service.',
    );
    expect(document.activeElement).toBe(said);
    expect(loadSubmissions()).toEqual([]);
  });
});
