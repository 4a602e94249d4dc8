/**
 * Serves the built web app under /app/ (when the build exists): its files, the page addresses the
 * app's router handles (falling back to index.html), `/` redirecting there, and a JSON 404 for
 * everything else. `transformIndex` rewrites index.html once at start (proxy mode names its
 * upstream there).
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ApiError, errorBody } from './errors.js';
import { pathOf } from './request-log.js';

/**
 * The methods a 405 may name. OPTIONS is left out: where CORS origins are configured, preflight
 * answers it on every path; elsewhere an OPTIONS request gets the 405 of the methods that exist.
 */
const ALLOWABLE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Built assets carry their content hash in the name and never change; anything else is revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

function cacheControlFor(filePath: string): string {
  return filePath.split(path.sep).includes('assets') ? IMMUTABLE : REVALIDATE;
}

export async function serveWebApp(
  app: FastifyInstance,
  staticDir: string | null,
  transformIndex?: (html: string) => string,
): Promise<void> {
  const root = staticDir === null ? null : path.resolve(staticDir);
  const indexFile = root === null ? null : path.join(root, 'index.html');
  const serveApp = indexFile !== null && fs.existsSync(indexFile);
  const indexHtml =
    indexFile !== null && serveApp && transformIndex
      ? transformIndex(fs.readFileSync(indexFile, 'utf8'))
      : null;
  if (root !== null && serveApp) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/app/',
      // A rewritten index is served from memory, never the file as built.
      index: indexHtml === null ? ['index.html'] : false,
      // Source maps are built for local debugging only; they are not served.
      allowedPath: (pathName) =>
        !pathName.endsWith('.map') && !(indexHtml !== null && pathName.endsWith('/index.html')),
      cacheControl: false,
      setHeaders: (res, filePath) => res.setHeader('cache-control', cacheControlFor(filePath)),
    });
    if (indexHtml !== null) {
      app.get('/app/', async (_request, reply) =>
        reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).send(indexHtml),
      );
    }
    app.get('/', async (_request, reply) => reply.redirect('/app/'));
    app.get('/app', async (_request, reply) => reply.redirect('/app/'));
  }

  app.setNotFoundHandler((request, reply) => {
    const url = pathOf(request.url);
    // Only page paths under /app/ fall back to the SPA; a missing asset stays a 404.
    if (serveApp && request.method === 'GET' && url.startsWith('/app/') && !url.startsWith('/app/assets/')) {
      void reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE);
      return indexHtml === null ? reply.sendFile('index.html') : reply.send(indexHtml);
    }
    // A path that exists for other methods is a 405 naming them (as the reference answers), not a 404.
    // (A route of this very method that found nothing, such as a missing asset, stays a 404.)
    const allow = ALLOWABLE_METHODS.filter((method) => app.findRoute({ method, url }) !== null);
    if (allow.length > 0 && !allow.some((method) => method === request.method)) {
      const refusal = new ApiError(
        405,
        'method_not_allowed',
        `${url} answers ${allow.join(', ')}, not ${request.method}.`,
        undefined,
        { allow: allow.join(', ') },
      );
      return reply
        .code(405)
        .headers(refusal.headers)
        .type('application/json; charset=utf-8')
        .send(errorBody(refusal));
    }
    const body = errorBody(new ApiError(404, 'not_found', `No route ${request.method} ${url}.`));
    return reply.code(404).type('application/json; charset=utf-8').send(body);
  });
}
