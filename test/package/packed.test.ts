/**
 * The package as an outsider gets it: `npm pack`, the tarball installed into a fresh project outside
 * the repository (only its own dependencies come from the registry), and there the client runs
 * against the service from Node ESM, a page bundled with Vite verifies a bundle and decodes a memo
 * in Chromium, and `npx zap1-verify` checks the anchored proof.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeMemo, toHex } from 'zap1';
import { outputOf, type Run } from 'zap1/testing';
import { startListeningService, waitFor, type ListeningService } from '../client/service.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
/** The package's folder, found by its name as any workspace finds it. */
const packageDir = path.dirname(require.resolve('zap1/package.json'));

/** Runs a command in `cwd` with an environment free of the repository's npm settings. */
function run(command: string, args: string[], cwd: string, extra: Record<string, string> = {}): Promise<Run> {
  const env = {
    ...Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && name !== 'NODE_OPTIONS'),
    ),
    ...extra,
  };
  return outputOf(spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] }));
}

/** `run`, failing with what the command printed unless it exits 0. */
async function runOk(command: string, args: string[], cwd: string): Promise<string> {
  const result = await run(command, args, cwd);
  if (result.code !== 0)
    throw new Error(`${command} ${args.join(' ')} exited ${result.code}:\n${result.stderr}${result.stdout}`);
  return result.stdout;
}

