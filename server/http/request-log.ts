/**
 * What the service's log holds of a request (README "What is logged"): its method and path, never
 * its query string, headers, body or the client's address. Shared by the service and proxy mode.
 */
import type { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';

/** Whether requests are logged: every one, only the 5xx answers, or nothing. */
export type RequestLogging = 'requests' | 'errors' | 'off';

/** A request URL's path: its query string is the client's and has no place in the operator's log. */
export const pathOf = (url: string): string => url.split('?')[0] ?? '';

/** Fastify's logger for `log`: request lines carry method and path only (its default also logs the query, Host and address). */
export function loggerOptions(log: RequestLogging, stream?: Writable): FastifyServerOptions['logger'] {
  if (log === 'off') return false;
  return {
    level: log === 'requests' ? 'info' : 'error',
    serializers: { req: (request) => ({ method: request.method, url: pathOf(request.url) }) },
    ...(stream ? { stream } : {}),
  };
}
