import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * V8's explicit compile hint (Chrome 136 and later; other engines ignore the comment) for a chunk
 * that renders code of the chain reader (zap1's chain/ folder; a chunk holding only its re-exports does
 * not count): the chunk's functions are then compiled as it loads, off the main thread, instead of
 * on the main thread at their first call. The first check of a transaction or a receipt's chain
 * evidence runs most of that code once (the transaction parser, F4Jumble and BLAKE2b, Pallas,
 * ChaCha20-Poly1305), and compiling it lazily was about a quarter of the first readMemos call
 * (docs/benchmarks.md, "Memo recovery"). The chunk also holds what is bundled with it (the receipt
 * helpers, the other curves), and the leaf and anchor pages load it for receipts: they compile it
 * too, in the background. Added after minification, which would drop it; bench/memo-recovery.ts
 * builds its page the same way.
 */
export function compileHintFor(chunk: { modules: Record<string, { renderedLength: number }> }): string {
  const rendersChainCode = Object.entries(chunk.modules).some(
    ([id, module]) => id.includes('/packages/zap1/src/chain/') && module.renderedLength > 0,
  );
  return rendersChainCode ? '//# allFunctionsCalledOnLoad' : '';
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
  // The verify worker runs the chain reader: it gets the same compile hint.
  worker: { format: 'es', rolldownOptions: { output: { postBanner: compileHintFor } } },
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
