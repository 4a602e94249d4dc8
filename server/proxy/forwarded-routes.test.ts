import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORWARDED_ROUTES, resolveForwarded } from './forwarded-routes.js';
import { localTarget, rewriteLinks, upstreamBase } from './upstream-headers.js';

const API_DIR = path.join('src', 'api');

/** The paths the app's typed API module asks for: the first argument of its request calls. */
function pathsTheAppCalls(): string[] {
  const paths = new Set<string>();
  for (const file of fs.readdirSync(API_DIR)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const text = fs.readFileSync(path.join(API_DIR, file), 'utf8');
    for (const match of text.matchAll(/(?:apiRequest(?:WithMeta)?|get|request)\(\s*['`](\/[^'`?]*)/g)) {
      // A template's `${…}` is one path value.
      paths.add(match[1]!.replace(/\$\{[^}]*\}/g, 'x'));
    }
  }
  return [...paths];
}

describe('forwarded routes', () => {
  it('include every path the app calls', () => {
    const called = pathsTheAppCalls();
    expect(called).toEqual(expect.arrayContaining(['/protocol/info', '/trial-key', '/verify/x/check']));
    for (const p of called) {
      const forwarded = ['GET', 'POST', 'DELETE'].some(
        (method) => resolveForwarded(method, p).kind === 'forward',
      );
      expect(forwarded, p).toBe(true);
    }
  });

  it('are declared once each', () => {
    const keys = FORWARDED_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('match HEAD as GET, keep the query as sent and re-encode each path value', () => {
    expect(resolveForwarded('HEAD', '/events?limit=5&before=%2e')).toMatchObject({
      kind: 'forward',
      path: '/events',
      search: '?limit=5&before=%2e',
    });
    expect(resolveForwarded('GET', '/lifecycle/w%3Fa%23b/export')).toMatchObject({
      kind: 'forward',
      path: '/lifecycle/w%3Fa%23b/export',
    });
    expect(resolveForwarded('GET', '/%73tats')).toMatchObject({ kind: 'forward', path: '/stats' });
  });

  it('refuse a malformed escape and an absolute-form target', () => {
    for (const url of ['/verify/%zz/check', 'http://elsewhere.example/stats', '*'])
      expect(resolveForwarded('GET', url), url).toMatchObject({
        kind: 'refuse',
        error: { statusCode: 400, code: 'malformed_request' },
      });
  });
});

describe("the upstream's URLs in Link and Location", () => {
  const upstream = upstreamBase('http://127.0.0.1:18090/base');
  const request = new URL('http://127.0.0.1:18090/base/events?limit=2');

  it("become this origin's paths when they name the upstream under its base path", () => {
    expect(localTarget('http://127.0.0.1:18090/base/events?before=3', request, upstream)).toBe(
      '/events?before=3',
    );
    expect(localTarget('events?before=3', request, upstream)).toBe('/events?before=3');
    expect(localTarget('/events?before=3', request, upstream)).toBe('/events?before=3');
  });

  it('are dropped when they lead to another origin or out of the base path', () => {
    for (const target of [
      'http://evil.example/base/events',
      '//evil.example/x',
      '/\\evil.example/x',
      '/.//evil.example/steal',
      '/./\\evil.example/x',
      'http://127.0.0.1:18090/base//evil.example/x',
      'http://127.0.0.1:18090/base/.//evil.example/x',
      'https://127.0.0.1:18090/base/events',
      'http://127.0.0.1:18090/secret',
      'http://127.0.0.1:18090/basement/x',
      '../secret',
      'javascript:alert(1)',
    ])
      expect(localTarget(target, request, upstream), target).toBeNull();
  });

  it('keep the links that stay here and drop the rest, a quoted comma included', () => {
    expect(
      rewriteLinks(
        '<http://evil.example/>; rel="prev"; title="a, b", </events?before=3>; rel="next"',
        request,
        upstream,
      ),
    ).toBe('</events?before=3>; rel="next"');
    expect(rewriteLinks('<http://evil.example/>; rel="preconnect"', request, upstream)).toBeNull();
    expect(rewriteLinks('not a link', request, upstream)).toBeNull();
  });
});
