import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * V8's explicit compile hint (Chrome 136 and later; other engines ignore the comment) for the
 * chunks that hold the chain reader (src/core/chain): their functions are then compiled while the
 * chunk loads, off the main thread, not on the main thread at their first call. A check of chain
 * evidence calls nearly all of them once, and compiling them lazily was about a quarter of the
 * first readMemos call (docs/benchmarks.md, "Memo recovery"). Added after minification, which
 * would drop it; bench/memo-recovery.ts builds its page the same way.
 */
export function compileHintFor(chunk: { moduleIds: readonly string[] }): string {
  return chunk.moduleIds.some((id) => id.includes('/src/core/chain/')) ? '//# allFunctionsCalledOnLoad' : '';
}

// The app lives under /app/ so no page path collides with an API path (docs/architecture.md, "Paths").
export default defineConfig({
  base: '/app/',
  plugins: [react(), tailwindcss()],
  // The app imports `zap1` (packages/zap1) as outsiders do; here it is built from its TypeScript sources.
  resolve: { conditions: ['zap1-source', ...defaultClientConditions] },
  build: {
    outDir: 'dist/app',
    sourcemap: 'hidden',
    rolldownOptions: { output: { postBanner: compileHintFor } },
  },
  worker: { format: 'es' },
  server: {
    // During `npm run dev:app` the API runs on its own port; proxy the API paths to it.
    proxy: Object.fromEntries(
      [
        '/trial-key',
        '/event',
        '/events',
        '/verify',
        '/protocol',
        '/stats',
        '/anchor',
        '/lifecycle',
        '/memo',
        '/health',
        '/key',
        '/openapi.json',
      ].map((path) => [path, 'http://127.0.0.1:8080']),
    ),
  },
});
