/**
 * Work the person is waiting for (a file being hashed) holds back work they are not (fetching and
 * compiling other pages' code in the background, some of it compiled eagerly by its compile hint):
 * on a machine of two cores the two compete for the same cores while the person waits.
 */
let running = 0;
let waiting: Array<() => void> = [];

/** Marks heavy work as running until the returned function is called (once; later calls do nothing). */
export function holdBackgroundWork(): () => void {
  running++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running--;
    if (running === 0) {
      const resume = waiting;
      waiting = [];
      for (const go of resume) go();
    }
  };
}

/** Resolves at once when no heavy work runs, else when the last of it ends. */
export function whenNoHeavyWork(): Promise<void> {
  return running === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve));
}
