// `npm start`: builds what is missing or out of date, then runs the service (which serves the app).
// Each part (the zap1 package, the web app, the service) is rebuilt only when a file it is built
// from changed since its last build here, so a start with nothing changed goes straight to the
// service; the first start on a fresh clone builds all three and says so as it goes. CI and the
// tests do not use this: they build from clean with `npm run build`.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampDir = path.join(root, 'node_modules', '.cache', 'zap1-start');
const SKIPPED = new Set(['node_modules', 'dist', '.git']);

/** Every file under the given paths (files or folders), sorted, test files included (cheap, and safe). */
function filesOf(paths) {
  const found = [];
  const visit = (relative) => {
    const full = path.join(root, relative);
    if (!fs.existsSync(full)) return;
    if (!fs.statSync(full).isDirectory()) return void found.push(relative);
    for (const entry of fs.readdirSync(full, { withFileTypes: true }))
      if (!SKIPPED.has(entry.name)) visit(path.join(relative, entry.name));
  };
  paths.forEach(visit);
  return found.sort();
}

/** SHA-256 over each input file's path and content (not its mtime: a checkout rewrites those). */
function fingerprint(part) {
  const hash = createHash('sha256');
  for (const file of filesOf(part.inputs))
    hash.update(`${file}\0`).update(fs.readFileSync(path.join(root, file)));
  // Settings that change what Vite bakes into the app.
  for (const [name, value] of Object.entries(process.env).sort())
    if (name.startsWith('VITE_')) hash.update(`${name}=${value}\0`);
  return hash.digest('hex');
}

const shared = ['package.json', 'package-lock.json', 'tsconfig.base.json'];
const parts = [
  {
    name: 'the zap1 package',
    inputs: [
      ...shared,
      'packages/zap1/src',
      'packages/zap1/scripts',
      'packages/zap1/package.json',
      'packages/zap1/tsconfig.build.json',
    ],
    output: 'packages/zap1/dist/index.js',
    command: [path.join(root, 'packages/zap1/scripts/build.mjs')],
  },
  {
    name: 'the web app',
    inputs: [
      ...shared,
      'src',
      'public',
      'index.html',
      'vite.config.ts',
      'tsconfig.app.json',
      'packages/zap1/src',
      'packages/zap1/package.json',
    ],
    output: 'dist/app/index.html',
    command: [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'],
  },
  {
    name: 'the service',
    inputs: [
      ...shared,
      'server',
      'devchain',
      'tsconfig.server.json',
      'packages/zap1/src',
      'packages/zap1/package.json',
    ],
    output: 'dist-server/server/index.js',
    // The package is built by its own part above.
    command: [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.server.json'],
  },
];

/** Runs a Node script of the build (no npm in between: each npm run costs a second). */
function run(args) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`npm start: ${path.relative(root, args[0])} failed; nothing was started.`);
    process.exit(result.status ?? 1);
  }
}

fs.mkdirSync(stampDir, { recursive: true });
let built = 0;
for (const part of parts) {
  const stampFile = path.join(stampDir, `${part.name.replace(/\W+/g, '-')}.sha256`);
  const current = fingerprint(part);
  const previous = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : null;
  const present = fs.existsSync(path.join(root, part.output));
  if (present && previous === current) continue;
  const why = !present
    ? 'not built yet'
    : previous === null
      ? 'not built by npm start before'
      : 'its files changed';
  console.log(`npm start: building ${part.name} (${why})…`);
  const started = performance.now();
  run(part.command);
  fs.writeFileSync(stampFile, current);
  console.log(`npm start: built ${part.name} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  built++;
}
if (built === 0) console.log('npm start: nothing changed since the last build; starting.');
// The build's record (revision, hashes of what is built) is written on every start: the checkout
// may have moved to another commit with the same files.
run([path.join(root, 'dist-server/server/build-info/write-build-info.js')]);

// The service in a process of its own: Ctrl-C reaches it from the terminal, and a SIGTERM sent to
// this one is passed on, so it shuts down as it does when run directly.
const service = spawn(process.execPath, ['dist-server/server/index.js'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => service.kill(signal));
service.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
