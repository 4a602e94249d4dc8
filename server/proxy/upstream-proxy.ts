/**
 * Proxy mode (`UPSTREAM_URL`): the web app served from this origin, and every other path forwarded
 * to another ZAP1 deployment, so the browser never makes a cross-origin call (most deployments
 * allow browser calls only from their own sites). This process keeps no store, keys or anchoring:
 * it streams each answer back as the upstream gave it (status, `Retry-After`, `Link`, body), adds
 * no credentials of its own (a key the user keeps goes through as the user sent it), and answers
 * in the service's JSON error shape when the upstream cannot be reached or is too slow.
 */
import { randomUUID } from 'node:crypto';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { Transform, type Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { jsonClientErrorHandler, timedServerFactory } from '../http/connections.js';
import { ApiError, errorBody, toApiError } from '../http/errors.js';
import { escapeMarkup } from '../http/markup.js';
import { useSecurityHeaders } from '../http/security-headers.js';
import { serveWebApp } from '../http/web-app.js';

/** A forwarded request body larger than this is refused (ZAP1 bodies are a few kilobytes). */
export const PROXY_BODY_LIMIT = 1024 * 1024;
/** Names the upstream on every forwarded answer. */
export const UPSTREAM_HEADER = 'x-zap1-upstream';

// Headers that describe one connection, not the message (RFC 9110 7.6.1), never forwarded.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
// Of the browser's request: this site's own cookies and origin are not the upstream's business, and
// the client address is set here, not taken from the client.
const DROPPED_REQUEST_HEADERS = new Set(['host', 'cookie', 'origin', 'referer', 'x-forwarded-for']);
// Of the upstream's answer: its CORS grants and cookies mean nothing on this origin, and this
// site's security headers (helmet) are not the upstream's to change.
const DROPPED_RESPONSE_PREFIXES = ['access-control-', 'cross-origin-'];
const DROPPED_RESPONSE_HEADERS = new Set([
  'set-cookie',
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'strict-transport-security',
]);

export interface ProxyAppOptions {
  config: Config;
  /** Base URL of the upstream ZAP1 service, without a trailing slash. */
  upstreamUrl: string;
  /** Built web app to serve under /app/. */
  staticDir?: string | null;
  log?: 'requests' | 'errors' | 'off';
}

function forwardedRequestHeaders(headers: IncomingHttpHeaders, clientIp: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || DROPPED_REQUEST_HEADERS.has(name)) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  out['x-forwarded-for'] = clientIp;
  return out;
}

function forwardedResponseHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || DROPPED_RESPONSE_HEADERS.has(name)) continue;
    if (DROPPED_RESPONSE_PREFIXES.some((prefix) => name.startsWith(prefix))) continue;
    out[name] = value;
  }
  return out;
}

/** Passes a body through, failing once more than `limit` bytes have come. */
function limitBytes(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) callback(new ApiError(413, 'payload_too_large', `The body is over ${limit} bytes.`));
      else callback(null, chunk);
    },
  });
}

function sendError(reply: FastifyReply, error: ApiError): void {
  if (reply.sent || reply.raw.headersSent) {
    // The answer was already streaming: all that is left is to cut it, so the client sees it broke.
    reply.raw.destroy();
    return;
  }
  void reply.code(error.statusCode).type('application/json; charset=utf-8').send(errorBody(error));
}

/** Forwards one request and streams the upstream's answer; resolves once the answer has started. */
function forward(
  request: FastifyRequest,
  reply: FastifyReply,
  upstreamUrl: string,
  timeoutMs: number,
): Promise<void> {
  // Only paths go upstream: an absolute-form request line ("GET http://elsewhere/") names another host.
  const target = request.url.startsWith('/') ? new URL(upstreamUrl + request.url) : null;
  if (target === null || target.origin !== new URL(upstreamUrl).origin) {
    sendError(reply, new ApiError(400, 'malformed_request', 'Only a path of the service can be forwarded.'));
    return Promise.resolve();
  }
  const client = target.protocol === 'https:' ? https : http;
  const declaredLength = Number(request.headers['content-length'] ?? 0);
  if (declaredLength > PROXY_BODY_LIMIT) {
    sendError(reply, new ApiError(413, 'payload_too_large', `The body is over ${PROXY_BODY_LIMIT} bytes.`));
    return Promise.resolve();
  }
  return new Promise<void>((resolve) => {
    let settled = false;
    const fail = (error: ApiError): void => {
      clearTimeout(timer);
      if (!settled) {
        settled = true;
        sendError(reply, error);
        resolve();
      } else if (!reply.raw.writableEnded) reply.raw.destroy();
    };
    const upstreamRequest = client.request(
      target,
      { method: request.method, headers: forwardedRequestHeaders(request.headers, request.ip) },
      (response: IncomingMessage) => {
        clearTimeout(timer);
        if (settled) return response.resume();
        settled = true;
        // A stalled body after the headers is cut after the same wait.
        response.setTimeout(timeoutMs, () => response.destroy());
        void reply
          .code(response.statusCode ?? 502)
          .headers(forwardedResponseHeaders(response.headers))
          .header(UPSTREAM_HEADER, upstreamUrl)
          .send(response);
        resolve();
      },
    );
    const timer = setTimeout(() => {
      fail(
        new ApiError(
          504,
          'upstream_timeout',
          `The upstream ZAP1 service at ${upstreamUrl} did not answer within ${Math.round(timeoutMs / 100) / 10} s.`,
        ),
      );
      upstreamRequest.destroy();
    }, timeoutMs);
    upstreamRequest.on('error', (error: NodeJS.ErrnoException) => {
      const reason = error.code ?? error.message;
      fail(
        new ApiError(
          502,
          'upstream_unreachable',
          `The upstream ZAP1 service at ${upstreamUrl} could not be reached (${reason}).`,
        ),
      );
    });
    const body = request.body as Readable | undefined;
    if (body === undefined) {
      upstreamRequest.end();
      return;
    }
    const limiter = limitBytes(PROXY_BODY_LIMIT);
    limiter.on('error', (error) => {
      upstreamRequest.destroy();
      fail(
        error instanceof ApiError
          ? error
          : new ApiError(400, 'malformed_request', 'The body could not be read.'),
      );
    });
    body.pipe(limiter).pipe(upstreamRequest);
  });
}

/** `<meta name="zap1-upstream">` in the app's page, so the app's header can name the deployment it shows. */
function nameUpstreamInIndex(upstreamUrl: string): (html: string) => string {
  const meta = `<meta name="zap1-upstream" content="${escapeMarkup(upstreamUrl)}" />`;
  return (html) => html.replace('<head>', `<head>\n    ${meta}`);
}

export async function buildProxyApp(options: ProxyAppOptions): Promise<FastifyInstance> {
  const { config, upstreamUrl } = options;
  const log = options.log ?? 'off';
  const app = Fastify({
    logger: log === 'off' ? false : { level: log === 'requests' ? 'info' : 'error' },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    serverFactory: timedServerFactory(config),
    clientErrorHandler: jsonClientErrorHandler,
    routerOptions: { maxParamLength: 300 },
  });
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  // Bodies are not parsed here: the upstream reads them as the client sent them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  app.setErrorHandler((error, _request, reply) => {
    sendError(reply, toApiError(error));
  });

  await useSecurityHeaders(app);
  await serveWebApp(app, options.staticDir ?? null, nameUpstreamInIndex(upstreamUrl));
  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/*',
    handler: async (request, reply) => {
      await forward(request, reply, upstreamUrl, config.upstreamTimeoutMs);
      return reply;
    },
  });
  return app;
}
