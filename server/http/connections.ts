/**
 * What the service does at the connection level, below Fastify's routing: how long a client may
 * take to send its request (so a trickled body or header cannot hold a connection), and the
 * answer to a request the HTTP parser itself refuses (same JSON error shape as every other error).
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import { ApiError, errorBody } from './errors.js';

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
      },
      handler,
    );
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
    socket.write(
      `HTTP/1.1 ${apiError.statusCode} ${reason}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}
