/** Webhooks on SQLite: the registrations and their delivery cursors. */
import type Database from 'better-sqlite3';
import type { WebhookRecord, WebhookStore } from '../store.js';
import { WEBHOOK_COLUMNS, webhookFromRow, type WebhookRow } from './rows.js';

export class SqliteWebhookStore implements WebhookStore {
  private readonly stmts;

  constructor(db: Database.Database) {
    this.stmts = {
      insert: db.prepare<[string, string, string, string, number, number]>(
        `INSERT INTO webhooks (${WEBHOOK_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)`,
      ),
      list: db.prepare<[], WebhookRow>(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks ORDER BY created_at, id`),
      remove: db.prepare<[string]>('DELETE FROM webhooks WHERE id = ?'),
      advance: db.prepare<[number, number, string]>(
        'UPDATE webhooks SET leaf_cursor = MAX(leaf_cursor, ?), anchor_cursor = MAX(anchor_cursor, ?) WHERE id = ?',
      ),
    };
  }

  async registerWebhook(w: WebhookRecord): Promise<void> {
    this.stmts.insert.run(w.id, w.url, w.secretHex, w.createdAt, w.leafCursor, w.anchorCursor);
  }

  async listWebhooks(): Promise<WebhookRecord[]> {
    return this.stmts.list.all().map(webhookFromRow);
  }

  async deleteWebhook(id: string): Promise<boolean> {
    return this.stmts.remove.run(id).changes > 0;
  }

  async advanceWebhook(
    id: string,
    cursors: { leafCursor?: number; anchorCursor?: number },
  ): Promise<boolean> {
    return this.stmts.advance.run(cursors.leafCursor ?? 0, cursors.anchorCursor ?? 0, id).changes > 0;
  }
}
