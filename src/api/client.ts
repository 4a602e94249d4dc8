/**
 * The one request function of the app. Every call to the service goes through `apiRequest`: base
 * URL from settings, `Authorization` when a key is kept, a timeout, abort, a schema to parse the
 * body (no casts on wire data), and one error type.
 */
import { z } from 'zod';
import { getApiKey, getBaseUrl, isCrossOrigin, serviceName } from './settings';

/** Every failure of a request: HTTP errors, network failures, timeouts and unexpected bodies. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the service could not be reached or the request timed out. */
  readonly status: number;
  /**
   * The service's error code (`validation_failed`, …), or `network_error`, `timeout`, `bad_response`,
   * or `not_zap1` when the URL answers something that is not a ZAP1 service (an HTML page, say).
   */
  readonly code: string;
  /** Field errors of a `validation_failed` answer. */
  readonly fields: readonly { field: string; message: string }[];
  /** Seconds to wait, from `Retry-After`, when rate limited. */
  readonly retryAfterS: number | null;
  /** The error answer's body was neither JSON nor a short plain-text message (a proxy's or another site's page). */
  readonly nonJsonBody: boolean;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: readonly { field: string; message: string }[];
    retryAfterS?: number | null;
    nonJsonBody?: boolean;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? [];
    this.retryAfterS = init.retryAfterS ?? null;
    this.nonJsonBody = init.nonJsonBody ?? false;
  }

  /** Whether the service itself was not reached (wrong URL, offline, CORS, timeout). */
  get isUnreachable(): boolean {
    return this.status === 0;
  }

  /** Whether the answer suggests the service URL in Settings is wrong (nothing there, or not a ZAP1 service). */
  get pointsAtSettings(): boolean {
    return this.isUnreachable || this.code === 'not_zap1' || this.nonJsonBody;
  }
}

export interface RequestOptions<S extends z.ZodType> {
  schema: S;
  method?: 'GET' | 'POST';
  /** JSON body (sent as application/json) or text body (sent as text/plain). */
  json?: unknown;
  text?: string;
  /** Send the kept key (default: when one is kept). */
  auth?: boolean;
  /** Override the kept key, e.g. a key being tried before it is saved. */
  apiKey?: string | null;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Base URL override (tests, or checking a URL before saving it). */
  baseUrl?: string;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/**
 * Reads answer quickly or not at all: a host that never answers should say so within seconds, not
 * after a long "Loading…". Writes keep a longer budget (the service may be busy recording).
 */
export const GET_TIMEOUT_MS = 8_000;
export const WRITE_TIMEOUT_MS = 15_000;

/** The code of an answer that did not come from a ZAP1 service (HTML, or JSON of another shape on /protocol/info). */
export const NOT_ZAP1 = 'not_zap1';

const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
/** `{"error":{code,message,fields?}}` (docs/architecture.md "Contract details"); malformed field entries are dropped. */
const errorBodySchema = z.object({
  error: z.object({
    code: z.string().min(1),
    message: z.string().min(1),
    fields: z
      .array(z.unknown())
      .optional()
      .transform((list) =>
        (list ?? []).flatMap((f) => {
          const parsed = fieldErrorSchema.safeParse(f);
          return parsed.success ? [parsed.data] : [];
        }),
      ),
  }),
});

/** Whether a body looks like a web page (the app's own /app URL, a proxy's error page, …). */
function looksLikeHtml(raw: string): boolean {
  return (
    /^\s*<(!doctype|html|head|body|\?xml|!--)/i.test(raw) || /<\/?(html|body|div|p|title|h1)\b/i.test(raw)
  );
}

function notZap1Message(baseUrl: string): string {
  return `The service URL ${serviceName(baseUrl)} does not look like a ZAP1 service: it did not answer with ZAP1 JSON. Use the service's API address, not a web page (it should not end in /app).`;
}

/** Builds the absolute or same-origin URL of an API path. */
export function apiUrl(path: string, baseUrl: string = getBaseUrl()): string {
  return `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
}

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

/** Performs one request and parses the body with `schema`; throws `ApiError` on any failure. */
export async function apiRequestWithMeta<S extends z.ZodType>(
  path: string,
  options: RequestOptions<S>,
): Promise<ApiResponse<z.infer<S>>> {
  const baseUrl = options.baseUrl ?? getBaseUrl();
  const headers: Record<string, string> = { Accept: 'application/json' };
  const key =
    options.apiKey !== undefined ? options.apiKey : options.auth === false ? null : getApiKey(baseUrl);
  if (key) headers.Authorization = `Bearer ${key}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.text !== undefined) {
    headers['Content-Type'] = 'text/plain';
    body = options.text;
  }

