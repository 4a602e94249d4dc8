// Builds the package from the repository's own sources (tsc: ES modules and type declarations in
// dist/), then measures the verifier entry as a page would ship it (bundled with its dependencies,
// minified, gzipped) and fails when it is over its budget.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
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
pruneUnreachable();
// npm makes the command executable when it installs the package; in the repository the build does.
chmodSync(path.join(packageDir, 'dist/cli/zap1-verify.js'), 0o755);

/** Files of dist/ reachable from `entries` through relative imports (`.d.ts` ones when `declarations`). */
function reachable(entries, declarations) {
  const seen = new Set();
  const pending = entries.map((entry) => path.join(packageDir, 'dist', entry));
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, specifier] of text.matchAll(
      /(?:from\s*|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g,
    )) {
      const target = path.resolve(path.dirname(file), specifier);
      pending.push(declarations ? target.replace(/\.js$/, '.d.ts') : target);
    }
  }
  return seen;
}

/**
 * tsc emits every file its program reads, types included (the CLI's node client reads the server's
 * store and config types); only what the entries load at run time, and the declarations of the
 * library entries, are shipped.
 */
function pruneUnreachable() {
  const libraries = ['index', 'verify', 'chain'].map((name) => `packages/zap1/src/${name}`);
  const keep = new Set([
    ...reachable(['cli/zap1-verify.js', ...libraries.map((entry) => `${entry}.js`)], false),
    ...reachable(
      libraries.map((entry) => `${entry}.d.ts`),
      true,
    ),
  ]);
  for (const entry of readdirSync(path.join(packageDir, 'dist'), { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !keep.has(file)) rmSync(file);
  }
  // Folders left empty, deepest first.
  const folders = readdirSync(path.join(packageDir, 'dist'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort((a, b) => b.length - a.length);
  for (const folder of folders) if (readdirSync(folder).length === 0) rmSync(folder, { recursive: true });
}

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
      input: path.join(packageDir, 'dist/packages/zap1/src/verify.js'),
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
