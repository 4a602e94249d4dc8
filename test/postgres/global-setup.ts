/**
 * Vitest global setup: one real PostgreSQL server for the whole unit run (test files each create
 * their own database on it through `test/postgres/database.ts`). When it cannot start, the run
 * fails here: the PostgreSQL tests never skip.
 */
import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  project.provide('postgresAdminUrl', server.adminUrl);
  return () => server.stop();
}
