/**
 * The headers a browser enforces for us (helmet), on every answer: the app's scripts,
 * styles, images and workers come from this origin only (no inline script: the theme script is a
 * file), no page may frame it, no MIME sniffing, no referrer sent to the block explorer.
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  // The file hasher compiles its SHA-256 WebAssembly; 'wasm-unsafe-eval' allows that and nothing
  // else (no eval of JavaScript).
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'"],
  // The favicon is a data: URL.
  imgSrc: ["'self'", 'data:'],
  // The app reads any ZAP1 service the user names (Settings, a receipt's service, `?service=`).
  connectSrc: ["'self'", 'https:', 'http:'],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Not upgrade-insecure-requests: a service on a private network may be plain http.
  upgradeInsecureRequests: null,
};

export async function useSecurityHeaders(app: FastifyInstance): Promise<void> {
  // Built once, here: the Fastify plugin built this middleware (parsing the policy again) on every
  // request, a few per cent of each answer's time.
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // TLS ends at the operator's proxy, which is where Strict-Transport-Security belongs.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
}
