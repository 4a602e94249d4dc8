import { describe, expect, it } from 'vitest';
import { holdBackgroundWork, whenNoHeavyWork } from './heavy-work';

const settled = async (promise: Promise<void>): Promise<boolean> => {
  let done = false;
  void promise.then(() => (done = true));
  // Every queued microtask has run once this resolves.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('background work held back while a file is hashed', () => {
  it('goes on at once when nothing heavy runs', async () => {
    expect(await settled(whenNoHeavyWork())).toBe(true);
  });

  it('waits for the last of two holds, and a hold released twice counts once', async () => {
    const first = holdBackgroundWork();
    const second = holdBackgroundWork();
    const waiting = whenNoHeavyWork();
    first();
    first();
    expect(await settled(waiting)).toBe(false);
    second();
    expect(await settled(waiting)).toBe(true);
    expect(await settled(whenNoHeavyWork())).toBe(true);
  });
});
