/** Webhooks on SQLite: the registrations and their delivery cursors. */
import type Database from 'better-sqlite3';
import type { WebhookRecord, WebhookStore } from '../store.js';

interface WebhookRow {
  id: string;
  url: string;
  secret_hex: string;
  created_at: string;
  leaf_cursor: number;
  anchor_cursor: number;
}

const COLUMNS = 'id, url, secret_hex, created_at, leaf_cursor, anchor_cursor';

function fromRow(row: WebhookRow): WebhookRecord {
  return {
    id: row.id,
    url: row.url,
    secretHex: row.secret_hex,
    createdAt: row.created_at,
    leafCursor: row.leaf_cursor,
    anchorCursor: row.anchor_cursor,
  };
}

export class SqliteWebhookStore implements WebhookStore {
  private readonly stmts;

  constructor(db: Database.Database) {
    this.stmts = {
      insert: db.prepare<[string, string, string, string, number, number]>(
        `INSERT INTO webhooks (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)`,
      ),
      list: db.prepare<[], WebhookRow>(`SELECT ${COLUMNS} FROM webhooks ORDER BY created_at, id`),
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
    return this.stmts.list.all().map(fromRow);
  }

  async deleteWebhook(id: string): Promise<boolean> {
    return this.stmts.remove.run(id).changes > 0;
  }

  async advanceWebhook(id: string, cursors: { leafCursor?: number; anchorCursor?: number }): Promise<void> {
    this.stmts.advance.run(cursors.leafCursor ?? 0, cursors.anchorCursor ?? 0, id);
  }
}
