/**
 * The headers a browser enforces for us (helmet), on every answer: the app's scripts,
 * styles, images and workers come from this origin only (no inline script: the theme script is a
 * file), no page may frame it, no MIME sniffing, no referrer sent to the block explorer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
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

type HelmetMiddleware = ReturnType<typeof helmet>;

/**
 * What helmet's middleware does to an answer, recorded once against a stand-in response: with no
 * nonces in the policy, none of it depends on the request, so every answer gets the same list.
 */
function recordHeaders(middleware: HelmetMiddleware): { set: [string, string][]; removed: string[] } {
  const set = new Map<string, string>();
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      set.set(name, String(value));
    },
    removeHeader(name: string) {
      set.delete(name);
      removed.push(name);
    },
  };
  let failure: unknown = null;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure !== null) throw failure instanceof Error ? failure : new Error(String(failure));
  return { set: [...set], removed };
}

// Built and run once: running helmet's middleware chain on every request cost a few per cent of
// each answer's time (and the Fastify plugin even parsed the policy again each time).
const { set, removed } = recordHeaders(
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // TLS ends at the operator's proxy, which is where Strict-Transport-Security belongs.
    strictTransportSecurity: false,
  }),
);

/** The headers every answer carries, for answers written below Fastify (connections.ts). */
export const SECURITY_HEADERS: readonly (readonly [string, string])[] = set;

export async function useSecurityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (_request, reply, done) => {
    // On the raw response, so answers written there directly (streams, the proxy) carry them too.
    // Removals first: whatever helmet set after removing a header is in `set` and stays.
    for (const name of removed) reply.raw.removeHeader(name);
    for (const [name, value] of set) reply.raw.setHeader(name, value);
    done();
  });
}
