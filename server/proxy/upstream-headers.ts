/**
 * Which headers cross the proxy, each way, and what a forwarded answer may be. Both directions are
 * lists of what passes, not of what is stripped: a header nobody thought of (a client's
 * `X-Real-IP`, an upstream's `Refresh` or `Clear-Site-Data`) stays on its side.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { ForwardedRoute } from './forwarded-routes.js';

// What the app (and a ZAP1 client) sends that the upstream reads. Not Host, cookies, Origin or
// Referer (this site's business), and no client address header: that one is set by the proxy.
// Sec-Fetch-Site is the browser's word on whether a page of another site sent the request (to this
// origin, which is the one the user sees), so the upstream can still refuse one.
const REQUEST_HEADERS = new Set([
  'accept',
  'accept-encoding',
  'accept-language',
  'authorization',
  'cache-control',
  'content-encoding',
  'content-length',
  'content-type',
  'if-match',
  'if-modified-since',
  'if-none-match',
  'pragma',
  'sec-fetch-site',
  'user-agent',
]);

// What the app reads or a browser caches by. `link` and `location` are rewritten, not copied.
const RESPONSE_HEADERS = new Set([
  'allow',
  'cache-control',
  'content-disposition',
  'content-encoding',
  'content-length',
  'content-type',
  'etag',
  'expires',
  'last-modified',
  'retry-after',
  'vary',
  'www-authenticate',
  'x-request-id',
]);
const RESPONSE_PREFIXES = ['ratelimit-', 'x-ratelimit-'];

/** Every forwarded answer: a document that runs nothing and reaches nothing, even if opened directly. */
export const FORWARDED_CSP = "sandbox; default-src 'none'";
/** A badge may style itself; script still falls to default-src 'none'. */
export const SVG_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'";

/** Headers the sender named in `Connection:`: they describe that one connection (RFC 9110 7.6.1). */
function connectionScoped(headers: IncomingHttpHeaders): Set<string> {
  const value = headers.connection;
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  return new Set(
    text
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter((s) => s !== ''),
  );
}

export function forwardedRequestHeaders(
  headers: IncomingHttpHeaders,
  clientAddress: string,
): Record<string, string> {
  const scoped = connectionScoped(headers);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || !REQUEST_HEADERS.has(name) || scoped.has(name)) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  out['x-forwarded-for'] = clientAddress;
  return out;
}

/** Where the upstream lives, to tell its own URLs from other origins. */
export interface UpstreamBase {
  origin: string;
  /** The base URL's path without a trailing slash ('' at the root). */
  basePath: string;
}

export function upstreamBase(upstreamUrl: string): UpstreamBase {
  const url = new URL(upstreamUrl);
  return { origin: url.origin, basePath: url.pathname.replace(/\/+$/, '') };
}

const THIS_ORIGIN = 'http://this-origin.invalid';

/**
 * A URL the upstream named (a Link target, a Location), as a path on this origin, or null to drop
 * it. A path from the root is the service naming its own path (it writes `</events?…>` without
 * knowing where it is mounted), so it stays, normalised, as long as it stays on this origin
 * (`/\evil.example` would not). Anything else is resolved against the upstream request's URL: one
 * under the upstream's base path becomes the same path here; any other origin or path is dropped.
 */
export function localTarget(target: string, requestUrl: URL, upstream: UpstreamBase): string | null {
  try {
    if (target.startsWith('/') && !target.startsWith('//')) {
      const local = new URL(target, THIS_ORIGIN);
      return local.origin === THIS_ORIGIN ? local.pathname + local.search : null;
    }
    const resolved = new URL(target, requestUrl);
    const { origin, basePath } = upstream;
    if (resolved.origin !== origin || !resolved.pathname.startsWith(`${basePath}/`)) return null;
    return resolved.pathname.slice(basePath.length) + resolved.search;
  } catch {
    return null;
  }
}

/** One `Link` header value, its links rewritten to this origin; links elsewhere are left out. */
export function rewriteLinks(value: string, requestUrl: URL, upstream: UpstreamBase): string | null {
  const kept: string[] = [];
  // `<target>; params`, comma-separated; a quoted parameter may hold a comma.
  const linkPattern = /\s*<([^>]*)>((?:[^,"]|"(?:[^"\\]|\\.)*")*)(?:,|$)/y;
  let match: RegExpExecArray | null;
  while (linkPattern.lastIndex < value.length && (match = linkPattern.exec(value)) !== null) {
    const target = localTarget(match[1] ?? '', requestUrl, upstream);
    if (target !== null) kept.push(`<${target}>${(match[2] ?? '').trimEnd()}`);
  }
  // Whatever did not parse as a link is not passed on either.
  return kept.length > 0 ? kept.join(', ') : null;
}

export function forwardedResponseHeaders(
  headers: IncomingHttpHeaders,
  requestUrl: URL,
  upstream: UpstreamBase,
): Record<string, string | string[]> {
  const scoped = connectionScoped(headers);
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || scoped.has(name)) continue;
    if (RESPONSE_HEADERS.has(name) || RESPONSE_PREFIXES.some((prefix) => name.startsWith(prefix)))
      out[name] = value;
  }
  const links = [headers.link ?? []]
    .flat()
    .map((link) => rewriteLinks(link, requestUrl, upstream))
    .filter((link): link is string => link !== null);
  if (links.length > 0 && !scoped.has('link')) out.link = links;
  const location =
    headers.location === undefined ? null : localTarget(headers.location, requestUrl, upstream);
  if (location !== null && !scoped.has('location')) out.location = location;
  return out;
}

function mediaType(headers: IncomingHttpHeaders): string {
  return (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The answer's media type for a message: only a plain type token, never the upstream's text as is. */
export function describeType(headers: IncomingHttpHeaders): string {
  const type = mediaType(headers);
  if (type === '') return 'no content type';
  return /^[a-z0-9!#$&^_.+-]{1,60}\/[a-z0-9!#$&^_.+-]{1,60}$/.test(type)
    ? type
    : 'an unreadable content type';
}

export type AnswerKind = 'json' | 'svg' | 'text' | 'empty';

/**
 * What an upstream answer is, or null when it is none of what a ZAP1 service answers: JSON, an
 * SVG badge (on the badge routes), a plain-text error (the reference's errors), or no body.
 */
export function answerKind(
  route: ForwardedRoute,
  method: string,
  status: number,
  headers: IncomingHttpHeaders,
): AnswerKind | null {
  if (method === 'HEAD' || status === 204 || status === 304) return 'empty';
  const type = mediaType(headers);
  if (type === '' && headers['content-length'] === '0') return 'empty';
  if (type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type)) return 'json';
  if (type === 'image/svg+xml' && route.svg === true) return 'svg';
  if (type === 'text/plain' && status >= 400) return 'text';
  return null;
}
