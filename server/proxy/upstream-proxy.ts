/**
 * Proxy mode (`UPSTREAM_URL`): the web app served from this origin, and the ZAP1 API paths (those
 * of the reference's API description and those the app calls, forwarded-routes.ts) forwarded to
 * another ZAP1 deployment, so the browser never makes a cross-origin call (most deployments allow
 * browser calls only from their own sites). This process
 * keeps no store, keys or anchoring: it streams each answer back (status, `Retry-After`, `Link`,
 * body), adds no credentials of its own (a key the user keeps goes through as the user sent it), and
 * answers in the service's JSON error shape when the upstream cannot be reached, is too slow, or
 * answers with something a ZAP1 service does not (a page or a script would run on the app's origin).
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { clientAddressOf } from '../http/client-address.js';
import { ApiError, errorBody, toApiError } from '../http/errors.js';
import { escapeMarkup } from '../http/markup.js';
import { useSecurityHeaders } from '../http/security-headers.js';
import { serveWebApp } from '../http/web-app.js';
import { createServedApp, type ServedAppOptions } from '../http/served-app.js';
import { isCrossSiteRequest, ownOrigins } from '../http/cross-site.js';
import { resolveForwarded, type ForwardedRoute } from './forwarded-routes.js';
import {
  FORWARDED_CSP,
  SVG_CSP,
  describeType,
  forwardedRequestHeaders,
  forwardedResponseHeaders,
  upstreamAnswer,
  upstreamBase,
  type UpstreamBase,
} from './upstream-headers.js';

/** A forwarded request body larger than this is refused (ZAP1 bodies are a few kilobytes). */
export const PROXY_BODY_LIMIT = 1024 * 1024;
/** Names the upstream on every forwarded answer. */
export const UPSTREAM_HEADER = 'x-zap1-upstream';

export interface ProxyAppOptions extends ServedAppOptions {
  /** Base URL of the upstream ZAP1 service, without a trailing slash. */
  upstreamUrl: string;
}

/**
 * Passes a body through, failing once more than `limit` bytes have come, or when it does not end at
 * the length sent upstream (`declared`, null when none is): on a connection the upstream keeps for
 * other clients, a shorter body would let the next request be read as its end. Node's own check
 * (`strictContentLength`) throws from a piped `end()`, out of reach of any handler.
 */
export function checkedBody(limit: number, declared: number | null): Transform {
  let seen = 0;
  const mismatch = (): ApiError =>
    new ApiError(400, 'malformed_request', 'The body is not as long as its Content-Length.');
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) callback(new ApiError(413, 'payload_too_large', `The body is over ${limit} bytes.`));
      else if (declared !== null && seen > declared) callback(mismatch());
      else callback(null, chunk);
    },
    flush(callback) {
      callback(declared !== null && seen !== declared ? mismatch() : null);
    },
  });
}

function sendError(reply: FastifyReply, error: ApiError): void {
  if (reply.sent || reply.raw.headersSent) {
    // The answer was already streaming: all that is left is to cut it, so the client sees it broke.
    reply.raw.destroy();
    return;
  }
  void reply
    .code(error.statusCode)
    .headers(error.headers)
    .type('application/json; charset=utf-8')
    .send(errorBody(error));
}

interface Upstream extends UpstreamBase {
  url: string;
}

/** The upstream URL of a request, or why it is not forwarded. */
function targetOf(
  request: FastifyRequest,
  upstream: Upstream,
): { url: URL; route: ForwardedRoute; path: string } | ApiError {
  const resolution = resolveForwarded(request.method, request.url);
  if (resolution.kind === 'refuse') return resolution.error;
  // Checked again on the URL as sent: whatever the parsing, it stays under the base path.
  const url = new URL(upstream.url + resolution.path + resolution.search);
  if (url.origin !== upstream.origin || url.pathname !== upstream.basePath + resolution.path)
    return new ApiError(400, 'malformed_request', 'Only a path of the service can be forwarded.');
  return { url, route: resolution.route, path: resolution.path };
}

