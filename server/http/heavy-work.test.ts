/** The heavy-read scheduler: slices within their budget, turns within theirs, producers in turn. */
import { describe, expect, it } from 'vitest';
import { HeavyWork, type Slice } from './heavy-work.js';

/** A scheduler on a clock the work advances itself (1 ms a unit), logging turns and slices. */
function onFakeClock(turnMs: number, sliceMs: number) {
  let clock = 0;
  const log: string[] = [];
  const work = new HeavyWork({
    turnMs,
    sliceMs,
    now: () => clock,
    nextTurn: () => {
      log.push('|');
      return Promise.resolve();
    },
  });
  /** One producer: `units` units of 1 ms, as many slices as it takes; logs each slice's units. */
  async function produce(name: string, units: number): Promise<void> {
    let left = units;
    while (left > 0) {
      await work.run((slice: Slice) => {
        let n = 0;
        do {
          clock += 1;
          left--;
          n++;
        } while (left > 0 && slice.left());
        log.push(`${name}${n}`);
      });
    }
  }
  return { work, log, produce };
}

describe('HeavyWork', () => {
  it('stops each slice at its budget and each turn at the turn budget, producers in turn', async () => {
    const { log, produce } = onFakeClock(8, 3);
    await Promise.all([produce('a', 12), produce('b', 12), produce('c', 12)]);
    // Slices of 3 units, round-robin; a turn ends when its 8 ms are spent (the third slice has 2).
    expect(log.join(' ')).toBe(
      ['| a3 b3 c2', '| a3 b3 c2', '| a3 b3 c2', '| a3 b3 c2', '| c3', '| c1'].join(' '),
    );
    const turns = log
      .join(' ')
      .split('|')
      .slice(1)
      .map((turn) => turn.trim().split(' ').filter(Boolean));
    for (const turn of turns) {
      const units = turn.map((slice) => Number(slice.slice(1)));
      expect(Math.max(...units)).toBeLessThanOrEqual(3);
      expect(units.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(8);
    }
  });

  it('lets a producer that comes later in at the next slice, whatever the others have queued', async () => {
    const { log, produce } = onFakeClock(100, 2);
    const long = produce('a', 40);
    await Promise.resolve();
    const late = produce('b', 2);
    await Promise.all([long, late]);
    expect(log.slice(0, 4)).toEqual(['|', 'a2', 'b2', 'a2']);
  });

  it('drops a waiting slice whose signal aborts, and a slice that throws fails only its caller', async () => {
    const work = new HeavyWork({ turnMs: 8, sliceMs: 4 });
    let release = () => {};
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const holding = work.run(async () => {
      started();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await running;
    const gone = new AbortController();
    let ran = false;
    const dropped = work.run(() => {
      ran = true;
    }, gone.signal);
    const failing = work.run(() => {
      throw new Error('broken slice');
    });
    const after = work.run(() => 'after');
    expect(work.stats.waiting).toBe(3);
    gone.abort(new Error('client gone'));
    await expect(dropped).rejects.toThrow('client gone');
    expect(work.stats.waiting).toBe(2);
    release();
    await holding;
    await expect(failing).rejects.toThrow('broken slice');
    await expect(after).resolves.toBe('after');
    expect(ran).toBe(false);
    await expect(work.run(() => 1, gone.signal)).rejects.toThrow('client gone');
  });

  it('lets the event loop run other callbacks between turns while work is waiting', async () => {
    const work = new HeavyWork({ turnMs: 4, sliceMs: 2 });
    const busy = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end);
    };
    let waitingWhenTimerRan = -1;
    let slicesWhenTimerRan = -1;
    const producers = Array.from({ length: 3 }, async () => {
      for (let n = 0; n < 20; n++) await work.run(() => busy(1));
    });
    setTimeout(() => {
      waitingWhenTimerRan = work.stats.waiting;
      slicesWhenTimerRan = work.stats.slicesRun;
    }, 0);
    await Promise.all(producers);
    // The timer ran while slices were still waiting, after some had run: it was not held behind them.
    expect(waitingWhenTimerRan).toBeGreaterThan(0);
    expect(slicesWhenTimerRan).toBeLessThan(60);
    expect(work.stats.slicesRun).toBe(60);
  });
});
