/**
 * Starts one of the service's worker threads (the SQLite store's commit-worker.ts and
 * wallet-index-worker.ts, path-hash-worker.ts): the built JavaScript module named by `builtUrl`,
 * or (run from source) the TypeScript source beside it through tsx's loader, registered inside the
 * thread before the source is imported.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** `builtUrl`: the thread's module as built, `new URL('./name.js', import.meta.url)` in its neighbour. */
export function startWorker(builtUrl: URL, workerData: unknown): Worker {
  if (fs.existsSync(fileURLToPath(builtUrl))) return new Worker(builtUrl, { workerData });
  const source = new URL(builtUrl.href.replace(/\.js$/, '.ts')).href;
  // Resolved from the package's `tsx/package.json` so the thread finds it whatever the working folder.
  const tsxRoot = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsxApi = pathToFileURL(path.join(tsxRoot, 'dist', 'esm', 'api', 'index.mjs')).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`;
  // From source, `zap1` is read from its TypeScript sources too (its `zap1-source` export condition).
  const execArgv = process.execArgv.includes('--conditions=zap1-source')
    ? process.execArgv
    : [...process.execArgv, '--conditions=zap1-source'];
  return new Worker(bootstrap, { eval: true, workerData, execArgv });
}
