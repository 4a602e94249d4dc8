/**
 * Which browser requests another site started. A page on any site can make its visitor's browser
 * send a simple POST (`fetch(url, {mode: 'no-cors', method: 'POST'})`) without reading the answer;
 * for an open route such as `POST /trial-key` that spends the visitor's per-address budget. Browsers
 * say where a request comes from, in headers a page cannot set: `Sec-Fetch-Site` (current browsers)
 * and `Origin` (older ones too). Clients that send neither (curl, scripts, ZAP1 clients) are not a
 * page acting for someone else, and pass.
 *
 * Allowed: an `Origin` that is this service's own or listed in `CORS_ORIGINS` (`*` allows any);
 * else `Sec-Fetch-Site: same-origin` or `none` (the user's own action). Refused: any other
 * `Sec-Fetch-Site` (`cross-site`, and `same-site`, since a sibling subdomain may be someone
 * else's: list it in `CORS_ORIGINS` to allow it), or an `Origin` that is not allowed (including
 * `null`) when `Sec-Fetch-Site` is absent.
 */
import type { FastifyRequest } from 'fastify';
import type { ProxyTrust } from './client-address.js';

type HeaderValue = string | string[] | undefined;

/** One header value; a repeated header (no browser repeats these) is kept joined, so it matches nothing. */
function single(value: HeaderValue): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}

function list(value: HeaderValue): string[] {
  return (single(value) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * The origins this service is reached at: the request's scheme and `Host`; behind proxies the
 * operator trusts (`TRUST_PROXY`), also the schemes and hosts they report in `X-Forwarded-Proto`
 * and `X-Forwarded-Host` (TLS usually ends at the proxy).
 */
export function ownOrigins(request: FastifyRequest, trust: ProxyTrust): string[] {
  const behindProxy = trust.kind !== 'none';
  const protocols = [request.protocol, ...(behindProxy ? list(request.headers['x-forwarded-proto']) : [])];
  const hosts = [request.host, ...(behindProxy ? list(request.headers['x-forwarded-host']) : [])];
  const origins = new Set<string>();
  for (const protocol of protocols) {
    if (protocol !== 'http' && protocol !== 'https') continue;
    for (const host of hosts) {
      // A browser wrote Host itself (a page cannot), so it names the site the request went to.
      try {
        origins.add(new URL(`${protocol}://${host}`).origin);
      } catch {
        // Not a host: no origin from it.
      }
    }
  }
  return [...origins];
}

/** Whether a request is a browser page's from another site (see the module comment). */
export function isCrossSiteRequest(request: {
  secFetchSite: HeaderValue;
  origin: HeaderValue;
  ownOrigins: readonly string[];
  corsOrigins: readonly string[];
}): boolean {
  const origin = single(request.origin);
  const site = single(request.secFetchSite);
  if (
    origin !== undefined &&
    (request.corsOrigins.includes('*') ||
      (origin !== 'null' && (request.ownOrigins.includes(origin) || request.corsOrigins.includes(origin))))
  ) {
    return false;
  }
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  return origin !== undefined;
}
