/** A fresh, empty PostgreSQL database per caller on the run's server (test/postgres/global-setup.ts). */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** Creates a database with a unique name and returns its URL. */
export async function freshDatabaseUrl(): Promise<string> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `zap1_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
