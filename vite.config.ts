import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

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

/**
 * The installable app: a manifest, and a service worker that precaches every file of the built app
 * so the Verify page loads and verifies with no network. It caches nothing else: API answers always
 * come from the service (no runtime caching), and only page addresses under /app/ fall back to the
 * cached index.html, as the service itself does. A new version waits until the person reloads
 * (`prompt`; src/app/service-worker.ts registers it and says so); the dev server has none.
 */
const offlineApp = VitePWA({
  registerType: 'prompt',
  // Registered by the app itself (src/app/service-worker.ts), not by an injected script.
  injectRegister: false,
  devOptions: { enabled: false },
  // The icons are in the precache already (workbox.globPatterns): not listed twice.
  includeManifestIcons: false,
  manifest: {
    id: '/app/',
    name: 'ZAP1 Anchor',
    short_name: 'ZAP1',
    description:
      'Anchor evidence that a document existed on the Zcash chain, and verify ZAP1 proofs in your browser.',
    start_url: '/app/',
    scope: '/app/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#b45309',
    icons: [
      { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // Every file the pages need, the workers' chunks and any WebAssembly included (the manifest is
    // added by the plugin); not the source maps, which the service does not serve. Every chunk is
    // far below workbox's 2 MiB limit per file: a larger one would be left out, with a build warning.
    globPatterns: ['**/*.{js,css,html,svg,png,wasm}'],
    sourcemap: false,
    navigateFallback: 'index.html',
    navigateFallbackAllowlist: [/^\/app\//],
    // A missing asset stays the service's 404, never the page.
    navigateFallbackDenylist: [/^\/app\/assets\//],
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
  },
});

// The app lives under /app/ so no page path collides with an API path (docs/architecture.md, "Paths").
export default defineConfig({
  base: '/app/',
  plugins: [react(), tailwindcss(), offlineApp],
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