/** Forwards one request and streams the upstream's answer; resolves once the answer has started. */
function forward(
  request: FastifyRequest,
  reply: FastifyReply,
  upstream: Upstream,
  config: Config,
): Promise<void> {
  const upstreamUrl = upstream.url;
  const timeoutMs = config.upstreamTimeoutMs;
  const resolved = targetOf(request, upstream);
  if (resolved instanceof ApiError) {
    sendError(reply, resolved);
    return Promise.resolve();
  }
  // The upstream sees no Origin (dropped above), so an older browser that sends only Origin would
  // reach it as a script would: another site's page writing through this origin is refused here.
  if (
    request.method !== 'GET' &&
    request.method !== 'HEAD' &&
    isCrossSiteRequest({
      secFetchSite: request.headers['sec-fetch-site'],
      origin: request.headers.origin,
      ownOrigins: ownOrigins(request, config.trustProxy),
      corsOrigins: config.corsOrigins,
    })
  ) {
    sendError(
      reply,
      new ApiError(403, 'cross_site_request', 'Another site may not send this request through this app.'),
    );
    return Promise.resolve();
  }
  const { url: target } = resolved;
  const client = target.protocol === 'https:' ? https : http;
  // Undefined when Fastify read none: there was none, or it was a GET's or HEAD's (never read).
  const body = request.body as Readable | undefined;
  const declaredLength = Number(request.headers['content-length'] ?? 0);
  if (declaredLength > PROXY_BODY_LIMIT) {
    sendError(reply, new ApiError(413, 'payload_too_large', `The body is over ${PROXY_BODY_LIMIT} bytes.`));
    return Promise.resolve();
  }
  // The client as the service itself would see it: behind a front proxy, per TRUST_PROXY.
  const clientAddress = clientAddressOf(
    config.trustProxy,
    request.socket.remoteAddress ?? '',
    request.headers['x-forwarded-for'],
  );
  return new Promise<void>((resolve) => {
    let settled = false;
    let streaming = false;
    const fail = (error: ApiError): void => {
      clearTimeout(timer);
      if (!settled) {
        settled = true;
        sendError(reply, error);
        resolve();
      } else if (streaming && !reply.raw.writableEnded) reply.raw.destroy();
    };
    const upstreamRequest = client.request(
      target,
      {
        method: request.method,
        headers: forwardedRequestHeaders(request.headers, clientAddress, body !== undefined),
      },
      (response: IncomingMessage) => {
        clearTimeout(timer);
        if (settled) return response.resume();
        const status = response.statusCode ?? 502;
        const answer = upstreamAnswer(resolved.route, request.method, status, response);
        if (answer === null) {
          // Refused before a byte of it is passed on; the error answer is ours, so a reset of the
          // upstream connection that follows must not cut it.
          fail(
            new ApiError(
              502,
              'upstream_unexpected',
              `The upstream ZAP1 service at ${upstreamUrl} answered ${request.method} ${resolved.url.pathname.slice(upstream.basePath.length)} with ${describeType(response)} (HTTP ${status}), which is not a ZAP1 answer (JSON, an SVG badge or a plain-text error); it is not passed on.`,
            ),
          );
          response.destroy();
          return;
        }
        settled = true;
        streaming = true;
        // A stalled body after the headers is cut after the same wait.
        response.setTimeout(timeoutMs, () => response.destroy());
        const headers = forwardedResponseHeaders(response.headers, target, upstream);
        // The proxy's own text for the type it accepted, never the upstream's (a list, a charset).
        if (answer.contentType !== null) headers['content-type'] = answer.contentType;
        void reply
          .code(status)
          .headers(headers)
          .header(UPSTREAM_HEADER, upstreamUrl)
          // Even opened directly, a forwarded answer runs no script on this origin.
          .header('content-security-policy', answer.kind === 'svg' ? SVG_CSP : FORWARDED_CSP)
          .header('x-content-type-options', 'nosniff')
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
    if (body === undefined) {
      upstreamRequest.end();
      return;
    }
    const declared = request.headers['content-length'] === undefined ? null : declaredLength;
    const limiter = checkedBody(PROXY_BODY_LIMIT, declared);
    // A client that goes mid-body: the upstream's request is cut, not left waiting for the rest.
    body.on('error', (error) => limiter.destroy(error));
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
  const app = createServedApp(options);
  // Bodies are not parsed here: the upstream reads them as the client sent them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  app.setErrorHandler((error, _request, reply) => {
    sendError(reply, toApiError(error));
  });

  await useSecurityHeaders(app);
  await serveWebApp(app, options.staticDir ?? null, nameUpstreamInIndex(upstreamUrl));
  const upstream: Upstream = { url: upstreamUrl, ...upstreamBase(upstreamUrl) };
  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/*',
    handler: async (request, reply) => {
      await forward(request, reply, upstream, config);
      return reply;
    },
  });
  return app;
}
