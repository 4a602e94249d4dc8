// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useKeptError } from './use-kept-error';

type Props = { data: unknown; error: Error | null; identity: unknown[] };

describe('useKeptError', () => {
  it('keeps a failure while the same question is asked again, and forgets it for another question', () => {
    const boom = new Error('boom on /events?limit=25');
    const { result, rerender } = renderHook((p: Props) => useKeptError(p, p.identity), {
      initialProps: { data: undefined, error: boom, identity: ['https://a', null] } as Props,
    });
    expect(result.current).toBe(boom);
    // Refetching: TanStack Query clears the error while it asks again; the page keeps showing it.
    rerender({ data: undefined, error: null, identity: ['https://a', null] });
    expect(result.current).toBe(boom);
    // Another filter (or service) is another question: "Loading…", not the last one's failure.
    rerender({ data: undefined, error: null, identity: ['https://a', 'CONTRACT_ANCHOR'] });
    expect(result.current).toBeNull();
    // An answer ends it.
    rerender({ data: undefined, error: boom, identity: ['https://a', 'CONTRACT_ANCHOR'] });
    rerender({ data: { events: [] }, error: null, identity: ['https://a', 'CONTRACT_ANCHOR'] });
    expect(result.current).toBeNull();
  });
});
