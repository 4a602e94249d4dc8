/** A fresh, empty PostgreSQL database per caller on the run's server (test/postgres/global-setup.ts). */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createDatabase } from './postgres-server.js';

/** Creates a database with a unique name and returns its URL. */
export function freshDatabaseUrl(): Promise<string> {
  return createDatabase(inject('postgresAdminUrl'), `zap1_test_${randomBytes(6).toString('hex')}`);
}
