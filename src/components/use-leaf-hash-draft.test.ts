// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLeafHashDraft } from './use-leaf-hash-draft';

const LEAF = 'd9bc52532b1a1d59afa8fe07438475ce2b43e8aa9c929a3813c9130aca7d3258';

afterEach(cleanup);

describe('useLeafHashDraft', () => {
  it('lowercases a valid hash in the box, says so, and hands it on', () => {
    const onAccepted = vi.fn();
    const { result } = renderHook(() => useLeafHashDraft(` ${LEAF.toUpperCase()} `, onAccepted));
    act(() => result.current.submit());
    expect(onAccepted).toHaveBeenCalledWith(LEAF);
    expect(result.current.draft).toBe(LEAF);
    expect(result.current.problem).toBe('Lowercased: leaf hashes are looked up in lowercase.');
  });

  it('keeps an invalid hash as typed, says what is wrong, and hands nothing on', () => {
    const onAccepted = vi.fn();
    const { result } = renderHook(() => useLeafHashDraft('abc', onAccepted));
    act(() => result.current.submit());
    expect(onAccepted).not.toHaveBeenCalled();
    expect(result.current.draft).toBe('abc');
    expect(result.current.problem).toBe('The leaf hash must be 64 hex characters; this has 3.');
  });

  it('follows the address to another leaf, leaving behind what was said of the hash typed before', () => {
    const other = 'ab'.repeat(32);
    const { result, rerender } = renderHook(({ initial }) => useLeafHashDraft(initial, vi.fn()), {
      initialProps: { initial: LEAF },
    });
    act(() => result.current.setDraft('zz'));
    act(() => result.current.submit());
    expect(result.current.problem).toBe('The leaf hash may contain only the hex digits 0-9 and a-f.');
    rerender({ initial: other });
    expect(result.current.draft).toBe(other);
    expect(result.current.problem).toBeNull();
  });

  it('keeps "Lowercased" when the address catches up with the hash just submitted', () => {
    const { result, rerender } = renderHook(({ initial }) => useLeafHashDraft(initial, vi.fn()), {
      initialProps: { initial: '' },
    });
    act(() => result.current.setDraft(LEAF.toUpperCase()));
    act(() => result.current.submit());
    rerender({ initial: LEAF });
    expect(result.current.draft).toBe(LEAF);
    expect(result.current.problem).toBe('Lowercased: leaf hashes are looked up in lowercase.');
  });
});
