/**
 * One declaration per route: its method, path, schemas and documentation are written once, and
 * both the Fastify registration and the OpenAPI entry come from it, so /openapi.json cannot drift
 * from what the route really parses. Path and query values are parsed with the route's schemas
 * before the handler runs (a mismatch is 400 `validation_failed` naming each field).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput } from './context.js';
import type { RouteDoc } from './openapi.js';

/** The schema of a route without path or query parameters. */
const NO_PARAMETERS = z.object({}).strip();
type NoParameters = typeof NO_PARAMETERS;

export interface RouteInput<P, Q> {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The path parameters, parsed with the route's `params` schema. */
  params: P;
  /** The query, parsed with the route's `query` schema. */
  query: Q;
}

export interface RouteDefinition<P extends z.ZodObject, Q extends z.ZodObject> extends Omit<
  RouteDoc,
  'params' | 'query' | 'method'
> {
  method: RouteDoc['method'];
  params?: P;
  query?: Q;
  /** The body arrives as raw bytes (a Buffer) whatever its content type, and the handler decides what it is. */
  rawBody?: boolean;
  /**
   * Checks the caller before anything of the request is read (throws the 401 or 403): run as the
   * route's onRequest hook, before its body is parsed too, so that an operator route tells a caller
   * without the key nothing about what it would take.
   */
  authorize?(request: FastifyRequest): Promise<void>;
  /** Returns the body to send, or the reply once it has sent one. */
  handler(input: RouteInput<z.output<P>, z.output<Q>>): Promise<unknown>;
}

/** Registers `definition` on `app` and adds its documentation to `docs`. */
export function defineRoute<P extends z.ZodObject = NoParameters, Q extends z.ZodObject = NoParameters>(
  app: FastifyInstance,
  docs: RouteDoc[],
  definition: RouteDefinition<P, Q>,
): void;
export function defineRoute(
  app: FastifyInstance,
  docs: RouteDoc[],
  definition: RouteDefinition<z.ZodObject, z.ZodObject>,
): void {
  const { handler, params, query, rawBody, authorize, ...doc } = definition;
  docs.push({ ...doc, ...(params ? { params } : {}), ...(query ? { query } : {}) });
  const register = (target: FastifyInstance): void => {
    const method = definition.method.toUpperCase();
    target.route({
      // HEAD is declared with GET rather than left to Fastify's automatic HEAD route, which the
      // compression plugin never sees: a HEAD then answered another length, without
      // Content-Encoding or Vary. Node sends no body for HEAD.
      method: method === 'GET' ? ['GET', 'HEAD'] : method,
      // OpenAPI writes `/verify/{leaf}/check`; Fastify `/verify/:leaf/check`.
      url: definition.path.replace(/\{(\w+)\}/g, ':$1'),
      ...(authorize
        ? {
            onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
              try {
                await authorize(request);
              } catch (error) {
                // Refused before its body is read: the connection ends, rather than read it all.
                reply.header('connection', 'close');
                throw error;
              }
            },
          }
        : {}),
      handler: async (request, reply) =>
        handler({
          request,
          reply,
          params: parseInput(params ?? NO_PARAMETERS, request.params, 'path'),
          query: parseInput(query ?? NO_PARAMETERS, request.query),
        }),
    });
  };
  if (!rawBody) return register(app);
  // Its own plugin scope, so only this route trades the JSON parser for the raw bytes.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    register(scope);
  });
}

/** `defineRoute` bound to one app and one document, as route modules receive it. */
export type RouteRegistrar = <P extends z.ZodObject = NoParameters, Q extends z.ZodObject = NoParameters>(
  definition: RouteDefinition<P, Q>,
) => void;

export function routeRegistrar(app: FastifyInstance, docs: RouteDoc[]): RouteRegistrar {
  return (definition) => defineRoute(app, docs, definition);
}
