/**
 * The page side of the memo recovery benchmark (bench/memo-recovery.ts): built by it with Vite into
 * one classic script from zap1's chain codec, loaded into a fresh Chromium page, where it times the
 * library's calls with performance.now() so that no round trip to the test driver is counted.
 */
import { decodeViewingKey, parseTransactionV5, readMemos, recoverOrchardOutput } from 'zap1';
import { parseHex, toHex } from 'zap1';

/** What one timed readMemos call found, to check in Node. */
export interface FoundMemo {
  actionIndex: number;
  scope: 'external' | 'internal';
  memoHex: string;
}

/** The functions the page exposes as `globalThis.zap1MemoBench`. */
export interface MemoBenchApi {
  /** One readMemos(txHex, viewingKey) call with a key string, as an app would make it. */
  readMemos(txHex: string, viewingKey: string): { ms: number; found: FoundMemo[] };
  /**
   * The cold readMemos call in two timed parts: the key decoded as readMemos decodes it
   * (decodeViewingKey(viewingKey, { validateItems: 'orchard' })), then readMemos(txHex, decodedKey)
   * (which derives the ovks, parses and recovers).
   */
  decodeThenReadMemos(
    txHex: string,
    viewingKey: string,
  ): { decodeMs: number; readMs: number; found: FoundMemo[] };
  /** One decodeViewingKey(viewingKey) call with every item checked (the default), for comparison. */
  decodeFully(viewingKey: string): { ms: number; hasOrchard: boolean };
  /** One recoverOrchardOutput(ovk, action) call; the transaction is parsed before the clock starts. */
  recover(txHex: string, ovkHex: string, actionIndex: number): { ms: number; opened: boolean };
  /**
   * `count` timed calls of each warm case after `warmup` untimed ones, in milliseconds: readMemos
   * with the key string (readMemos keeps it decoded), readMemos after decoding the key string every
   * time as readMemos decodes it (what a key not seen before costs), and recoverOrchardOutput for
   * each action with the given ovk.
   */
  warm(
    txHex: string,
    viewingKey: string,
    ovkHex: string,
    warmup: number,
    count: number,
  ): { readMemos: number[]; decodeAndReadMemos: number[]; recover: number[][] };
}

/** How readMemos decodes a key string: the Orchard item validated, the others by length (read-memos.ts). */
const READ_MEMOS_DECODING = { validateItems: 'orchard' } as const;

function found(memos: ReturnType<typeof readMemos>): FoundMemo[] {
  return memos.map((m) => ({ actionIndex: m.actionIndex, scope: m.scope, memoHex: toHex(m.memo) }));
}

function timed<T>(run: () => T): { ms: number; result: T } {
  const started = performance.now();
  const result = run();
  return { ms: performance.now() - started, result };
}

const api: MemoBenchApi = {
  readMemos(txHex, viewingKey) {
    const { ms, result } = timed(() => readMemos(txHex, viewingKey));
    return { ms, found: found(result) };
  },
  decodeThenReadMemos(txHex, viewingKey) {
    const key = timed(() => decodeViewingKey(viewingKey, READ_MEMOS_DECODING));
    const read = timed(() => readMemos(txHex, key.result));
    return { decodeMs: key.ms, readMs: read.ms, found: found(read.result) };
  },
  decodeFully(viewingKey) {
    const { ms, result } = timed(() => decodeViewingKey(viewingKey));
    return { ms, hasOrchard: result.orchard !== null };
  },
  recover(txHex, ovkHex, actionIndex) {
    const action = parseTransactionV5(txHex).orchard?.actions[actionIndex];
    if (action === undefined) throw new Error(`no action ${actionIndex}`);
    const ovk = parseHex(ovkHex);
    const { ms, result } = timed(() => recoverOrchardOutput(ovk, action));
    return { ms, opened: result !== null };
  },
  warm(txHex, viewingKey, ovkHex, warmup, count) {
    const actions = parseTransactionV5(txHex).orchard?.actions ?? [];
    const ovk = parseHex(ovkHex);
    const cases: Array<() => unknown> = [
      () => readMemos(txHex, viewingKey),
      () => readMemos(txHex, decodeViewingKey(viewingKey, READ_MEMOS_DECODING)),
      ...actions.map((action) => () => recoverOrchardOutput(ovk, action)),
    ];
    const times = cases.map((run) => {
      for (let i = 0; i < warmup; i++) run();
      return Array.from({ length: count }, () => timed(run).ms);
    });
    return { readMemos: times[0] ?? [], decodeAndReadMemos: times[1] ?? [], recover: times.slice(2) };
  },
};

Reflect.set(globalThis, 'zap1MemoBench', api);
