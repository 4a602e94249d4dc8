/**
 * The one error of the client: every failed request (an HTTP error answer, a service that could not
 * be reached, an answer of the wrong shape) is a `Zap1Error` carrying what the service said.
 */
import type { FieldError } from '../protocol/validate-event.js';
import { errorBodySchema } from '../wire/errors.js';

export interface Zap1ErrorInit {
  /** HTTP status; 0 when no answer came (network failure, timeout). */
  status: number;
  code: string;
  message: string;
  fields?: readonly FieldError[];
  /** Seconds to wait before asking again (`Retry-After` of a 429). */
  retryAfter?: number | null;
  /** The error answer was neither JSON nor a short plain-text message (a proxy's or another site's page). */
  nonJsonBody?: boolean;
  cause?: unknown;
}

export class Zap1Error extends Error {
  override readonly name: string = 'Zap1Error';
  /** HTTP status; 0 when the service could not be reached or the request timed out. */
  readonly status: number;
  /**
   * The service's error code (`validation_failed`, `unauthorized`, `rate_limited`, …; docs/architecture.md
   * "Contract details"), or one of the client's own: `network_error`, `bad_response` (an answer of
   * an unexpected shape), `not_zap1` (an answer that is not ZAP1 JSON), `answer_too_large` (an
   * answer over its route's limit, not read: src/api/bounded-body.ts `ANSWER_LIMITS`),
   * `redirect_refused` (a write answered with a redirect, which is not followed, or a read sent on
   * to another origin, whose answer is not read). The client sets no timeout of
   * its own (pass an `AbortSignal`, e.g. `AbortSignal.timeout(10_000)`); the web app's requests,
   * which do time out, add `timeout`.
   */
  readonly code: string;
  /** Field errors of a `validation_failed` answer (empty otherwise). */
  readonly fields: readonly FieldError[];
  /** Seconds to wait before asking again, from `Retry-After`; null when the answer named none. */
  readonly retryAfter: number | null;
  readonly nonJsonBody: boolean;

  constructor(init: Zap1ErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? [];
    this.retryAfter = init.retryAfter ?? null;
    this.nonJsonBody = init.nonJsonBody ?? false;
  }
}

/** The code of an answer that did not come from a ZAP1 service (HTML, or JSON of another shape on /protocol/info). */
export const NOT_ZAP1 = 'not_zap1';

/** An answer's body: JSON when it parses, else the text itself (the reference answers errors as plain text). */
export interface AnswerBody {
  parsed: unknown;
  isJson: boolean;
}

export function readAnswerBody(raw: string): AnswerBody {
  if (raw === '') return { parsed: undefined, isJson: true };
  try {
    return { parsed: JSON.parse(raw), isJson: true };
  } catch {
    return { parsed: raw, isJson: false };
  }
}

/** Whether a body looks like a web page (an app's own URL, a proxy's error page, …). */
export function looksLikeHtml(raw: string): boolean {
  return (
    /^\s*<(!doctype|html|head|body|\?xml|!--)/i.test(raw) || /<\/?(html|body|div|p|title|h1)\b/i.test(raw)
  );
}

/** The code of an error answer that names none (the reference's plain-text errors). */
function statusCode(status: number): string {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  if (status === 503) return 'chain_unavailable';
  return status >= 500 ? 'internal' : 'http_error';
}

/**
 * What a non-success answer says: this service's `{"error":{code,message,fields}}`, or the
 * reference's short plain text (a web page is never taken as a message), and `Retry-After`.
 */
export function errorOfAnswer(
  status: number,
  retryAfterHeader: string | null,
  body: AnswerBody,
): Zap1ErrorInit {
  const { parsed, isJson } = body;
  const retryAfter = Number(retryAfterHeader);
  const jsonError = errorBodySchema.safeParse(parsed);
  const plainText =
    typeof parsed === 'string' && parsed.trim().length > 0 && parsed.length < 500 && !looksLikeHtml(parsed)
      ? parsed
      : null;
  return {
    status,
    code: jsonError.success ? jsonError.data.error.code : statusCode(status),
    message: jsonError.success
      ? jsonError.data.error.message
      : (plainText ??
        `The service answered HTTP ${status}${isJson ? '' : ' with a page that is not a ZAP1 answer'}.`),
    fields: jsonError.success ? jsonError.data.error.fields : [],
    retryAfter:
      retryAfterHeader !== null && Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    // Short plain text is the service speaking (the reference's errors): not a sign of a wrong URL.
    nonJsonBody: !isJson && plainText === null,
  };
}

/** An answer that parsed as JSON but not as the route's shape (the first few issues, named by path). */
export function unexpectedShape(
  status: number,
  path: string,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Zap1ErrorInit {
  const named = issues.slice(0, 3).map((i) => `${i.path.map(String).join('.') || '(body)'}: ${i.message}`);
  return {
    status,
    code: 'bad_response',
    message: `The service answered ${path} with an unexpected shape: ${named.join('; ')}`,
  };
}
