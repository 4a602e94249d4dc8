import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // `zap1` (packages/zap1) is read from its TypeScript sources, in browser-like and Node tests alike.
  resolve: { conditions: ['zap1-source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['zap1-source', ...defaultServerConditions] } },
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'devchain/**/*.test.ts',
      'test/**/*.test.ts',
      'packages/*/{src,test}/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One real PostgreSQL server for the run; without it the run fails (never skips).
    globalSetup: ['test/postgres/global-setup.ts'],
    setupFiles: ['test/dom-setup.ts'],
  },
});