  const timeout = new AbortController();
  const method = options.method ?? 'GET';
  const budgetMs = options.timeoutMs ?? (method === 'GET' ? GET_TIMEOUT_MS : WRITE_TIMEOUT_MS);
  const timer = setTimeout(() => timeout.abort(), budgetMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  let response: Response;
  try {
    response = await fetch(apiUrl(path, baseUrl), { method, headers, body, signal });
  } catch (cause) {
    clearTimeout(timer);
    if (options.signal?.aborted) throw cause; // the caller cancelled: let TanStack Query see the abort
    if (timeout.signal.aborted) {
      throw new ApiError({
        status: 0,
        code: 'timeout',
        message: `The service at ${serviceName(baseUrl)} did not answer within ${Math.round(budgetMs / 1000)} s.`,
      });
    }
    throw new ApiError({
      status: 0,
      code: 'network_error',
      message: isCrossOrigin(baseUrl)
        ? // The browser reports a refused cross-origin call exactly like a host that is down.
          `The service at ${baseUrl} could not be reached from this page. It may be down, or it may not allow browser calls from this site (CORS): many ZAP1 deployments answer only their own sites. To use this app with it, run the app in proxy mode (UPSTREAM_URL=${baseUrl} npm start), which serves the app and forwards the service's API from one origin.`
        : `The service at ${serviceName(baseUrl)} could not be reached. Check the service URL in Settings.`,
    });
  }
  clearTimeout(timer);

  const raw = await response.text();
  let parsed: unknown = undefined;
  let isJson = true;
  if (raw !== '') {
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = raw; // the reference service answers errors as plain text
      isJson = false;
    }
  }
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('Retry-After'));
    const jsonError = errorBodySchema.safeParse(parsed);
    // Short plain text is the reference's error wording; a web page is never shown as a message.
    const plainText =
      typeof parsed === 'string' && parsed.trim().length > 0 && parsed.length < 500 && !looksLikeHtml(parsed)
        ? parsed
        : null;
    throw new ApiError({
      status: response.status,
      code: jsonError.success ? jsonError.data.error.code : statusCode(response.status),
      message: jsonError.success
        ? jsonError.data.error.message
        : (plainText ??
          `The service answered HTTP ${response.status}${isJson ? '' : ' with a page that is not a ZAP1 answer'}.`),
      fields: jsonError.success ? jsonError.data.error.fields : [],
      retryAfterS: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      // Short plain text is the service speaking (the reference's errors): not a sign of a wrong URL.
      nonJsonBody: !isJson && plainText === null,
    });
  }
  if (!isJson) {
    throw new ApiError({ status: response.status, code: NOT_ZAP1, message: notZap1Message(baseUrl) });
  }
  const result = options.schema.safeParse(parsed);
  if (!result.success) {
    // /protocol/info is the one answer every ZAP1 service gives: a wrong shape there means a wrong URL.
    if (path === '/protocol/info') {
      throw new ApiError({ status: response.status, code: NOT_ZAP1, message: notZap1Message(baseUrl) });
    }
    throw new ApiError({
      status: response.status,
      code: 'bad_response',
      message: `The service answered ${path} with an unexpected shape: ${result.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`)
        .join('; ')}`,
    });
  }
  return { data: result.data, status: response.status, headers: response.headers };
}

/** Performs one request and returns the parsed body. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: RequestOptions<S>,
): Promise<z.infer<S>> {
  return (await apiRequestWithMeta(path, options)).data;
}
