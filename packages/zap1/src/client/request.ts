/**
 * One request of the client: the key when the route takes one, a JSON or text body, the caller's
 * `AbortSignal`, the answer read up to its route's limit and parsed with its schema, redirects
 * followed only for reads and only on the service's origin, and every failure as a `Zap1Error`.
 */
import type { z } from 'zod';
import {
  RefusedAnswerError,
  answerLimit,
  readBoundedText,
  redirectMode,
  refuseRedirected,
} from './bounded-body.js';
import { NOT_ZAP1, Zap1Error, errorOfAnswer, readAnswerBody, unexpectedShape } from './errors.js';

export interface ClientOptions {
  /** The service's address, e.g. `https://zap1.example` ('' for the page's own origin in a browser). */
  baseUrl: string;
  /** A trial key or the operator key, sent as `Authorization: Bearer` to the routes that take a key. */
  apiKey?: string;
  /** Another `fetch` (tests, proxies, runtimes without a global one). */
  fetch?: typeof globalThis.fetch;
}

export interface CallOptions {
  /** Cancels the request: the promise rejects with the signal's reason (an `AbortError` by default). */
  signal?: AbortSignal;
  /**
   * Reads at most this many bytes of the answer instead of its route's limit (`ANSWER_LIMITS`, e.g.
   * 64 KB for `/protocol/info`, 64 MB for an export): for a wallet whose export is larger still.
   */
  maxAnswerBytes?: number;
}

export interface Call<S extends z.ZodType> extends CallOptions {
  schema: S;
  method?: 'GET' | 'POST' | 'DELETE';
  json?: unknown;
  text?: string;
  /** Whether the route takes the key (public reads are sent without one, so browsers need no preflight). */
  keyed?: boolean;
}

export interface Answer<T> {
  data: T;
  status: number;
  headers: Headers;
}

export type Send = <S extends z.ZodType>(path: string, call: Call<S>) => Promise<Answer<z.infer<S>>>;

/** The request function of one client. */
export function requester(options: ClientOptions): Send {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  return async (path, call) => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (call.keyed && options.apiKey) headers.Authorization = `Bearer ${options.apiKey}`;
    let body: string | undefined;
    if (call.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(call.json);
    } else if (call.text !== undefined) {
      headers['Content-Type'] = 'text/plain';
      body = call.text;
    }
    const url = `${base}${path}`;
    const method = call.method ?? 'GET';
    const from = base || 'this origin';
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers,
        redirect: redirectMode(method),
        ...(body !== undefined ? { body } : {}),
        ...(call.signal ? { signal: call.signal } : {}),
      });
    } catch (cause) {
      if (call.signal?.aborted) throw call.signal.reason ?? cause; // cancelled: not a service failure
      throw new Zap1Error({
        status: 0,
        code: 'network_error',
        message: `The service at ${from} could not be reached.`,
        cause,
      });
    }
    let answer;
    try {
      await refuseRedirected(response, { method, url, from, what: path });
      const limit =
        call.maxAnswerBytes === undefined
          ? answerLimit(path)
          : { maxBytes: call.maxAnswerBytes, why: 'maxAnswerBytes of this call says so' };
      answer = readAnswerBody(await readBoundedText(response, { ...limit, from, what: path }));
    } catch (cause) {
      if (call.signal?.aborted) throw call.signal.reason ?? cause;
      if (cause instanceof RefusedAnswerError) {
        throw new Zap1Error({ status: cause.status, code: cause.code, message: cause.message, cause });
      }
      throw new Zap1Error({
        status: 0,
        code: 'network_error',
        message: `The service at ${from} stopped answering ${path} part way through.`,
        cause,
      });
    }
    if (!response.ok) {
      throw new Zap1Error(errorOfAnswer(response.status, response.headers.get('Retry-After'), answer));
    }
    if (!answer.isJson) {
      throw new Zap1Error({
        status: response.status,
        code: NOT_ZAP1,
        message: `${base || 'This origin'} answered ${path} with something that is not JSON: is it a ZAP1 service's API address?`,
      });
    }
    const result = call.schema.safeParse(answer.parsed);
    if (!result.success) {
      throw new Zap1Error(unexpectedShape(response.status, path, result.error.issues));
    }
    return { data: result.data, status: response.status, headers: response.headers };
  };
}
