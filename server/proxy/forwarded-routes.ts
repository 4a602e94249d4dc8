/**
 * What proxy mode forwards: every operation of the reference's API description
 * (packages/zap1/test/vectors/zap1/openapi.yaml), so a client written against it works through the proxy, and
 * the paths the app's typed API module (src/api/) calls, which include this service's extensions.
 * Nothing else leaves this process: the upstream's other paths (pages, scripts, anything it hosts)
 * would be served on the app's origin, where the app keeps its keys. `forwarded-routes.test.ts`
 * checks the table against both, each way.
 */
import { ApiError } from '../http/errors.js';

export type ForwardedMethod = 'GET' | 'POST';

export interface ForwardedRoute {
  method: ForwardedMethod;
  /** `{name}` is one path segment. */
  path: string;
  /** Answers an SVG badge (the only routes whose SVG is passed on). */
  svg?: true;
}

export const FORWARDED_ROUTES: readonly ForwardedRoute[] = [
  { method: 'GET', path: '/protocol/info' },
  { method: 'GET', path: '/build/info' },
  { method: 'GET', path: '/health' },
  { method: 'GET', path: '/stats' },
  { method: 'POST', path: '/trial-key' },
  { method: 'GET', path: '/key' },
  { method: 'POST', path: '/event' },
  { method: 'GET', path: '/events' },
  { method: 'GET', path: '/lookup' },
  { method: 'GET', path: '/verify/{leaf}/check' },
  { method: 'GET', path: '/verify/{leaf}/proof.json' },
  { method: 'GET', path: '/lifecycle/{wallet}' },
  { method: 'POST', path: '/memo/decode' },
  { method: 'GET', path: '/anchor/status' },
  { method: 'GET', path: '/anchor/history' },
  { method: 'GET', path: '/anchor/consistency' },
  { method: 'GET', path: '/anchor/evidence/{txid}' },
  { method: 'GET', path: '/anchor/attempts' },
  { method: 'GET', path: '/anchor/spend' },
  { method: 'POST', path: '/anchor/now' },
  { method: 'GET', path: '/admin/anchor/qr' },
  { method: 'POST', path: '/admin/anchor/record' },
  { method: 'GET', path: '/badge/status.svg', svg: true },
  { method: 'GET', path: '/badge/anchor/{txid_prefix}', svg: true },
];

/** The longest path value forwarded (the service's own router allows 300 characters). */
const MAX_SEGMENT = 300;

const PATTERNS = FORWARDED_ROUTES.map((route) => ({
  route,
  segments: route.path.split('/').slice(1),
}));

function matches(pattern: string[], segments: string[]): boolean {
  return (
    pattern.length === segments.length &&
    pattern.every((part, i) => (part.startsWith('{') ? segments[i] !== '' : part === segments[i]))
  );
}

export type Resolution =
  | {
      kind: 'forward';
      route: ForwardedRoute;
      /** The path to append to the upstream's base URL: every segment percent-encoded, no dot segments. */
      path: string;
      /** The query as the client sent it, with its `?`, or ''. */
      search: string;
    }
  | { kind: 'refuse'; error: ApiError };

const refuse = (error: ApiError): Resolution => ({ kind: 'refuse', error });
const malformed = (message: string): Resolution => refuse(new ApiError(400, 'malformed_request', message));

/**
 * The forwarded route a request names, decided on the path as the upstream would read it: each
 * segment decoded (so `%2e%2e` is `..`), dot segments resolved, and only then matched. A segment
 * that decodes to a slash, backslash or control character is refused rather than passed on
 * encoded, since servers in front of the upstream may decode it into a separator.
 */
export function resolveForwarded(method: string, rawUrl: string): Resolution {
  // An absolute-form request line ("GET http://elsewhere/") names another host.
  if (!rawUrl.startsWith('/')) return malformed('Only a path of the service can be forwarded.');
  const queryAt = rawUrl.indexOf('?');
  const rawPath = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  const search = queryAt === -1 ? '' : rawUrl.slice(queryAt);
  const resolved: string[] = [];
  for (const raw of rawPath.split('/').slice(1)) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return malformed('The path has a malformed percent-encoding.');
    }
    // eslint-disable-next-line no-control-regex
    if (/[/\\\u0000-\u001f\u007f]/.test(segment) || segment.length > MAX_SEGMENT)
      return malformed(
        'A path segment holds an encoded slash, backslash or control character, or is too long.',
      );
    if (segment === '.') continue;
    if (segment === '..') {
      if (resolved.length === 0) return malformed("The path leaves the service's base path.");
      resolved.pop();
      continue;
    }
    resolved.push(segment);
  }
  const verb = method === 'HEAD' ? 'GET' : method;
  const candidates = PATTERNS.filter((p) => matches(p.segments, resolved));
  const route = candidates.find((p) => p.route.method === verb)?.route;
  const path = `/${resolved.map(encodeURIComponent).join('/')}`;
  if (route) return { kind: 'forward', route, path, search };
  if (candidates.length > 0) {
    const allow = [
      ...new Set(candidates.flatMap((p) => (p.route.method === 'GET' ? ['GET', 'HEAD'] : [p.route.method]))),
    ];
    return refuse(
      new ApiError(
        405,
        'method_not_allowed',
        `${path} is forwarded for ${allow.join(', ')} only.`,
        undefined,
        {
          Allow: allow.join(', '),
        },
      ),
    );
  }
  return refuse(
    new ApiError(
      404,
      'not_found',
      `No route ${method} ${path}: proxy mode forwards only the paths of the ZAP1 API description and those the app uses.`,
    ),
  );
}
