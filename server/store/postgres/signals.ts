/**
 * Signals between instances through PostgreSQL LISTEN/NOTIFY. One dedicated connection listens
 * (a pooled one could not keep its LISTEN); when it drops, it reconnects with a growing pause, and
 * the listeners are called once on reconnection, since signals sent meanwhile were lost.
 */
import pg from 'pg';
import type { SignalTopic, Signals } from '../store.js';

const CHANNELS: Record<SignalTopic, string> = { leaves: 'zap1_leaves', anchor: 'zap1_anchor' };
const TOPICS: readonly SignalTopic[] = ['leaves', 'anchor'];
const MAX_RECONNECT_MS = 5000;

export class PostgresSignals implements Signals {
  private readonly listeners = new Map<SignalTopic, Set<(highestPosition: number | null) => void>>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;
  private reconnectMs = 100;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly pool: pg.Pool,
  ) {}

  async notify(topic: SignalTopic): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [CHANNELS[topic], '']);
  }

  async watch(
    topic: SignalTopic,
    listener: (highestPosition: number | null) => void,
  ): Promise<() => Promise<void>> {
    let set = this.listeners.get(topic);
    if (!set) {
      set = new Set();
      this.listeners.set(topic, set);
    }
    set.add(listener);
    await this.connect();
    return async () => {
      set.delete(listener);
    };
  }

  /** Whether the listening connection is up now (otherwise receivers rely on polling). */
  get listening(): boolean {
    return this.client !== null;
  }

  private connect(): Promise<void> {
    if (this.client || this.closed) return Promise.resolve();
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: 'zap1-signals' });
    client.on('notification', (message) => {
      const topic = TOPICS.find((t) => CHANNELS[t] === message.channel);
      // zap1_commit_events sends the highest position it committed.
      const position = Number(message.payload);
      if (topic) this.emit(topic, Number.isSafeInteger(position) && position > 0 ? position : null);
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      for (const channel of Object.values(CHANNELS)) await client.query(`LISTEN ${channel}`);
    } catch {
      await client.end().catch(() => {});
      this.scheduleReconnect();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    const wasReconnect = this.reconnectMs > 100;
    this.client = client;
    this.reconnectMs = 100;
    // Whatever was signalled while no connection listened is looked at now.
    if (wasReconnect) for (const topic of this.listeners.keys()) this.emit(topic, null);
  }

  private emit(topic: SignalTopic, highestPosition: number | null): void {
    for (const listener of this.listeners.get(topic) ?? []) listener(highestPosition);
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    void client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.timer) return;
    const delay = this.reconnectMs;
    this.reconnectMs = Math.min(MAX_RECONNECT_MS, this.reconnectMs * 2);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, delay);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
