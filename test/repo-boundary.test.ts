/**
 * A clone must pass its tests with nothing beside it: no file of the project may read or cite a
 * path outside the repository. This walks every project file (not node_modules or build output)
 * and fails naming each file and the path it reaches for.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './repo-root.js';

/** Folders that are not the project's own text: installed packages, build and test output. */
const SKIPPED_DIRS = new Set([
  '.git',
  'node_modules',
  'dist',
  'dist-server',
  'data',
  'test-results',
  'playwright-report',
  '.e2e-data',
]);
const CODE_FILE = /\.(ts|tsx|js|mjs|cjs|css|html|json|ya?ml|sh)$/;
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|css|html|json|ya?ml|sh|md)$/;
/** The conformance data is copied unchanged from its source; its own README names the source's files. */
const VERBATIM_DIR = path.join('packages', 'zap1', 'test', 'vectors', 'zap1');
/** This file, whose examples below are the very paths it forbids. */
const THIS_FILE = path.join('test', 'repo-boundary.test.ts');

function projectFiles(dir = REPO_ROOT): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) out.push(...projectFiles(path.join(dir, entry.name)));
    } else if (entry.isFile() && (TEXT_FILE.test(entry.name) || entry.name === 'run')) {
      const relative = path.relative(REPO_ROOT, path.join(dir, entry.name));
      const own = !relative.startsWith(VERBATIM_DIR) && relative !== THIS_FILE;
      if (own && relative !== 'package-lock.json') out.push(relative);
    }
  }
  return out;
}

const isInside = (absolute: string): boolean => {
  const relative = path.relative(REPO_ROOT, absolute);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/**
 * Paths in `text` (a file at `file`, relative to the repository) that lead out of the repository:
 * a relative path that climbs out from the file's folder, a `..` path joined to a repository-root
 * variable, or a cited `.md` document (in code) that does not exist in the repository.
 */
export function pathsOutside(file: string, text: string): string[] {
  const found: string[] = [];
  const dir = path.dirname(path.join(REPO_ROOT, file));
  for (const match of text.matchAll(/(?:\.\.\/)+[\w.@-][\w./@-]*/g)) {
    if (!isInside(path.resolve(dir, match[0]))) found.push(match[0]);
  }
  for (const match of text.matchAll(/(?:resolve|join)\(\s*\w*root\w*\s*,\s*['"`](\.\.\/[^'"`]*)/gi)) {
    const target = match[1] ?? '';
    if (!isInside(path.resolve(REPO_ROOT, target))) found.push(target);
  }
  if (CODE_FILE.test(file)) {
    for (const match of text.matchAll(/(?<![\w./-])[\w./-]*[\w-]\.md\b/g)) {
      const cited = match[0];
      const exists = [path.resolve(REPO_ROOT, cited), path.resolve(dir, cited)].some(
        (candidate) => isInside(candidate) && existsSync(candidate),
      );
      if (!exists) found.push(cited);
    }
  }
  return found;
}

describe('the repository stands on its own', () => {
  it('finds the kinds of reach it guards against', () => {
    expect(pathsOutside('packages/zap1/src/x.test.ts', "path.resolve(repoRoot, '../beside/zap1')")).toEqual([
      '../beside/zap1',
    ]);
    expect(pathsOutside('server/x.ts', "readFileSync('../../../elsewhere/data.json')")).toEqual([
      '../../../elsewhere/data.json',
    ]);
    expect(pathsOutside('server/x.ts', '// as design.md decision 9 says')).toEqual(['design.md']);
    expect(pathsOutside('server/x.ts', '// as docs/architecture.md decision 9 says')).toEqual([]);
    expect(pathsOutside('src/features/a/b.tsx', "import { x } from '../../core';")).toEqual([]);
  });

  it('no project file reads or cites a path outside the repository', () => {
    const files = projectFiles();
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((file) =>
      pathsOutside(file, readFileSync(path.join(REPO_ROOT, file), 'utf8')).map((p) => `${file}: ${p}`),
    );
    expect(offenders).toEqual([]);
  });
});
