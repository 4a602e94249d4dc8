/** Webhooks on PostgreSQL: the registrations and their delivery cursors. */
import type pg from 'pg';
import type { WebhookRecord, WebhookStore } from '../store.js';
import { WEBHOOK_COLUMNS, webhookFromRow, type WebhookRow } from '../sqlite/rows.js';

export class PostgresWebhookStore implements WebhookStore {
  constructor(private readonly pool: pg.Pool) {}

  async registerWebhook(w: WebhookRecord): Promise<void> {
    await this.pool.query(`INSERT INTO webhooks (${WEBHOOK_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)`, [
      w.id,
      w.url,
      w.secretHex,
      w.createdAt,
      w.leafCursor,
      w.anchorCursor,
    ]);
  }

  async listWebhooks(): Promise<WebhookRecord[]> {
    const result = await this.pool.query<WebhookRow>(
      `SELECT ${WEBHOOK_COLUMNS} FROM webhooks ORDER BY created_at, id`,
    );
    return result.rows.map(webhookFromRow);
  }

  async deleteWebhook(id: string): Promise<boolean> {
    const result = await this.pool.query('DELETE FROM webhooks WHERE id = $1', [id]);
    return (result.rowCount ?? 0) > 0;
  }

  async advanceWebhook(
    id: string,
    cursors: { leafCursor?: number; anchorCursor?: number },
  ): Promise<boolean> {
    const result = await this.pool.query(
      `UPDATE webhooks SET leaf_cursor = GREATEST(leaf_cursor, $1), anchor_cursor = GREATEST(anchor_cursor, $2)
       WHERE id = $3`,
      [cursors.leafCursor ?? 0, cursors.anchorCursor ?? 0, id],
    );
    return (result.rowCount ?? 0) > 0;
  }
}
