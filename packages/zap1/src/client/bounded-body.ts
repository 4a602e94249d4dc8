/**
 * Reading a service's answer without trusting its size or where it was sent: every answer the web
 * app, the `zap1` client and the command-line verifier read goes through here. A hostile or broken
 * service once took the verifier to 1.66 GB on one `/protocol/info`; now each kind of answer has a
 * stated limit, the body is read as a stream and dropped the moment it passes the limit (a
 * `Content-Length` above it is refused before reading), and a write is never sent on by a redirect.
 *
 * Web platform only (streams, `TextDecoder`, `URL`): the `zap1` package ships this file, and it runs
 * in browsers, Node 20+, Deno and workers.
 */

const KB = 1024;
const MB = 1024 * KB;

/** How much of one kind of answer is read, and why that is enough (said in the error when passed). */
export interface AnswerLimit {
  maxBytes: number;
  why: string;
}

/**
 * The limit of each kind of answer. Generous against what a ZAP1 service really sends, so a large
 * honest deployment is never cut, and small enough that a client holds at most a few copies in memory.
 */
export const ANSWER_LIMITS = {
  /** `/protocol/info`: the protocol, version, network and a list of extensions. */
  info: { maxBytes: 64 * KB, why: "a ZAP1 service's info is a few KB" },
  /** `/verify/{leaf}/…`: a bundle's path holds one hash per tree level, 64 at most (about 6 KB). */
  proof: { maxBytes: 1 * MB, why: 'a proof bundle is a few KB' },
  /** `/anchor/evidence/{txid}`: one transaction (at most a 2 MB block, in hex), its header and branch. */
  evidence: { maxBytes: 8 * MB, why: 'chain evidence is one transaction with its block header' },
  /**
   * `/anchor/history`: about 350 bytes an anchor. This service pages; a reference service lists
   * every anchor in one page, so one with more than about 20,000 anchors would pass this.
   */
  history: { maxBytes: 8 * MB, why: 'a history of 20,000 anchors is smaller' },
  /** `/lifecycle/{wallet}/export`: one proof per event of the wallet, unpaged (about 2.5 KB each). */
  export: { maxBytes: 64 * MB, why: 'an export of 25,000 events is smaller' },
  /**
   * `/events`, `/lifecycle/{wallet}`: about 600 bytes an event. This service pages them; a
   * reference service sends every event in one answer.
   */
  events: { maxBytes: 32 * MB, why: 'a list of 50,000 events is smaller' },
  /** Every other answer: a single record (a key, a status, stats, a consistency proof, …). */
  other: { maxBytes: 8 * MB, why: 'no ZAP1 answer of this kind comes near that' },
} as const satisfies Record<string, AnswerLimit>;

