/**
 * The one request function of the app. Every call to the service goes through `apiRequest`: base
 * URL from settings, `Authorization` when a key is kept, a timeout (over the whole answer, body
 * included), abort, the body read up to its route's limit (bounded-body.ts), redirects followed
 * only for reads and only on the service's origin, a schema to parse the body (no casts on wire
 * data), and one error type.
 */
import type { z } from 'zod';
import {
  NOT_ZAP1,
  Zap1Error,
  errorOfAnswer,
  readAnswerBody,
  unexpectedShape,
  type Zap1ErrorInit,
} from 'zap1';
import { RefusedAnswerError, answerLimit, readBoundedText, redirectMode, refuseRedirected } from 'zap1';
import { getApiKey, getBaseUrl, isCrossOrigin, serviceName } from './settings';

export { NOT_ZAP1 };

/**
 * Every failure of a request: HTTP errors, network failures, timeouts and unexpected bodies. The
 * zap1 client's error (the same answer read the same way), with what the app's pages ask of it.
 */
export class ApiError extends Zap1Error {
  override readonly name = 'ApiError';
  /** Seconds to wait, from `Retry-After`, when rate limited (`retryAfter`, under the app's name). */
  readonly retryAfterS: number | null;

  constructor(init: Omit<Zap1ErrorInit, 'retryAfter'> & { retryAfterS?: number | null }) {
    const { retryAfterS, ...rest } = init;
    super({ ...rest, retryAfter: retryAfterS ?? null });
    this.retryAfterS = this.retryAfter;
  }

  /** Whether the service itself was not reached (wrong URL, offline, CORS, timeout). */
  get isUnreachable(): boolean {
    return this.status === 0;
  }

  /** Whether the answer suggests the service URL in Settings is wrong (nothing there, or not a ZAP1 service). */
  get pointsAtSettings(): boolean {
    // A redirect refused: the service lives at another address (often http:// sent on to https://).
    return (
      this.isUnreachable || this.code === 'not_zap1' || this.code === 'redirect_refused' || this.nonJsonBody
    );
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

function notZap1Message(baseUrl: string): string {
  return `The service URL ${serviceName(baseUrl)} does not look like a ZAP1 service: it did not answer with ZAP1 JSON. Use the service's API address, not a web page (it should not end in /app).`;
}

/** Builds the absolute or same-origin URL of an API path. */
export function apiUrl(path: string, baseUrl: string = getBaseUrl()): string {
  return `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
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
  const url = apiUrl(path, baseUrl);
  const timedOut = () =>
    new ApiError({
      status: 0,
      code: 'timeout',
      message: `The service at ${serviceName(baseUrl)} did not answer within ${Math.round(budgetMs / 1000)} s.`,
    });
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal, redirect: redirectMode(method) });
  } catch (cause) {
    clearTimeout(timer);
    if (options.signal?.aborted) throw cause; // the caller cancelled: let TanStack Query see the abort
    if (timeout.signal.aborted) throw timedOut();
    throw new ApiError({
      status: 0,
      code: 'network_error',
      message: isCrossOrigin(baseUrl)
        ? // The browser reports a refused cross-origin call exactly like a host that is down.
          `The service at ${baseUrl} could not be reached from this page. It may be down, or it may not allow browser calls from this site (CORS): many ZAP1 deployments answer only their own sites. To use this app with it, run the app in proxy mode (UPSTREAM_URL=${baseUrl} npm start), which serves the app and forwards the service's API from one origin.`
        : `The service at ${serviceName(baseUrl)} could not be reached. Check the service URL in Settings.`,
    });
  }

  let text: string;
  try {
    // The timer runs on while the body comes: a service that answers its headers and then drips
    // its body is as stuck as one that never answers.
    await refuseRedirected(response, { method, url, from: serviceName(baseUrl), what: path });
    const limit = answerLimit(path);
    text = await readBoundedText(response, { ...limit, from: serviceName(baseUrl), what: path });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    if (cause instanceof RefusedAnswerError) {
      throw new ApiError({ status: cause.status, code: cause.code, message: cause.message });
    }
    if (timeout.signal.aborted) throw timedOut();
    throw new ApiError({
      status: 0,
      code: 'network_error',
      message: `The service at ${serviceName(baseUrl)} stopped answering ${path} part way through.`,
    });
  } finally {
    clearTimeout(timer);
  }
  const { parsed, isJson } = readAnswerBody(text);
  if (!response.ok) {
    const { retryAfter, ...answer } = errorOfAnswer(response.status, response.headers.get('Retry-After'), {
      parsed,
      isJson,
    });
    throw new ApiError({ ...answer, retryAfterS: retryAfter ?? null });
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
    throw new ApiError(unexpectedShape(response.status, path, result.error.issues));
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
