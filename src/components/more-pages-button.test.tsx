// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MorePagesButton } from './more-pages-button';

afterEach(cleanup);

describe('MorePagesButton', () => {
  it('is absent when the service says there is no older page', () => {
    const { container } = render(
      <MorePagesButton
        list={{ hasNextPage: false, isFetchingNextPage: false, fetchNextPage: vi.fn() }}
        label="Older events"
      />,
    );
    expect(container.textContent).toBe('');
  });

  it('loads the next page on click, and is disabled with "Loading…" while it does', () => {
    const fetchNextPage = vi.fn(() => Promise.resolve());
    const { rerender } = render(
      <MorePagesButton
        list={{ hasNextPage: true, isFetchingNextPage: false, fetchNextPage }}
        label="Older events"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Older events' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    rerender(
      <MorePagesButton
        list={{ hasNextPage: true, isFetchingNextPage: true, fetchNextPage }}
        label="Older events"
      />,
    );
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Loading…' });
    expect(button.disabled).toBe(true);
  });
});
