// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LoadingOrError } from './page-states';
import { renderWithProviders } from './test-render';

afterEach(cleanup);

describe('LoadingOrError', () => {
  it('says what is loading while the query is pending, and nothing once it has an answer', () => {
    const { rerender } = renderWithProviders(
      <LoadingOrError query={{ isPending: true }} error={null} what="the attempt log" retryEveryMs={2000} />,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading the attempt log…');
    rerender(
      <LoadingOrError query={{ isPending: false }} error={null} what="the attempt log" retryEveryMs={2000} />,
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('titles a failure after what could not be loaded, and says it is asked again', () => {
    renderWithProviders(
      <LoadingOrError
        query={{ isPending: true }}
        error={new Error('connection refused')}
        what="the attempt log"
        retryEveryMs={2000}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The attempt log could not be loaded');
    expect(alert.textContent).toContain('Asked again every 2 s.');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps a title it is given', () => {
    renderWithProviders(
      <LoadingOrError
        query={{ isPending: false }}
        error={new Error('timeout')}
        what="health"
        title="The health check failed"
        retryEveryMs={5000}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('The health check failed');
    expect(screen.getByRole('alert').textContent).not.toContain('could not be loaded');
  });

  it('says when the figures still shown were last answered, once the query had answered before', () => {
    const updatedAt = Date.UTC(2026, 2, 4, 1, 41, 7);
    renderWithProviders(
      <LoadingOrError
        query={{ isPending: false, dataUpdatedAt: updatedAt }}
        error={new Error('connection refused')}
        what="the anchoring status"
        retryEveryMs={2000}
      />,
    );
    expect(screen.getByTestId('as-of').textContent).toMatch(
      /^Shown as of the last answer: .*2026.*01:41:07 UTC · .* ago\.$/,
    );
    cleanup();
    renderWithProviders(
      <LoadingOrError
        query={{ isPending: false, dataUpdatedAt: 0 }}
        error={new Error('connection refused')}
        what="the anchoring status"
        retryEveryMs={2000}
      />,
    );
    expect(screen.queryByTestId('as-of')).toBeNull();
  });
});
