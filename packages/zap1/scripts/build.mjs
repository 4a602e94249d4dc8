// Builds the package from its own sources (tsc: ES modules and type declarations in a flat dist/,
// mirroring src/), then measures the verifier entry as a page would ship it (bundled with its dependencies,
// minified, gzipped) and fails when it is over its budget.
import { spawnSync } from 'node:child_process';
import { chmodSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** docs/benchmarks.md records the measured size against this budget. */
export const VERIFY_BUDGET_BYTES = 25_000;

rmSync(path.join(packageDir, 'dist'), { recursive: true, force: true });
const tsc = spawnSync(
  process.execPath,
  [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
  {
    cwd: packageDir,
    stdio: 'inherit',
  },
);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
// npm makes the command executable when it installs the package; in the repository the build does.
for (const command of ['zap1', 'zap1-verify'])
  chmodSync(path.join(packageDir, `dist/cli/${command}.js`), 0o755);

const { build } = await import('vite');
const output = await build({
  configFile: false,
  root: packageDir,
  publicDir: false,
  logLevel: 'warn',
  build: {
    write: false,
    minify: true,
    // An app's build, not library mode: library mode keeps the whitespace of ES output, and a page
    // ships what an app's build makes of the entry (its exports kept, so nothing is shaken off).
    rollupOptions: {
      input: path.join(packageDir, 'dist/verify.js'),
      preserveEntrySignatures: 'strict',
    },
  },
});
const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => result.output);
const code = chunks.map((chunk) => (chunk.type === 'chunk' ? chunk.code : '')).join('');
const minified = Buffer.byteLength(code);
const gzipped = gzipSync(code, { level: 9 }).length;
console.log(
  `zap1/verify: ${minified.toLocaleString('en')} bytes minified, ${gzipped.toLocaleString('en')} bytes gzipped (budget ${VERIFY_BUDGET_BYTES.toLocaleString('en')})`,
);
if (gzipped > VERIFY_BUDGET_BYTES) {
  console.error(
    `zap1/verify is over its budget by ${(gzipped - VERIFY_BUDGET_BYTES).toLocaleString('en')} bytes.`,
  );
  process.exit(1);
}
