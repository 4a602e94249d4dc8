/** /build/info and the build metadata behind it: what was built, from which revision, with which lock file. */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  buildHash,
  collectBuildMetadata,
  installedFromLockFile,
  type BuildMetadata,
} from '../build-info/build-metadata.js';
import { makeTestApp, tempDir } from '../test-helpers.js';
import { BuildInfoSchema } from './build.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

const METADATA: BuildMetadata = {
  source_revision: 'a'.repeat(40),
  source_tree: 'b'.repeat(40),
  source_manifest_sha256: 'c'.repeat(64),
  source_manifest_verified: true,
  lock_file_sha256: 'd'.repeat(64),
  build_sha256: 'e'.repeat(64),
  installed_from_lock_file: true,
  build_paths_relative: true,
  built_at: '2026-11-24T00:00:00.000Z',
  node_version: 'v20.20.0',
};

describe('build metadata', () => {
  it('names the checked-out commit, its tree, and the lock file by their hashes', () => {
    const m = collectBuildMetadata(repoRoot);
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
    expect(m.source_revision).toBe(git('rev-parse', 'HEAD'));
    expect(m.source_tree).toBe(git('rev-parse', 'HEAD^{tree}'));
    expect(m.source_manifest_sha256).toBe(sha256(execFileSync('git', ['ls-files', '-s'], { cwd: repoRoot })));
    expect(m.lock_file_sha256).toBe(sha256(fs.readFileSync(path.join(repoRoot, 'package-lock.json'))));
    // The tests run on dependencies installed from the lock file (npm ci / npm install).
    expect(m.installed_from_lock_file).toBe(true);
  });

  it("tells whether the installed dependencies are exactly the lock file's, and whether a built file holds its build folder", () => {
    const root = tempDir();
    try {
      const lock = {
        packages: {
          '': {},
          'node_modules/a': { version: '1.0.0', integrity: 'sha512-a' },
          'node_modules/opt': { version: '1.0.0', optional: true },
        },
      };
      fs.writeFileSync(path.join(root, 'package-lock.json'), JSON.stringify(lock));
      fs.mkdirSync(path.join(root, 'node_modules'));
      const installed = (packages: object) =>
        fs.writeFileSync(path.join(root, 'node_modules', '.package-lock.json'), JSON.stringify({ packages }));
      installed({ 'node_modules/a': { version: '1.0.0', integrity: 'sha512-a' } });
      expect(installedFromLockFile(root)).toBe(true);
      installed({ 'node_modules/a': { version: '1.0.1', integrity: 'sha512-b' } });
      expect(installedFromLockFile(root)).toBe(false);
      installed({});
      expect(installedFromLockFile(root)).toBe(false);

      fs.mkdirSync(path.join(root, 'dist-server'));
      fs.writeFileSync(path.join(root, 'dist-server', 'a.js'), 'relative()');
      expect(collectBuildMetadata(root).build_paths_relative).toBe(true);
      fs.writeFileSync(path.join(root, 'dist-server', 'b.js'), `load("${root}/x")`);
      expect(collectBuildMetadata(root).build_paths_relative).toBe(false);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('hashes every built file, so one changed byte changes the build hash; maps and itself do not count', () => {
    const root = tempDir();
    try {
      fs.mkdirSync(path.join(root, 'dist-server', 'server'), { recursive: true });
      fs.mkdirSync(path.join(root, 'dist', 'app', 'assets'), { recursive: true });
      fs.writeFileSync(path.join(root, 'dist-server', 'server', 'index.js'), 'listen()');
      fs.writeFileSync(path.join(root, 'dist', 'app', 'assets', 'app.js'), 'render()');
      const first = buildHash(root);
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      fs.writeFileSync(path.join(root, 'dist', 'app', 'assets', 'app.js.map'), '{}');
      fs.writeFileSync(path.join(root, 'dist-server', 'build-info.json'), '{}');
      expect(buildHash(root)).toBe(first);
      fs.writeFileSync(path.join(root, 'dist', 'app', 'assets', 'app.js'), 'render();');
      expect(buildHash(root)).not.toBe(first);
      expect(buildHash(tempDir())).toBeNull();
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('GET /build/info', () => {
  it('gives the reference shape from the build metadata, with a deployed image only when well-formed', async () => {
    const t = await makeTestApp(
      {
        ZAP1_DEPLOYMENT_IMAGE_ID: `sha256:${'f'.repeat(64)}`,
        BUILD_SOURCE_URL: 'https://forge.example/zap1/commit/{rev}',
      },
      { buildMetadata: METADATA },
    );
    try {
      const res = await t.app.inject({ url: '/build/info' });
      expect(res.statusCode).toBe(200);
      const body = BuildInfoSchema.parse(res.json());
      expect(body.deployment).toMatchObject({ image_id: `sha256:${'f'.repeat(64)}`, image_id_present: true });
      expect(body.source).toMatchObject({
        deployment_revision: METADATA.source_revision,
        source_tree: METADATA.source_tree,
        source_manifest_verified: true,
        public_evidence_url: `https://forge.example/zap1/commit/${'a'.repeat(40)}`,
      });
      expect(body.build_assurance).toMatchObject({
        metadata_available: true,
        metadata_complete: true,
        cargo_locked: true,
        path_remapping: true,
      });
      expect(body.deployment.binding).toMatch(/^The deployment image ID is injected by the operator/);
      expect(body.build_metadata).toMatchObject({ build_sha256: METADATA.build_sha256 });
    } finally {
      await t.close();
    }
  });

  it('says so when run from source (no metadata) and drops a malformed image id', async () => {
    const t = await makeTestApp({ ZAP1_DEPLOYMENT_IMAGE_ID: 'latest' });
    try {
      const body = BuildInfoSchema.parse((await t.app.inject({ url: '/build/info' })).json());
      expect(body.deployment).toMatchObject({ image_id: null, image_id_present: false });
      expect(body.build_assurance).toMatchObject({ metadata_available: false, metadata_complete: false });
      expect(body.source.public_evidence_url).toBe('not published');
    } finally {
      await t.close();
    }
  });
});
