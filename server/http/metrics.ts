/**
 * `GET /metrics` in the Prometheus text format (prom-client): what an operator alerts on. Counted
 * as requests are answered: request durations by route, and POST /event outcomes (created, exists,
 * or the error code). Read at each scrape: tree size, unanchored leaves, anchor attempts by state,
 * the latency of the latest anchor (from its intent to its read-back), the proof paths hashed (on
 * the hashing thread or the event loop, and whether that thread is up) and, on SQLite, the wallet
 * links waiting for the wallet-link index.
 */
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Ledger } from '../ledger.js';
import { pathHashingCounts } from '../path-hashing.js';
import type { Store } from '../store/store.js';

export function createMetrics(app: FastifyInstance, deps: { store: Store; ledger: Ledger }) {
  const registry = new Registry();
  const requests = new Histogram({
    name: 'zap1_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  const events = new Counter({
    name: 'zap1_events_total',
    help: 'POST /event answers: created, exists, or the error code of a refusal',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'zap1_tree_leaves',
    help: 'Leaves in the Merkle tree',
    registers: [registry],
    collect() {
      this.set(deps.ledger.size);
    },
  });
  new Gauge({
    name: 'zap1_unanchored_leaves',
    help: 'Leaves no anchored root covers yet',
    registers: [registry],
    async collect() {
      this.set(Math.max(0, deps.ledger.size - (await deps.store.anchors.anchoredLeafCount())));
    },
  });
  new Gauge({
    name: 'zap1_anchor_attempts',
    help: 'Anchor attempts by state',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      for (const [state, n] of Object.entries(await deps.store.anchors.anchorStateCounts()))
        this.set({ state }, n);
    },
  });
  new Gauge({
    name: 'zap1_last_anchor_latency_seconds',
    help: 'From the intent of the latest anchored root to its read-back from the chain',
    registers: [registry],
    async collect() {
      const latest = await deps.store.anchors.latestAnchorAttempt();
      if (latest?.state === 'anchored') {
        this.set((Date.parse(latest.updatedAt) - Date.parse(latest.createdAt)) / 1000);
      }
    },
  });
  new Gauge({
    name: 'zap1_proof_paths_hashed',
    help: 'Proof paths hashed since start: together on the hashing thread, or alone on the event loop',
    labelNames: ['where'] as const,
    registers: [registry],
    collect() {
      const counts = pathHashingCounts();
      this.set({ where: 'thread' }, counts.onThread);
      this.set({ where: 'event_loop' }, counts.here);
    },
  });
  new Gauge({
    name: 'zap1_proof_hashing_thread_up',
    help: '0 once the proof hashing thread failed: every path is then hashed on the event loop',
    registers: [registry],
    collect() {
      this.set(pathHashingCounts().threadFailed ? 0 : 1);
    },
  });
  const awaitingIndex = deps.store.events.linksAwaitingIndex?.bind(deps.store.events);
  if (awaitingIndex) {
    new Gauge({
      name: 'zap1_wallet_links_unindexed',
      help: 'Wallet links logged but not yet in the wallet-link index (SQLite); lifecycle reads scan them',
      registers: [registry],
      async collect() {
        this.set(await awaitingIndex());
      },
    });
  }

  /** The error code an answer carried, kept by the error handler for the outcome label. */
  const errorCodes = new WeakMap<object, string>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = String(reply.statusCode);
    requests.observe({ method: request.method, route, status }, reply.elapsedTime / 1000);
    if (request.method === 'POST' && route === '/event') {
      const outcome =
        reply.statusCode === 201 ? 'created' : reply.statusCode === 200 ? 'exists' : errorCodes.get(request);
      events.inc({ outcome: outcome ?? `http_${status}` });
    }
    done();
  });

  return {
    registry,
    /** Called by the error handler with the code it answered. */
    noteError(request: object, code: string): void {
      errorCodes.set(request, code);
    },
  };
}
