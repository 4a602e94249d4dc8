import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The app lives under /app/ so no page path collides with an API path (docs/architecture.md, "Paths").
export default defineConfig({
  base: '/app/',
  plugins: [react(), tailwindcss()],
  // The app imports `zap1` (packages/zap1) as outsiders do; here it is built from its TypeScript sources.
  resolve: { conditions: ['zap1-source', ...defaultClientConditions] },
  build: { outDir: 'dist/app', sourcemap: 'hidden' },
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