/** Serves the files of `dir` (a built page) on a free port of 127.0.0.1. */
async function serveDir(dir: string): Promise<{ server: Server; url: string }> {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.json': 'application/json',
  };
  const server = createServer((request, response) => {
    const name = new URL(request.url ?? '/', 'http://page').pathname.replace(/^\/+/, '') || 'index.html';
    const file = path.resolve(dir, name);
    if (!file.startsWith(dir + path.sep)) return void response.writeHead(404).end();
    try {
      const body = readFileSync(file);
      response
        .writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' })
        .end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { server, url: `http://127.0.0.1:${address.port}` };
}

let service: ListeningService;
let project: string;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  service = await startListeningService();
  cleanups.push(() => service.close());
  const work = mkdtempSync(path.join(tmpdir(), 'zap1-outsider-'));
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));
  // `npm pack` runs the package's build (prepack) and writes the tarball an outsider installs.
  await runOk('npm', ['pack', '--pack-destination', work], packageDir);
  const tarballs = readdirSync(work).filter((name) => /^zap1-.*\.tgz$/.test(name));
  expect(tarballs).toHaveLength(1);
  const tarball = path.join(work, tarballs[0]!);
  project = path.join(work, 'project');
  cpSync(path.join(here, 'outsider'), project, { recursive: true });
  writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'zap1-outsider', private: true, type: 'module' }, null, 2),
  );
  await runOk(
    'npm',
    ['install', tarball, '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'],
    project,
  );
}, 240_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('the packed zap1, installed into a project outside the repository', () => {
  let leaf = '';

  it('ships its entries at flat paths of dist/, and nothing of the repository around it', () => {
    const installed = path.join(project, 'node_modules', 'zap1');
    const shipped = readdirSync(installed, { recursive: true, encoding: 'utf8' }).map((name) =>
      name.split(path.sep).join('/'),
    );
    for (const entry of ['index', 'verify', 'chain', 'node-rpc']) {
      expect(shipped).toContain(`dist/${entry}.js`);
      expect(shipped).toContain(`dist/${entry}.d.ts`);
    }
    expect(shipped).toContain('dist/cli/zap1-verify.js');
    expect(shipped).toContain('dist/cli/zap1.js');
    // No copy of the repository's layout, no sources, no tests, no test support.
    expect(
      shipped.filter((name) => /^(src|test)\/|^dist\/(packages|server|src|test)\/|\.test\./.test(name)),
    ).toEqual([]);
    const manifest = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
      bin: Record<string, string>;
    };
    expect(manifest.bin['zap1-verify']).toBe('dist/cli/zap1-verify.js');
    expect(manifest.bin['zap1']).toBe('dist/cli/zap1.js');
  });

  it('runs the client from Node ESM: trial key, event, check, proof, and the proof verifies', async () => {
    const out = await runOk(
      process.execPath,
      ['node-flow.mjs', service.url, `S-OUTSIDER-${Date.now()}`],
      project,
    );
    const result = JSON.parse(out) as {
      resolvedFrom: string;
      leaf: string;
      leafMatches: boolean;
      checkValid: boolean;
      valid: boolean;
    };
    expect(fileURLToPath(result.resolvedFrom)).toContain(
      path.join(project, 'node_modules', 'zap1') + path.sep,
    );
    expect(result).toMatchObject({ leafMatches: true, checkValid: true, valid: true });
    leaf = result.leaf;
  }, 60_000);

  it('bundles with Vite into a page that verifies a bundle and decodes a memo in Chromium', async () => {
    const pageDir = path.join(project, 'page');
    cpSync(path.join(project, 'proof.json'), path.join(pageDir, 'public', 'proof.json'));
    const vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
    await runOk(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', 'dist'], pageDir);
    const { server, url } = await serveDir(path.join(pageDir, 'dist'));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    cleanups.push(() => browser.close());
    const page = await browser.newPage();
    const root = 'ab'.repeat(32);
    await page.goto(`${url}/index.html?memo=${toHex(encodeMemo(0x09, root, { padTo512: true }))}`);
    await page.locator('#result[data-done="true"]').waitFor();
    const shown = JSON.parse((await page.locator('#result').textContent()) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(shown).toMatchObject({
      valid: true,
      memo: { format: 'zap1', event_label: 'MERKLE_ROOT', payload_hash: root },
      client: 'function',
    });
  }, 90_000);

  it('type-checks against the declarations of every entry, strictly, without the repository', async () => {
    writeFileSync(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          types: [],
          strict: true,
          noEmit: true,
          skipLibCheck: false,
        },
        files: ['types-check.ts'],
      }),
    );
    const tsc = require.resolve('typescript/bin/tsc');
    const result = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], project);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
  }, 60_000);

  it('runs npx zap1-verify from the installed tarball on the anchored proof', async () => {
    expect(leaf).toMatch(/^[0-9a-f]{64}$/);
    const client = (await import('zap1')).createClient({ baseUrl: service.url });
    await waitFor(async () => (await client.check(leaf)).anchor?.txid, 'the leaf to be anchored');
    writeFileSync(path.join(project, 'proof.json'), JSON.stringify(await client.proof(leaf)));
    const result = await run(
      'npx',
      ['--no', 'zap1-verify', 'proof.json', '--service', service.url, '--json'],
      project,
    );
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toMatchObject({ verdict: 'anchored', leaf });
    expect(result.code).toBe(0);
  }, 60_000);

  it('runs npx zap1 stamp, upgrade --wait and verify from the installed tarball', async () => {
    const env = { XDG_CONFIG_HOME: path.join(project, '.config') };
    writeFileSync(path.join(project, 'contract.txt'), `A contract signed at ${Date.now()}.\n`);
    const stamp = await run(
      'npx',
      ['--no', 'zap1', 'stamp', 'contract.txt', '--service', service.url],
      project,
      env,
    );
    expect(stamp.code, stamp.stdout + stamp.stderr).toBe(0);
    expect(stamp.stdout).toContain('1 document: 1 stamped');
    const upgrade = await run(
      'npx',
      ['--no', 'zap1', 'upgrade', 'contract.txt.zap1.json', '--wait', '--timeout', '60'],
      project,
      env,
    );
    expect(upgrade.code, upgrade.stdout + upgrade.stderr).toBe(0);
    const verify = await run('npx', ['--no', 'zap1', 'verify', 'contract.txt', '--json'], project, env);
    expect(verify.code, verify.stdout + verify.stderr).toBe(0);
    expect(JSON.parse(verify.stdout)).toMatchObject([{ file: 'contract.txt', verdict: 'anchored' }]);
  }, 120_000);
});
