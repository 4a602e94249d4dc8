import { describe, expect, it } from 'vitest';
import { ReadAhead } from './read-ahead';

describe('ReadAhead', () => {
  it('lets the reader run ahead by at most the window, and on as the hasher catches up', async () => {
    const window = new ReadAhead(10);
    await window.reserve(4);
    await window.reserve(6);
    let third = false;
    const pending = window.reserve(4).then(() => (third = true));
    await Promise.resolve();
    expect(third).toBe(false);
    expect(window.bytesInFlight).toBe(10);
    window.release(4);
    await pending;
    expect(third).toBe(true);
    expect(window.bytesInFlight).toBe(10);
  });

  it('never blocks a chunk larger than the window when nothing is in flight', async () => {
    const window = new ReadAhead(10);
    await window.reserve(25);
    expect(window.bytesInFlight).toBe(25);
    window.release(25);
    expect(window.bytesInFlight).toBe(0);
  });

  it('refuses a window that could never hold a byte', () => {
    expect(() => new ReadAhead(0)).toThrow(RangeError);
  });
});
