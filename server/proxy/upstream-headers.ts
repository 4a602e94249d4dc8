/**
 * Which headers cross the proxy, each way, and what a forwarded answer may be. Both directions are
 * lists of what passes, not of what is stripped: a header nobody thought of (a client's
 * `X-Real-IP`, an upstream's `Refresh` or `Clear-Site-Data`) stays on its side.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
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
// Said of a body: not sent when none is forwarded (a GET's or HEAD's, which is not read), since
// a length no body follows makes the upstream read the next request on the shared connection as it.
const BODY_HEADERS = new Set(['content-encoding', 'content-length', 'content-type', 'transfer-encoding']);

// What the app reads or a browser caches by. `link`, `location` and `content-type` are written by
// the proxy, not copied; `content-disposition` is not passed (no forwarded route is a download, and
// the upstream's file name would be saved from this origin); nor is `www-authenticate` (the
// browser would prompt for a password on this origin; the service never sends it).
const RESPONSE_HEADERS = new Set([
  'allow',
  'cache-control',
  'content-encoding',
  'content-length',
  'etag',
  'expires',
  'last-modified',
  'retry-after',
  'vary',
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
  withBody: boolean,
): Record<string, string> {
  const scoped = connectionScoped(headers);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || !REQUEST_HEADERS.has(name) || scoped.has(name)) continue;
    if (!withBody && BODY_HEADERS.has(name)) continue;
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

/** A path a browser keeps on this origin: not `//host` or `/\host`, which name another one. */
function staysHere(path: string): boolean {
  return /^\/(?![/\\])/.test(path) && new URL(path, THIS_ORIGIN).origin === THIS_ORIGIN;
}

/**
 * A URL the upstream named (a Link target, a Location), as a path on this origin, or null to drop
 * it. A path from the root is the service naming its own path (it writes `</events?…>` without
 * knowing where it is mounted), so it stays, normalised, as long as it stays on this origin
 * (`/\evil.example` would not). Anything else is resolved against the upstream request's URL: one
 * under the upstream's base path becomes the same path here; any other origin or path is dropped.
 */
export function localTarget(target: string, requestUrl: URL, upstream: UpstreamBase): string | null {
  try {
    let path: string;
    if (target.startsWith('/') && !target.startsWith('//')) {
      const local = new URL(target, THIS_ORIGIN);
      if (local.origin !== THIS_ORIGIN) return null;
      path = local.pathname + local.search;
    } else {
      const resolved = new URL(target, requestUrl);
      const { origin, basePath } = upstream;
      if (resolved.origin !== origin || !resolved.pathname.startsWith(`${basePath}/`)) return null;
      path = resolved.pathname.slice(basePath.length) + resolved.search;
    }
    // Checked again as written: normalising `/.//evil.example` or cutting the base off
    // `/base//evil.example` gives a path that starts `//`, another host to a browser.
    return staysHere(path) ? path : null;
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

type UpstreamMessage = Pick<IncomingMessage, 'headers' | 'rawHeaders'>;

/**
 * The one media type the upstream named, lowercased ('' for none), or null when it named several:
 * a repeated header or a list, whose last type is the one a browser goes by.
 */
function mediaType(message: UpstreamMessage): string | null {
  let named = 0;
  for (let i = 0; i < message.rawHeaders.length; i += 2)
    if (message.rawHeaders[i]?.toLowerCase() === 'content-type') named++;
  const value = message.headers['content-type'] ?? '';
  if (named > 1 || value.includes(',')) return null;
  return value.split(';')[0]!.trim().toLowerCase();
}

/** The answer's media type for a message: only a plain type token, never the upstream's text as is. */
export function describeType(message: UpstreamMessage): string {
  const type = mediaType(message);
  if (type === null) return 'several content types';
  if (type === '') return 'no content type';
  return /^[a-z0-9!#$&^_.+-]{1,60}\/[a-z0-9!#$&^_.+-]{1,60}$/.test(type)
    ? type
    : 'an unreadable content type';
}

export type AnswerKind = 'json' | 'svg' | 'text' | 'empty';

export interface Answer {
  kind: AnswerKind;
  /** The Content-Type the proxy writes for the kind it accepted (never the upstream's text), or null. */
  contentType: string | null;
}

function bodyAnswer(route: ForwardedRoute, status: number, type: string): Answer | null {
  // The type is matched whole, so writing it back is safe; JSON is UTF-8 (RFC 8259).
  if (type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type))
    return { kind: 'json', contentType: `${type}; charset=utf-8` };
  if (type === 'image/svg+xml' && route.svg === true) return { kind: 'svg', contentType: type };
  // The upstream's charset is not passed on (UTF-7 would read `+ADw-` as `<`).
  if (type === 'text/plain' && status >= 400)
    return { kind: 'text', contentType: 'text/plain; charset=utf-8' };
  return null;
}

/**
 * What an upstream answer is, or null when it is none of what a ZAP1 service answers: JSON, an
 * SVG badge (on the badge routes), a plain-text error (the reference's errors), or no body.
 */
export function upstreamAnswer(
  route: ForwardedRoute,
  method: string,
  status: number,
  message: UpstreamMessage,
): Answer | null {
  const type = mediaType(message);
  if (method === 'HEAD' || status === 204 || status === 304) {
    // No body: the type a GET would be answered with, when that one is passed on.
    const asGet = type === null ? null : bodyAnswer(route, status, type);
    return { kind: 'empty', contentType: asGet?.contentType ?? null };
  }
  if (type === null) return null;
  if (type === '' && message.headers['content-length'] === '0') return { kind: 'empty', contentType: null };
  return bodyAnswer(route, status, type);
}
