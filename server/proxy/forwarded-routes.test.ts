import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readZap1Text } from 'zap1/testing';
import { FORWARDED_ROUTES, resolveForwarded, type ForwardedRoute } from './forwarded-routes.js';
import { localTarget, rewriteLinks, upstreamBase } from './upstream-headers.js';

const API_DIR = path.join('src', 'api');

interface Call {
  method: string;
  /** A concrete path: each `{name}` or `${…}` is the value `x`. */
  path: string;
}

/** The text of a call's arguments, from its opening parenthesis to the one that closes it. */
function argumentsAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open);
}

/** The requests the app's typed API module makes: the path its request calls name, and their method. */
function callsOfTheApp(): Call[] {
  const calls = new Map<string, Call>();
  for (const file of fs.readdirSync(API_DIR)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const text = fs.readFileSync(path.join(API_DIR, file), 'utf8');
    for (const match of text.matchAll(/(?:apiRequest(?:WithMeta)?|get|request)(\()\s*['`](\/[^'`?]*)/g)) {
      const args = argumentsAt(text, match.index + match[0].indexOf('('));
      const method = /method:\s*'([A-Z]+)'/.exec(args)?.[1] ?? 'GET';
      // A template's `${…}` is one path value.
      const call = { method, path: match[2]!.replace(/\$\{[^}]*\}/g, 'x') };
      calls.set(`${call.method} ${call.path}`, call);
    }
  }
  return [...calls.values()];
}

/** Every operation of the reference's API description (its own openapi.yaml), as `METHOD /path/{}`. */
function operationsOfOpenApi(): string[] {
  const doc: unknown = parse(readZap1Text('openapi.yaml'));
  const paths = typeof doc === 'object' && doc !== null && 'paths' in doc ? doc.paths : null;
  if (typeof paths !== 'object' || paths === null) throw new Error('openapi.yaml has no paths');
  const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
  return Object.entries(paths).flatMap(([template, operations]) =>
    Object.keys(typeof operations === 'object' && operations !== null ? operations : {})
      .filter((method) => methods.includes(method))
      .map((method) => keyOf(method.toUpperCase(), template)),
  );
}

/** One key per operation, whatever its path parameters are named. */
const keyOf = (method: string, template: string) => `${method} ${template.replace(/\{[^}]+\}/g, '{}')}`;
const routeKey = (route: ForwardedRoute) => keyOf(route.method, route.path);
const concrete = (template: string) => template.replace(/\{[^}]+\}/g, 'x');

/** The route a request is forwarded to, or null. */
function forwardedRoute(method: string, url: string): ForwardedRoute | null {
  const resolution = resolveForwarded(method, url);
  return resolution.kind === 'forward' ? resolution.route : null;
}

describe('forwarded routes', () => {
  it('include every request the app makes, for its method', () => {
    const calls = callsOfTheApp();
    expect(calls).toEqual(
      expect.arrayContaining([
        { method: 'GET', path: '/protocol/info' },
        { method: 'POST', path: '/trial-key' },
        { method: 'GET', path: '/verify/x/check' },
        { method: 'POST', path: '/anchor/now' },
      ]),
    );
    for (const call of calls) expect(forwardedRoute(call.method, call.path), call.path).not.toBeNull();
  });

  it("include every operation of the reference's API description, /build/info among them", () => {
    const operations = operationsOfOpenApi();
    expect(operations).toEqual(expect.arrayContaining(['GET /build/info', 'GET /verify/{}/proof.json']));
    expect(operations.length).toBeGreaterThanOrEqual(14);
    for (const operation of operations) {
      const [method = '', template = ''] = operation.split(' ');
      const route = forwardedRoute(method, concrete(template));
      expect(route && routeKey(route), operation).toBe(operation);
    }
  });

  it('forward nothing that is neither in the API description nor asked for by the app', () => {
    const described = new Set(operationsOfOpenApi());
    const used = new Set(
      callsOfTheApp().flatMap((call) => {
        const route = forwardedRoute(call.method, call.path);
        return route ? [routeKey(route)] : [];
      }),
    );
    const neither = FORWARDED_ROUTES.map(routeKey).filter((key) => !described.has(key) && !used.has(key));
    expect(neither).toEqual([]);
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
    expect(resolveForwarded('GET', '/lifecycle/w%3Fa%23b')).toMatchObject({
      kind: 'forward',
      path: '/lifecycle/w%3Fa%23b',
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
