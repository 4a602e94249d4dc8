import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'test/**/*.test.ts', 'cli/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One real PostgreSQL server for the run; without it the run fails (never skips).
    globalSetup: ['test/postgres/global-setup.ts'],
  },
});
