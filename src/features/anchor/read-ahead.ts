/**
 * A window on bytes in flight between the file reader and the hasher: the reader may run ahead of
 * hashing by at most `maxBytes`, so a fast disk never queues the whole file in memory.
 */
export class ReadAhead {
  private inFlight = 0;
  private waiting: (() => void)[] = [];

  constructor(private readonly maxBytes: number) {
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 1)
      throw new RangeError('maxBytes must be a positive integer');
  }

  /** Bytes sent and not yet reported hashed. */
  get bytesInFlight(): number {
    return this.inFlight;
  }

  /** Resolves once `bytes` more may be sent (at once when the window is empty, whatever the size). */
  async reserve(bytes: number): Promise<void> {
    while (this.inFlight > 0 && this.inFlight + bytes > this.maxBytes) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.inFlight += bytes;
  }

  /** The hasher is done with `bytes`; a reader waiting for room may go on. */
  release(bytes: number): void {
    this.inFlight = Math.max(0, this.inFlight - bytes);
    const waiting = this.waiting;
    this.waiting = [];
    for (const wake of waiting) wake();
  }
}
