/**
 * Starts one of the SQLite store's worker threads (commit-worker.ts, wallet-index-worker.ts): the
 * built JavaScript beside this file, or (run from source) the TypeScript source through tsx's
 * loader, registered inside the thread before the source is imported.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

export function startWorker(
  moduleName: 'commit-worker' | 'wallet-index-worker',
  workerData: unknown,
): Worker {
  const built = new URL(`./${moduleName}.js`, import.meta.url);
  if (fs.existsSync(fileURLToPath(built))) return new Worker(built, { workerData });
  const source = new URL(`./${moduleName}.ts`, import.meta.url).href;
  // Resolved from the package's `tsx/package.json` so the thread finds it whatever the working folder.
  const tsxRoot = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsxApi = pathToFileURL(path.join(tsxRoot, 'dist', 'esm', 'api', 'index.mjs')).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}
