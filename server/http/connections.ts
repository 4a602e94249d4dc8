/**
 * What the service does at the connection level, below Fastify's routing: how long a client may
 * take to send its request (so a trickled body or header cannot hold a connection), and the
 * answer to a request the HTTP parser itself refuses (same JSON error shape and security headers
 * as every other answer, and a request id of its own).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, badRequest, errorBody } from './errors.js';
import { SECURITY_HEADERS } from './security-headers.js';

/** The header naming each answer's request (server/app.ts sets it on every routed answer). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The headers of an error answered below Fastify: JSON, closing, with the security headers. */
function rawErrorHeaders(body: string): [string, string][] {
  return [
    ...SECURITY_HEADERS.map(([name, value]): [string, string] => [name, value]),
    [REQUEST_ID_HEADER, randomUUID()],
    ['Content-Type', 'application/json; charset=utf-8'],
    ['Content-Length', String(Buffer.byteLength(body))],
    ['Connection', 'close'],
  ];
}

/** Answers `error` on a request Node parsed but Fastify will not see, then closes the connection. */
function answerBelowFastify(response: http.ServerResponse, error: ApiError): void {
  const body = JSON.stringify(errorBody(error));
  response.writeHead(error.statusCode, rawErrorHeaders(body).flat());
  response.end(body);
}

export interface ConnectionTimeouts {
  /** The whole request (headers and body) must arrive within this; 408 otherwise. */
  requestTimeoutMs: number;
  /** The headers must arrive within this (at most requestTimeoutMs). */
  headersTimeoutMs: number;
  /** How long an idle keep-alive connection stays open between requests. */
  keepAliveTimeoutMs: number;
}

/**
 * How often Node looks for requests past their deadline. Its default (30 s) would let a slow
 * client hold a connection up to 30 s past the timeout; checking every second keeps the cut close.
 */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;

/** RFC 9112 3.2: an HTTP/1.1 request without Host is 400 (HTTP/1.0 has no such rule). */
const lacksHost = (request: http.IncomingMessage): boolean =>
  request.httpVersion === '1.1' && request.headers.host === undefined;

const MISSING_HOST = (): ApiError =>
  new ApiError(400, 'malformed_request', 'An HTTP/1.1 request must carry a Host header.');

/** A Fastify `serverFactory` for an HTTP/1.1 server with these timeouts. */
export function timedServerFactory(
  timeouts: ConnectionTimeouts,
): (handler: http.RequestListener) => http.Server {
  return (handler) => {
    const server = http.createServer(
      {
        requestTimeout: timeouts.requestTimeoutMs,
        headersTimeout: Math.min(timeouts.headersTimeoutMs, timeouts.requestTimeoutMs),
        keepAliveTimeout: timeouts.keepAliveTimeoutMs,
        connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
        // Node would answer a missing Host with an empty 400; it is answered below, in JSON.
        requireHostHeader: false,
      },
      (request, response) => {
        if (lacksHost(request)) return answerBelowFastify(response, MISSING_HOST());
        handler(request, response);
      },
    );
    // Expect is looked at before the request listener runs, so Host is checked here first too: no
    // 100 Continue invites the body of a request that is refused anyway.
    server.on('checkContinue', (request: http.IncomingMessage, response: http.ServerResponse) => {
      if (lacksHost(request)) return answerBelowFastify(response, MISSING_HOST());
      response.writeContinue();
      handler(request, response);
    });
    // Node would answer an Expect it does not know with an empty 417.
    server.on('checkExpectation', (request: http.IncomingMessage, response: http.ServerResponse) => {
      answerBelowFastify(
        response,
        lacksHost(request)
          ? MISSING_HOST()
          : new ApiError(417, 'expectation_failed', 'The only expectation served is Expect: 100-continue.'),
      );
    });
    return server;
  };
}

/** The error a request the parser refused gets, by Node's error code. */
export function clientErrorOf(code: string | undefined): ApiError {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError(408, 'request_timeout', 'The request took too long to arrive; send it again.');
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError(
        431,
        'headers_too_large',
        'The request headers are too large (at most 16 KiB in all).',
      );
    default:
      return new ApiError(400, 'malformed_request', 'The request is not valid HTTP/1.1.');
  }
}

/**
 * Fastify's `clientErrorHandler`: answers a request line or header the parser refused (or a
 * request past its deadline) with the service's JSON error body, then closes the connection.
 */
export function jsonClientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection is gone already; there is no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const apiError = clientErrorOf(error.code);
    const body = JSON.stringify(errorBody(apiError));
    const reason = http.STATUS_CODES[apiError.statusCode] ?? 'Error';
    const headers = rawErrorHeaders(body).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${apiError.statusCode} ${reason}\r\n${headers.join('')}\r\n${body}`);
  }
  socket.destroy();
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot read (bad percent-encoding, a path value
 * over the 300-character limit). No hook has run, so the security headers and the request id are
 * set here. The URL is not echoed: it may be kilobytes long.
 */
export function malformedUrlAnswer(_error: Error, request: FastifyRequest, reply: FastifyReply): void {
  for (const [name, value] of SECURITY_HEADERS) reply.raw.setHeader(name, value);
  const apiError = badRequest(
    'path',
    'The URL is malformed: bad percent-encoding, or a path value longer than 300 characters.',
  );
  void reply
    .code(400)
    .header(REQUEST_ID_HEADER, request.id)
    .type('application/json; charset=utf-8')
    .send(errorBody(apiError));
}
