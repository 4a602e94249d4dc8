import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// The package's own tests (`npm test --workspace zap1`): its sources, read as TypeScript.
export default defineConfig({
  resolve: { conditions: ['zap1-source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['zap1-source', ...defaultServerConditions] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    pool: 'forks',
  },
});