/** The limit of the answer to `path` (an API path, perhaps with its query), by its route. */
export function answerLimit(path: string): AnswerLimit {
  const route = path.split(/[?#]/)[0] ?? '';
  if (route === '/protocol/info') return ANSWER_LIMITS.info;
  if (route.startsWith('/verify/')) return ANSWER_LIMITS.proof;
  if (route.startsWith('/anchor/evidence/')) return ANSWER_LIMITS.evidence;
  if (route === '/anchor/history') return ANSWER_LIMITS.history;
  if (/^\/lifecycle\/[^/]+\/export$/.test(route)) return ANSWER_LIMITS.export;
  if (route === '/events' || /^\/lifecycle\/[^/]+$/.test(route)) return ANSWER_LIMITS.events;
  return ANSWER_LIMITS.other;
}

/** Which answer is read, from where, and its limit: what an error names. */
export interface AnswerRead extends AnswerLimit {
  /** The service as people know it, e.g. `https://zap1.example`. */
  from: string;
  /** The answer, e.g. `/protocol/info`. */
  what: string;
}

/**
 * An answer the reader refused: `answer_too_large` (over its limit) or `redirect_refused` (a write
 * answered with a redirect, or a read sent on to another origin). The body was not read, or not
 * past the limit, and the connection was let go.
 */
export class RefusedAnswerError extends Error {
  override readonly name = 'RefusedAnswerError';
  constructor(
    readonly code: 'answer_too_large' | 'redirect_refused',
    /** The answer's HTTP status; 0 for a browser's opaque redirect, which shows none. */
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** `n` bytes in words: "64 KB", "8 MB", "1.5 MB". */
export function sizeInWords(n: number): string {
  const [unit, size] = n >= MB ? ['MB', n / MB] : n >= KB ? ['KB', n / KB] : ['bytes', n];
  return `${Number.isInteger(size) ? size : size.toFixed(1)} ${unit}`;
}

function tooLarge(response: Response, read: AnswerRead, size: string): RefusedAnswerError {
  return new RefusedAnswerError(
    'answer_too_large',
    response.status,
    `${read.from} answered ${read.what} with ${size}; ${read.why}, so it is not read.`,
  );
}

/** Lets the connection go without reading the body (an answer judged by its status alone). */
export async function discardBody(response: Response): Promise<void> {
  // A body already read or locked has nothing left to let go; cancelling it would only throw.
  if (response.body && !response.bodyUsed && !response.body.locked) {
    await response.body.cancel().catch(() => undefined);
  }
}

/**
 * The body of `response`, at most `read.maxBytes` of it: a `Content-Length` above the limit is
 * refused before a byte is read, and a body that passes it is cancelled at once (the connection
 * closes), so memory never holds much more than the limit. Rejects with `RefusedAnswerError`, or
 * with the stream's own error (an abort, a timeout, a connection cut).
 */
export async function readBoundedBody(response: Response, read: AnswerRead): Promise<Uint8Array> {
  const declared = response.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > read.maxBytes) {
    await discardBody(response);
    throw tooLarge(
      response,
      read,
      `${sizeInWords(Number(declared))} (its Content-Length), more than ${sizeInWords(read.maxBytes)}`,
    );
  }
  const body: ReadableStream<Uint8Array> | null | undefined = response.body;
  if (body === null) return new Uint8Array(0); // 204, HEAD: no body at all
  if (body === undefined) {
    // A hand-made `fetch` whose answers carry no stream: nothing to count as it comes, so checked after.
    const whole = new Uint8Array(await response.arrayBuffer());
    if (whole.byteLength > read.maxBytes)
      throw tooLarge(response, read, `more than ${sizeInWords(read.maxBytes)}`);
    return whole;
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > read.maxBytes) {
      // Stop here: the rest is never fetched, and what was kept is dropped with the error.
      await reader.cancel().catch(() => undefined);
      throw tooLarge(response, read, `more than ${sizeInWords(read.maxBytes)}`);
    }
    chunks.push(value);
  }
  const whole = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return whole;
}

/** The body of `response` as text (UTF-8, as `response.text()` decodes it), at most `read.maxBytes`. */
export async function readBoundedText(response: Response, read: AnswerRead): Promise<string> {
  return new TextDecoder().decode(await readBoundedBody(response, read));
}

/**
 * The `redirect` mode of a request: a read follows redirects (and is then checked with
 * `refuseRedirected`), a write follows none, so its body and key never reach another address.
 * `manual` rather than `error`: the answer then says it was a redirect, where `error` fails exactly
 * like an unreachable host.
 */
export function redirectMode(method: string): 'follow' | 'manual' {
  return method === 'GET' || method === 'HEAD' ? 'follow' : 'manual';
}

/** The address of the page this runs in; undefined outside browsers (Node has no `location`). */
function pageAddress(): string | undefined {
  return (globalThis as { location?: { href?: string } }).location?.href;
}

/** `url` made absolute against `base` (else the page's address); null when there is nothing to resolve it against. */
function absolute(url: string, base: string | undefined = pageAddress()): URL | null {
  try {
    return new URL(url, base);
  } catch {
    return null;
  }
}

/**
 * Refuses (with `RefusedAnswerError`, the body let go unread) a write answered with a redirect, or
 * a read that redirects took to another origin than `request.url`'s. Browsers hide a write's
 * redirect as an opaque answer with status 0; a read's final address is `response.url`.
 */
export async function refuseRedirected(
  response: Response,
  request: { method: string; url: string; from: string; what: string },
): Promise<void> {
  const isRedirect =
    response.type === 'opaqueredirect' ||
    (response.status >= 300 && response.status < 400 && response.status !== 304);
  if (redirectMode(request.method) === 'manual' && isRedirect) {
    await discardBody(response);
    const location = response.headers.get('location');
    // Named only once parsed: a URL's own form escapes whatever a hostile Location holds.
    const target = location === null ? null : (absolute(location, absolute(request.url)?.href)?.href ?? null);
    const to = target === null ? '' : ` (HTTP ${response.status} to ${target})`;
    throw new RefusedAnswerError(
      'redirect_refused',
      response.status,
      `${request.from} answered ${request.method} ${request.what} with a redirect${to}, which is not followed for a write: nothing was sent on. Use the service's own API address.`,
    );
  }
  // A hand-made answer names no URL; a real fetch always names the final one.
  const final = response.url ? (absolute(response.url)?.origin ?? null) : null;
  const asked = absolute(request.url)?.origin ?? null;
  if (final !== null && asked !== null && final !== asked) {
    await discardBody(response);
    throw new RefusedAnswerError(
      'redirect_refused',
      response.status,
      `${request.from} sent ${request.what} on to ${final}, another origin, so its answer is not read. If that is the service you mean, use its address.`,
    );
  }
}
