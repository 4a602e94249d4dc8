/**
 * The one request function of the app. Every call to the service goes through `apiRequest`: base
 * URL from settings, `Authorization` when a key is kept, a timeout, abort, a schema to parse the
 * body (no casts on wire data), and one error type.
 */
import type { z } from 'zod';
import { getApiKey, getBaseUrl } from './settings';

/** Every failure of a request: HTTP errors, network failures, timeouts and unexpected bodies. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the service could not be reached or the request timed out. */
  readonly status: number;
  /** The service's error code (`validation_failed`, …), or `network_error`, `timeout`, `bad_response`. */
  readonly code: string;
  /** Field errors of a `validation_failed` answer. */
  readonly fields: readonly { field: string; message: string }[];
  /** Seconds to wait, from `Retry-After`, when rate limited. */
  readonly retryAfterS: number | null;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: readonly { field: string; message: string }[];
    retryAfterS?: number | null;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? [];
    this.retryAfterS = init.retryAfterS ?? null;
  }

  /** Whether the service itself was not reached (wrong URL, offline, CORS, timeout). */
  get isUnreachable(): boolean {
    return this.status === 0;
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

const DEFAULT_TIMEOUT_MS = 15_000;

const errorBodySchema = {
  parse(body: unknown): { code: string; message: string; fields: { field: string; message: string }[] } | null {
    if (typeof body !== 'object' || body === null || !('error' in body)) return null;
    const error = body.error;
    if (typeof error !== 'object' || error === null) return null;
    const code = 'code' in error && typeof error.code === 'string' ? error.code : null;
    const message = 'message' in error && typeof error.message === 'string' ? error.message : null;
    if (!code || !message) return null;
    const fields: { field: string; message: string }[] = [];
    if ('fields' in error && Array.isArray(error.fields)) {
      for (const f of error.fields as unknown[]) {
        if (typeof f === 'object' && f !== null && 'field' in f && 'message' in f) {
          if (typeof f.field === 'string' && typeof f.message === 'string') fields.push({ field: f.field, message: f.message });
        }
      }
    }
    return { code, message, fields };
  },
};

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
  const key = options.apiKey !== undefined ? options.apiKey : options.auth === false ? null : getApiKey(baseUrl);
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
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  let response: Response;
  try {
    response = await fetch(apiUrl(path, baseUrl), { method: options.method ?? 'GET', headers, body, signal });
  } catch (cause) {
    clearTimeout(timer);
    if (options.signal?.aborted) throw cause; // the caller cancelled: let TanStack Query see the abort
    if (timeout.signal.aborted) {
      throw new ApiError({ status: 0, code: 'timeout', message: 'The service did not answer in time.' });
    }
    throw new ApiError({
      status: 0,
      code: 'network_error',
      message: `The service at ${baseUrl || 'this site'} could not be reached. Check the service URL in Settings.`,
    });
  }
  clearTimeout(timer);

  const raw = await response.text();
  let parsed: unknown = undefined;
  if (raw !== '') {
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = raw; // the reference service answers errors as plain text
    }
  }
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('Retry-After'));
    const jsonError = errorBodySchema.parse(parsed);
    throw new ApiError({
      status: response.status,
      code: jsonError?.code ?? statusCode(response.status),
      message:
        jsonError?.message ??
        (typeof parsed === 'string' && parsed.length > 0 && parsed.length < 500 ? parsed : `The service answered HTTP ${response.status}.`),
      fields: jsonError?.fields ?? [],
      retryAfterS: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    });
  }
  const result = options.schema.safeParse(parsed);
  if (!result.success) {
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
export async function apiRequest<S extends z.ZodType>(path: string, options: RequestOptions<S>): Promise<z.infer<S>> {
  return (await apiRequestWithMeta(path, options)).data;
}
